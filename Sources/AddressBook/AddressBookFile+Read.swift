import Container
#if canImport(Glibc)
import Glibc
#endif

extension AddressBookFile {
    /// The file at `path`, read (at most `sizeLimit`) and parsed; its errors name the file.
    public static func read(_ path: String) throws -> Parsed {
        let bytes: [UInt8]
        do {
            bytes = try FileSystem.readFile(path, limit: sizeLimit, followLinks: true)
        } catch let error as SystemError where error.code == EOVERFLOW {
            throw Invalid("\(path): larger than \(sizeLimit >> 20) MiB")
        }
        do {
            return try parse(bytes)
        } catch let invalid as Invalid {
            throw Invalid("\(path): \(invalid.description)")
        }
    }
}

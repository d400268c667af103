import Container

/// A chat's profile photo as `main peer-photo` takes it: a PNG file of at most 8 MiB.
public enum PeerPhotoFile {
    public static let sizeLimit = 8 << 20
    static let pngSignature: [UInt8] = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]

    public static func read(_ path: String) throws -> [UInt8] {
        let bytes = try FileSystem.readFile(path, limit: sizeLimit, followLinks: true)
        guard bytes.starts(with: pngSignature) else { throw OperationFailure(.invalidInput, "\(path) is not a PNG file") }
        return bytes
    }
}

import Cryptography
import Formats
import FoundationEssentials

/// A request or ack on disk: "TGRQ", a version byte, then the JSON sealed with AES-256-GCM under a
/// key derived from the device key for requests alone. The additional data binds it to its id and
/// role, so a request file copied under another id, or an ack passed off as a request, fails to open.
public struct RequestCodec {
    static let magic: [UInt8] = Array("TGRQ".utf8)
    static let version: UInt8 = 1
    /// A request is a few KiB of JSON; attachments are separate files.
    public static let sizeLimit = 256 * 1024

    public struct Invalid: Error, CustomStringConvertible {
        public let description: String
    }

    private let sealer: ValueSealer

    public init(deviceKey: DeviceKey) {
        sealer = ValueSealer(key: KeyDerivation.key(for: "requests", from: deviceKey))
    }

    public func encode<T: Encodable>(_ value: T, role: String, id: String) throws -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let json = Array(try encoder.encode(value))
        return RequestCodec.magic + [RequestCodec.version] + sealer.seal(json, additionalData: Array("\(role)/\(id)".utf8))
    }

    public func decode<T: Decodable>(_ type: T.Type, from bytes: [UInt8], role: String, id: String) throws -> T {
        guard bytes.count > 5, Array(bytes[0..<4]) == RequestCodec.magic else { throw Invalid(description: "not a request file") }
        guard bytes[4] == RequestCodec.version else { throw Invalid(description: "request format version \(bytes[4]) is not \(RequestCodec.version)") }
        let json: [UInt8]
        do {
            json = try sealer.open(Array(bytes[5...]), additionalData: Array("\(role)/\(id)".utf8))
        } catch {
            throw Invalid(description: "cannot be opened with this device's key (foreign, tampered or renamed)")
        }
        do {
            return try JSONDecoder().decode(type, from: Data(json))
        } catch {
            throw Invalid(description: "its content is not a \(T.self)")
        }
    }
}

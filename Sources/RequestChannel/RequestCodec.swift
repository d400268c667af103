import Cryptography
import Formats

/// A request or ack on disk: SealedJSON with the magic "TGRQ" under the key for requests. The
/// additional data binds it to its id and role, so a request file copied under another id, or an
/// ack passed off as a request, fails to open.
public struct RequestCodec {
    /// A request is a few KiB of JSON; attachments are separate files.
    public static let sizeLimit = 256 * 1024

    private let sealed: SealedJSON

    public init(deviceKey: DeviceKey) {
        sealed = SealedJSON(deviceKey: deviceKey, purpose: "requests", magic: "TGRQ")
    }

    public func encode<T: Encodable>(_ value: T, role: String, id: String) throws -> [UInt8] {
        try sealed.encode(value, context: "\(role)/\(id)")
    }

    public func decode<T: Decodable>(_ type: T.Type, from bytes: [UInt8], role: String, id: String) throws -> T {
        try sealed.decode(type, from: bytes, context: "\(role)/\(id)")
    }
}

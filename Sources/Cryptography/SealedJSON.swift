import Container
import FoundationEssentials

/// A small shared file whose JSON holds content (a request, widget data): a 4-byte magic, a
/// version byte, then AES-256-GCM under a key derived from the device key for this purpose alone.
/// The additional data names the file's role, so one kind of file cannot pass for another.
public struct SealedJSON {
    public static let version: UInt8 = 1

    public struct Invalid: Error, CustomStringConvertible {
        public let description: String
    }

    private let magic: [UInt8]
    private let sealer: ValueSealer

    /// `magic` is 4 ASCII bytes; `purpose` names the derived key.
    public init(deviceKey: DeviceKey, purpose: String, magic: String) {
        precondition(magic.utf8.count == 4, "the magic is 4 bytes")
        self.magic = Array(magic.utf8)
        sealer = ValueSealer(key: KeyDerivation.key(for: purpose, from: deviceKey))
    }

    public func encode<T: Encodable>(_ value: T, context: String) throws -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return magic + [SealedJSON.version] + sealer.seal(Array(try encoder.encode(value)), additionalData: Array(context.utf8))
    }

    public func decode<T: Decodable>(_ type: T.Type, from bytes: [UInt8], context: String) throws -> T {
        guard bytes.count > 5, Array(bytes[0..<4]) == magic else { throw Invalid(description: "not a \(String(decoding: magic, as: UTF8.self)) file") }
        guard bytes[4] == SealedJSON.version else { throw Invalid(description: "format version \(bytes[4]) is not \(SealedJSON.version)") }
        let json: [UInt8]
        do {
            json = try sealer.open(Array(bytes[5...]), additionalData: Array(context.utf8))
        } catch {
            throw Invalid(description: "cannot be opened with this device's key (foreign, tampered or renamed)")
        }
        do {
            return try StrictJSON.decode(type, from: json)
        } catch {
            throw Invalid(description: "its content is not a \(T.self)")
        }
    }
}

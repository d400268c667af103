/// Telegram's push payload encryption (TelegramCore `decryptedNotificationPayload`; MTProto 2.0
/// with x = 8, the server-to-client direction). The payload is
/// keyId(8) ‖ msgKey(16) ‖ AES-256-IGE(ciphertext); the plaintext is an Int32 little-endian length,
/// the JSON, then random padding. The key is the account's 256-byte notification secret; its key
/// id is SHA-1(secret)[12..<20], which lets the receiver pick the account before decrypting.
public struct NotificationPayloadCipher: Sendable {
    public static let secretSize = MTProtoEnvelope.authKeySize
    public static let keyIdSize = MTProtoEnvelope.keyIdSize
    public static let msgKeySize = MTProtoEnvelope.msgKeySize
    public static let headerSize = MTProtoEnvelope.headerSize
    /// MTProto 2.0 bounds on padding; the encoder draws a length in this range.
    public static let minimumPadding = MTProtoEnvelope.minimumPadding
    public static let maximumPadding = MTProtoEnvelope.maximumPadding

    public enum Failure: Error, Equatable, CustomStringConvertible {
        case wrongSecretSize(Int)
        case tooShort(Int)
        case unknownKeyId
        case misalignedCiphertext(Int)
        case msgKeyMismatch
        case badLengthPrefix(Int32, available: Int)
        /// MTProto 2.0 pads with 12 to 1024 bytes; anything else was not made by a conforming sender.
        case badPadding(Int)

        public var description: String {
            switch self {
            case .wrongSecretSize(let n): return "notification secret must be 256 bytes, got \(n)"
            case .tooShort(let n): return "payload too short (\(n) bytes; a header is 24 and a block 16)"
            case .unknownKeyId: return "payload key id does not match this account's notification secret"
            case .misalignedCiphertext(let n): return "ciphertext is \(n) bytes, not a multiple of 16"
            case .msgKeyMismatch: return "msgKey does not match the decrypted payload (tampered or wrong key)"
            case .badLengthPrefix(let len, let available): return "length prefix \(len) is outside 0...\(available)"
            case .badPadding(let n): return "padding is \(n) bytes; MTProto 2.0 requires \(NotificationPayloadCipher.minimumPadding)...\(NotificationPayloadCipher.maximumPadding)"
            }
        }

        /// A short machine-readable name for reports.
        public var code: String {
            switch self {
            case .wrongSecretSize: return "wrongSecretSize"
            case .tooShort: return "truncated"
            case .unknownKeyId: return "unknownKeyId"
            case .misalignedCiphertext: return "misalignedCiphertext"
            case .msgKeyMismatch: return "msgKeyMismatch"
            case .badLengthPrefix: return "badLengthPrefix"
            case .badPadding: return "badPadding"
            }
        }
    }

    public let secret: [UInt8]
    public let keyId: [UInt8]

    public init(secret: [UInt8]) throws(Failure) {
        guard secret.count == NotificationPayloadCipher.secretSize else { throw .wrongSecretSize(secret.count) }
        self.secret = secret
        keyId = NotificationPayloadCipher.keyId(ofSecret: secret)
    }

    public static func keyId(ofSecret secret: [UInt8]) -> [UInt8] {
        MTProtoEnvelope.keyId(ofAuthKey: secret)
    }

    /// The key id a payload names, or nil when it is too short to name one.
    public static func keyId(ofPayload data: [UInt8]) -> [UInt8]? {
        data.count >= keyIdSize ? Array(data[0..<keyIdSize]) : nil
    }

    /// Decrypts and verifies a payload (MTProtoEnvelope, server to client). Nothing of the
    /// plaintext is returned unless msgKey, which covers the whole decrypted buffer, matches.
    public func decrypt(_ data: [UInt8]) throws(Failure) -> [UInt8] {
        let plaintext: [UInt8]
        do throws(MTProtoEnvelope.Failure) {
            plaintext = try MTProtoEnvelope.open(data, authKey: secret, keyId: keyId, direction: .serverToClient)
        } catch {
            switch error {
            case .tooShort(let n): throw .tooShort(n)
            case .unknownKeyId: throw .unknownKeyId
            case .misalignedCiphertext(let n): throw .misalignedCiphertext(n)
            case .msgKeyMismatch: throw .msgKeyMismatch
            }
        }
        let length = Int32(littleEndian: plaintext.withUnsafeBytes { $0.loadUnaligned(as: Int32.self) })
        let available = plaintext.count - 4
        guard length >= 0, Int(length) <= available else { throw .badLengthPrefix(length, available: available) }
        let padding = available - Int(length)
        guard (NotificationPayloadCipher.minimumPadding ... NotificationPayloadCipher.maximumPadding).contains(padding) else {
            throw .badPadding(padding)
        }
        return Array(plaintext[4..<(4 + Int(length))])
    }

    /// Encrypts as the push server does. `padding` is for test vectors; by default it is random,
    /// 12 to 75 bytes (within MTProto's 12...1024), bringing the plaintext to a multiple of 16.
    public func encrypt(_ message: [UInt8], padding: [UInt8]? = nil) -> [UInt8] {
        var plaintext = [UInt8]()
        plaintext.reserveCapacity(4 + message.count + 64)
        withUnsafeBytes(of: Int32(message.count).littleEndian) { plaintext.append(contentsOf: $0) }
        plaintext.append(contentsOf: message)
        plaintext.append(contentsOf: padding ?? MTProtoEnvelope.randomPadding(after: plaintext.count))
        return MTProtoEnvelope.seal(plaintext, authKey: secret, keyId: keyId, direction: .serverToClient)
    }
}

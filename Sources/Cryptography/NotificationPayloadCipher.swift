/// Telegram's push payload encryption (TelegramCore `decryptedNotificationPayload`; MTProto 2.0
/// with x = 8, the server-to-client direction). The payload is
/// keyId(8) ‖ msgKey(16) ‖ AES-256-IGE(ciphertext); the plaintext is an Int32 little-endian length,
/// the JSON, then random padding. The key is the account's 256-byte notification secret; its key
/// id is SHA-1(secret)[12..<20], which lets the receiver pick the account before decrypting.
public struct NotificationPayloadCipher: Sendable {
    public static let secretSize = 256
    public static let keyIdSize = 8
    public static let msgKeySize = 16
    public static let headerSize = keyIdSize + msgKeySize
    /// MTProto 2.0 bounds on padding; the encoder draws a length in this range.
    public static let minimumPadding = 12
    public static let maximumPadding = 1024

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
        Array(Digest.sha1(secret)[12..<20])
    }

    /// The key id a payload names, or nil when it is too short to name one.
    public static func keyId(ofPayload data: [UInt8]) -> [UInt8]? {
        data.count >= keyIdSize ? Array(data[0..<keyIdSize]) : nil
    }

    /// MTProto 2.0 key derivation, x = 8.
    func keyAndIv(msgKey: ArraySlice<UInt8>) -> (key: [UInt8], iv: [UInt8]) {
        let a = Digest.sha256(Array(msgKey) + secret[8..<44])
        let b = Digest.sha256(Array(secret[48..<84]) + msgKey)
        let key = Array(a[0..<8]) + b[8..<24] + a[24..<32]
        let iv = Array(b[0..<8]) + a[8..<24] + b[24..<32]
        return (key, iv)
    }

    func msgKey(plaintext: [UInt8]) -> [UInt8] {
        Array(Digest.sha256(Array(secret[96..<128]) + plaintext)[8..<24])
    }

    /// Decrypts and verifies a payload. Nothing of the plaintext is returned unless msgKey, which
    /// covers the whole decrypted buffer, matches.
    public func decrypt(_ data: [UInt8]) throws(Failure) -> [UInt8] {
        guard data.count >= NotificationPayloadCipher.headerSize + AESIGE.blockSize else { throw .tooShort(data.count) }
        guard NotificationPayloadCipher.keyId(ofPayload: data) == keyId else { throw .unknownKeyId }
        let msgKey = data[NotificationPayloadCipher.keyIdSize..<NotificationPayloadCipher.headerSize]
        let ciphertext = Array(data[NotificationPayloadCipher.headerSize...])
        guard ciphertext.count % AESIGE.blockSize == 0 else { throw .misalignedCiphertext(ciphertext.count) }
        let (key, iv) = keyAndIv(msgKey: msgKey)
        // Key, iv and alignment were all checked above, so AES-IGE cannot fail here.
        let plaintext = try! AESIGE.decrypt(ciphertext, key: key, iv: iv)
        guard KeyDerivation.constantTimeEquals(self.msgKey(plaintext: plaintext), Array(msgKey)) else { throw .msgKeyMismatch }
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
        plaintext.append(contentsOf: padding ?? NotificationPayloadCipher.randomPadding(after: plaintext.count))
        precondition(plaintext.count % AESIGE.blockSize == 0, "padding must bring the plaintext to a multiple of 16")
        let msgKey = self.msgKey(plaintext: plaintext)
        let (key, iv) = keyAndIv(msgKey: msgKey[...])
        // Key and iv are 32 bytes and the length is aligned: AES-IGE cannot fail here.
        let ciphertext = try! AESIGE.encrypt(plaintext, key: key, iv: iv)
        return keyId + msgKey + ciphertext
    }

    static func randomPadding(after count: Int) -> [UInt8] {
        let extraBlocks = Int(SecureRandom.bytes(1)[0] % 4)
        var length = minimumPadding + extraBlocks * AESIGE.blockSize
        length += (AESIGE.blockSize - (count + length) % AESIGE.blockSize) % AESIGE.blockSize
        return SecureRandom.bytes(length)
    }
}

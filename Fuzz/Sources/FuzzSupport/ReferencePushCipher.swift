import Cryptography

/// MTProto 2.0's push encryption (x = 8, server to client) written out from the specification,
/// independently of `NotificationPayloadCipher`, so the shipped cipher can be checked against it:
/// a push server (or a forger holding the secret) can seal any plaintext, including ones whose
/// length prefix or padding the specification forbids.
public struct ReferencePushCipher {
    /// MTProto 2.0: 12 to 1024 bytes of padding after the length-prefixed message.
    public static let paddingRange = 12...1024

    public let secret: [UInt8]

    public init(secret: [UInt8]) { self.secret = secret }

    public var keyId: [UInt8] { Array(Digest.sha1(secret)[12..<20]) }

    func msgKey(_ plaintext: [UInt8]) -> [UInt8] {
        Array(Digest.sha256(Array(secret[96..<128]) + plaintext)[8..<24])
    }

    func keyAndIv(_ msgKey: [UInt8]) -> (key: [UInt8], iv: [UInt8]) {
        let a = Digest.sha256(msgKey + secret[8..<44])
        let b = Digest.sha256(Array(secret[48..<84]) + msgKey)
        return (Array(a[0..<8] + b[8..<24] + a[24..<32]), Array(b[0..<8] + a[8..<24] + b[24..<32]))
    }

    /// keyId ‖ msgKey ‖ AES-256-IGE(plaintext). The plaintext must be whole 16-byte blocks.
    public func seal(plaintext: [UInt8]) -> [UInt8] {
        precondition(!plaintext.isEmpty && plaintext.count % 16 == 0)
        let msgKey = msgKey(plaintext)
        let (key, iv) = keyAndIv(msgKey)
        return keyId + msgKey + (try! AESIGE.encrypt(plaintext, key: key, iv: iv))
    }

    /// The verified plaintext, or nil: wrong key id, not whole blocks, or msgKey mismatch.
    public func open(_ payload: [UInt8]) -> [UInt8]? {
        guard payload.count >= 24 + 16, (payload.count - 24) % 16 == 0, Array(payload[0..<8]) == keyId else { return nil }
        let msgKey = Array(payload[8..<24])
        let (key, iv) = keyAndIv(msgKey)
        let plaintext = try! AESIGE.decrypt(Array(payload[24...]), key: key, iv: iv)
        return self.msgKey(plaintext) == msgKey ? plaintext : nil
    }

    /// The message a plaintext carries: Int32 little-endian length, the message, then 12...1024
    /// bytes of padding. nil when the plaintext breaks any of that.
    public static func message(ofPlaintext plaintext: [UInt8]) -> [UInt8]? {
        guard plaintext.count >= 4 else { return nil }
        let length = Int32(plaintext[0]) | Int32(plaintext[1]) << 8 | Int32(plaintext[2]) << 16 | Int32(plaintext[3]) << 24
        guard length >= 0, Int(length) <= plaintext.count - 4 else { return nil }
        let padding = plaintext.count - 4 - Int(length)
        guard paddingRange.contains(padding) else { return nil }
        return Array(plaintext[4..<(4 + Int(length))])
    }

    /// Padding bytes (deterministic) that bring a message to whole blocks with 12...27 bytes of padding.
    public static func padding(forMessageCount count: Int) -> [UInt8] {
        let length = 12 + (16 - (4 + count + 12) % 16) % 16
        return FixedKeys.pattern(count: length, seed: UInt64(count))
    }
}

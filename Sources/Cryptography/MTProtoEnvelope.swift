/// MTProto 2.0's encrypted envelope (core.telegram.org/mtproto/description), the one
/// implementation both MTProtoKit's session messages and Telegram's push payloads
/// (NotificationPayloadCipher) use: auth_key_id(8) ‖ msg_key(16) ‖ AES-256-IGE(plaintext), where
/// the plaintext (padding included) is a whole number of 16-byte blocks and
///   msg_key  = SHA256(auth_key[88+x ..< 120+x] + plaintext)[8..<24]
///   sha256_a = SHA256(msg_key + auth_key[x ..< x+36])
///   sha256_b = SHA256(auth_key[40+x ..< 76+x] + msg_key)
///   aes_key  = a[0..<8] + b[8..<24] + a[24..<32];  aes_iv = b[0..<8] + a[8..<24] + b[24..<32]
/// with x = 0 for messages from client to server and x = 8 from server to client.
/// What the plaintext holds (a session message, a push's length-prefixed JSON) is the caller's.
public enum MTProtoEnvelope {
    public static let authKeySize = 256
    public static let keyIdSize = 8
    public static let msgKeySize = 16
    public static let headerSize = keyIdSize + msgKeySize
    /// MTProto 2.0's bounds on the random padding after the payload.
    public static let minimumPadding = 12
    public static let maximumPadding = 1024

    /// Which way a message goes: the x of the key derivation.
    public enum Direction: Int, Sendable {
        case clientToServer = 0
        case serverToClient = 8
    }

    /// Why an envelope did not open. Its plaintext is never returned unless msg_key matched.
    public enum Failure: Error, Equatable, Sendable {
        case tooShort(Int)
        case unknownKeyId
        case misalignedCiphertext(Int)
        case msgKeyMismatch
    }

    /// auth_key_id: the low 64 bits of SHA-1(auth_key), its last 8 bytes as they stand.
    public static func keyId(ofAuthKey authKey: [UInt8]) -> [UInt8] {
        Array(Digest.sha1(authKey)[12..<20])
    }

    public static func msgKey(authKey: [UInt8], plaintext: [UInt8], direction: Direction) -> [UInt8] {
        let x = direction.rawValue
        return Array(Digest.sha256(Array(authKey[(88 + x)..<(120 + x)]) + plaintext)[8..<24])
    }

    public static func aesKeyAndIV(authKey: [UInt8], msgKey: [UInt8], direction: Direction) -> (key: [UInt8], iv: [UInt8]) {
        let x = direction.rawValue
        let a = Digest.sha256(msgKey + authKey[x..<(x + 36)])
        let b = Digest.sha256(Array(authKey[(40 + x)..<(76 + x)]) + msgKey)
        let key = Array(a[0..<8]) + b[8..<24] + a[24..<32]
        let iv = Array(b[0..<8]) + a[8..<24] + b[24..<32]
        return (key, iv)
    }

    /// keyId ‖ msgKey ‖ ciphertext. `plaintext` already carries its padding (a multiple of 16
    /// bytes) and `authKey` is 256 bytes: the callers' own values, so a violation is a bug here.
    public static func seal(_ plaintext: [UInt8], authKey: [UInt8], keyId: [UInt8], direction: Direction) -> [UInt8] {
        precondition(authKey.count == authKeySize && keyId.count == keyIdSize, "an MTProto auth key is 256 bytes, its id 8")
        precondition(plaintext.count % AESIGE.blockSize == 0, "the padding must bring the plaintext to a multiple of 16")
        let msgKey = msgKey(authKey: authKey, plaintext: plaintext, direction: direction)
        let (key, iv) = aesKeyAndIV(authKey: authKey, msgKey: msgKey, direction: direction)
        // Key and iv are 32 bytes and the length is aligned: AES-IGE cannot fail here.
        return keyId + msgKey + (try! AESIGE.encrypt(plaintext, key: key, iv: iv))
    }

    /// The plaintext (padding included) of an envelope, once its key id and msg_key are checked.
    /// The msg_key comparison takes the same time wherever it differs.
    public static func open(_ data: [UInt8], authKey: [UInt8], keyId: [UInt8], direction: Direction) throws(Failure) -> [UInt8] {
        precondition(authKey.count == authKeySize && keyId.count == keyIdSize, "an MTProto auth key is 256 bytes, its id 8")
        guard data.count >= headerSize + AESIGE.blockSize else { throw .tooShort(data.count) }
        guard data[0..<keyIdSize].elementsEqual(keyId) else { throw .unknownKeyId }
        let ciphertextCount = data.count - headerSize
        guard ciphertextCount % AESIGE.blockSize == 0 else { throw .misalignedCiphertext(ciphertextCount) }
        let msgKey = Array(data[keyIdSize..<headerSize])
        let (key, iv) = aesKeyAndIV(authKey: authKey, msgKey: msgKey, direction: direction)
        // Key, iv and alignment were all checked above, so AES-IGE cannot fail here.
        let plaintext = try! AESIGE.decrypt(Array(data[headerSize...]), key: key, iv: iv)
        guard KeyDerivation.constantTimeEquals(self.msgKey(authKey: authKey, plaintext: plaintext, direction: direction), msgKey) else {
            throw .msgKeyMismatch
        }
        return plaintext
    }

    /// Random padding of `minimum`…1024 bytes that brings `count` bytes to a multiple of 16: the
    /// least that does, plus 0 to `extraBlocks` random whole blocks (so lengths vary).
    public static func randomPadding(after count: Int, extraBlocks: Int = 3) -> [UInt8] {
        let extra = extraBlocks > 0 ? Int(SecureRandom.bytes(1)[0]) % (extraBlocks + 1) : 0
        var length = minimumPadding + extra * AESIGE.blockSize
        length += (AESIGE.blockSize - (count + length) % AESIGE.blockSize) % AESIGE.blockSize
        return SecureRandom.bytes(min(length, maximumPadding))
    }
}

import Cryptography

/// MTProto 2.0 encrypted messages (core.telegram.org/mtproto/description): the plaintext
/// salt(8) ‖ session_id(8) ‖ msg_id(8) ‖ seqno(4) ‖ length(4) ‖ body ‖ 12…1024 random bytes,
/// sealed in MTProtoEnvelope under the auth key. Decryption makes the security guidelines'
/// checks in their order: the key id, the ciphertext's size, msg_key (before anything of the
/// plaintext is read), then the length field against the padding bounds.
public enum SessionCrypto {
    static let headerSize = 32

    public struct Plaintext: Equatable, Sendable {
        public var salt: Int64
        public var sessionId: Int64
        public var messageId: Int64
        public var seqno: Int32
        public var body: [UInt8]

        public init(salt: Int64, sessionId: Int64, messageId: Int64, seqno: Int32, body: [UInt8]) {
            self.salt = salt
            self.sessionId = sessionId
            self.messageId = messageId
            self.seqno = seqno
            self.body = body
        }
    }

    /// Why an incoming message was refused; nothing of it is used.
    public enum Failure: Error, Equatable, Sendable, CustomStringConvertible {
        /// Shorter than auth_key_id + msg_key + one block.
        case tooShort(Int)
        case wrongAuthKeyId(Int64)
        /// The ciphertext is not a whole number of 16-byte blocks.
        case badLength(Int)
        case wrongMsgKey
        /// The inner length field is negative, not a multiple of 4, or beyond the plaintext.
        case badMessageLength(Int32, available: Int)
        /// What follows the message is not 12…1024 bytes.
        case badPadding(Int)

        public var description: String {
            switch self {
            case .tooShort(let n): "an encrypted message of \(n) bytes is too short"
            case .wrongAuthKeyId(let id): "the message names auth key \(String(UInt64(bitPattern: id), radix: 16)), not ours"
            case .badLength(let n): "the ciphertext is \(n) bytes, not a multiple of 16"
            case .wrongMsgKey: "msg_key does not match the decrypted message (tampered, or another key)"
            case .badMessageLength(let length, let available): "message length \(length) with \(available) bytes after the header"
            case .badPadding(let n): "the padding is \(n) bytes, not 12…1024"
            }
        }

        /// A short machine-readable name for reports.
        public var code: String {
            switch self {
            case .tooShort: "tooShort"
            case .wrongAuthKeyId: "wrongAuthKeyId"
            case .badLength: "badLength"
            case .wrongMsgKey: "wrongMsgKey"
            case .badMessageLength: "badMessageLength"
            case .badPadding: "badPadding"
            }
        }
    }

    /// auth_key_id ‖ msg_key ‖ encrypted data. `authKey` is the 256-byte key (AuthKey.bytes; any
    /// other size is a programming error). `padding` (tests only) must bring the plaintext to a
    /// multiple of 16; by default it is random, 12…75 bytes.
    public static func encrypt(authKey: [UInt8], salt: Int64, sessionId: Int64, messageId: Int64, seqno: Int32,
                               body: [UInt8], direction: MTProtoEnvelope.Direction = .clientToServer,
                               padding: [UInt8]? = nil) -> [UInt8] {
        var plaintext = [UInt8]()
        plaintext.reserveCapacity(headerSize + body.count + 80)
        for value in [salt, sessionId, messageId] {
            withUnsafeBytes(of: value.littleEndian) { plaintext.append(contentsOf: $0) }
        }
        withUnsafeBytes(of: seqno.littleEndian) { plaintext.append(contentsOf: $0) }
        withUnsafeBytes(of: Int32(truncatingIfNeeded: body.count).littleEndian) { plaintext.append(contentsOf: $0) }
        plaintext.append(contentsOf: body)
        plaintext.append(contentsOf: padding ?? MTProtoEnvelope.randomPadding(after: plaintext.count))
        return MTProtoEnvelope.seal(plaintext, authKey: authKey, keyId: MTProtoEnvelope.keyId(ofAuthKey: authKey),
                                    direction: direction)
    }

    public static func decrypt(authKey: [UInt8], packet: [UInt8],
                               direction: MTProtoEnvelope.Direction = .serverToClient) throws(Failure) -> Plaintext {
        let plaintext: [UInt8]
        do throws(MTProtoEnvelope.Failure) {
            plaintext = try MTProtoEnvelope.open(packet, authKey: authKey, keyId: MTProtoEnvelope.keyId(ofAuthKey: authKey), direction: direction)
        } catch {
            switch error {
            case .tooShort(let n): throw .tooShort(n)
            case .unknownKeyId: throw .wrongAuthKeyId(LittleEndian.int64(packet, at: 0))
            case .misalignedCiphertext(let n): throw .badLength(n)
            case .msgKeyMismatch: throw .wrongMsgKey
            }
        }
        let available = plaintext.count - headerSize
        guard available >= 0 else { throw .badMessageLength(0, available: available) }
        let length = LittleEndian.int32(plaintext, at: 28)
        guard length >= 0, length % 4 == 0, Int(length) <= available else {
            throw .badMessageLength(length, available: available)
        }
        let padding = available - Int(length)
        guard (MTProtoEnvelope.minimumPadding...MTProtoEnvelope.maximumPadding).contains(padding) else { throw .badPadding(padding) }
        return Plaintext(salt: LittleEndian.int64(plaintext, at: 0), sessionId: LittleEndian.int64(plaintext, at: 8),
                         messageId: LittleEndian.int64(plaintext, at: 16),
                         seqno: LittleEndian.int32(plaintext, at: 24),
                         body: Array(plaintext[headerSize..<(headerSize + Int(length))]))
    }

    /// Whether a connection ended because the server does not know the auth key: transport
    /// error -404 (core.telegram.org/mtproto/mtproto-transports#transport-errors). The key is
    /// then useless on that datacenter and a new one must be made.
    public static func isUnknownAuthKey(_ error: any Error) -> Bool {
        (error as? TransportError) == .serverError(code: -404)
    }
}

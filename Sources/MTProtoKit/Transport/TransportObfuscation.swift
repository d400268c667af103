import Cryptography

/// MTProto's transport obfuscation (core.telegram.org/mtproto/mtproto-transports#transport-obfuscation),
/// as Telethon's tcpobfuscated.py and Telegram's clients do it: a 64-byte random init whose
/// first word looks like no other protocol (not 0xef first, not HEAD/POST/GET /OPTI, a TLS record,
/// 0xdddddddd or 0xeeeeeeee, bytes 4..<8 not zero), the framing's tag at 56..<60 and the dc id
/// (Int16 little-endian) at 60..<62. AES-256-CTR keys: init[8..<40] with iv init[40..<56] for
/// sending, and the same 48 bytes reversed (key then iv) for receiving. The init is sent with its
/// bytes 56..<64 replaced by their encryption; both streams then run for the connection's life.
public struct TransportObfuscation {
    public static let initSize = 64

    /// The 64 bytes to send first, before any frame.
    public let initPayload: [UInt8]
    /// The client-to-server key stream, already past the init's 64 bytes.
    public let encryptor: AESCTR
    /// The server-to-client key stream.
    public let decryptor: AESCTR

    /// First words a client never sends (little-endian): HTTP's HEAD, POST, GET and OPTIONS, a TLS
    /// record's start, the padded intermediate and intermediate markers.
    static let forbiddenFirstWords: Set<UInt32> = [0x4441_4548, 0x5453_4f50, 0x2054_4547, 0x4954_504f,
                                                   0x0201_0316, 0xdddd_dddd, 0xeeee_eeee]

    /// `tag` is the framing's 4-byte obfuscation tag; `datacenterId` goes at 60..<62 (nil leaves
    /// those bytes random, as Telethon does). `random` (tests only) replaces the random draw and
    /// must satisfy the rules above, else `.malformedFrame`.
    public init(tag: [UInt8], datacenterId: Int16?, random: [UInt8]? = nil) throws(TransportError) {
        guard tag.count == 4 else { throw .malformedFrame("an obfuscation tag is 4 bytes, not \(tag.count)") }
        var bytes: [UInt8]
        while true {
            bytes = random ?? SecureRandom.bytes(Self.initSize)
            guard bytes.count == Self.initSize else { throw .malformedFrame("an obfuscation init is 64 bytes, not \(bytes.count)") }
            bytes.replaceSubrange(56..<60, with: tag)
            if let datacenterId {
                bytes.replaceSubrange(60..<62, with: withUnsafeBytes(of: datacenterId.littleEndian) { Array($0) })
            }
            if Self.isAcceptable(bytes) { break }
            if random != nil { throw .malformedFrame("the obfuscation init starts like another protocol") }
        }
        let reversed = Array(bytes[8..<56].reversed())
        do {
            encryptor = try AESCTR(key: Array(bytes[8..<40]), iv: Array(bytes[40..<56]))
            decryptor = try AESCTR(key: Array(reversed[0..<32]), iv: Array(reversed[32..<48]))
        } catch {
            throw .malformedFrame("\(error)")
        }
        let encrypted = encryptor.applied(bytes)
        initPayload = Array(bytes[0..<56]) + encrypted[56..<64]
    }

    static func isAcceptable(_ bytes: [UInt8]) -> Bool {
        let first = UInt32(bytes[0]) | UInt32(bytes[1]) << 8 | UInt32(bytes[2]) << 16 | UInt32(bytes[3]) << 24
        return bytes[0] != 0xef && !forbiddenFirstWords.contains(first) && bytes[4..<8].contains { $0 != 0 }
    }
}

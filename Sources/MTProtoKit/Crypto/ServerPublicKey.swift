import Cryptography
import TLSerialization

/// A datacenter's RSA public key, which RSA_PAD encrypts p_q_inner_data for, and its fingerprint,
/// by which resPQ names the keys the server holds (core.telegram.org/mtproto/auth_key): the low
/// 64 bits of SHA1(rsa_public_key n:string e:string), the last 8 bytes of the hash read
/// little-endian, as Telethon's rsa._compute_fingerprint and Telegram's clients compute it.
public struct ServerPublicKey: Hashable, Sendable, CustomStringConvertible {
    /// Big-endian, without leading zeros: 256 bytes, as only 2048-bit keys are accepted.
    public let modulus: [UInt8]
    public let exponent: [UInt8]
    public let fingerprint: Int64

    public enum Failure: Error, Equatable, Sendable, CustomStringConvertible {
        case unreadable(String)
        case unsupportedSize(bits: Int)
        case badExponent

        public var description: String {
            switch self {
            case .unreadable(let reason): "not an RSA public key in PEM: \(reason)"
            case .unsupportedSize(let bits): "an RSA key of \(bits) bits; MTProto's RSA_PAD needs 2048"
            case .badExponent: "the RSA public exponent is not an odd number above 1"
            }
        }
    }

    public init(modulus: [UInt8], exponent: [UInt8]) throws(Failure) {
        let n = BigNumber(modulus), e = BigNumber(exponent)
        guard n.bitCount == 2048 else { throw .unsupportedSize(bits: n.bitCount) }
        guard e.bitCount > 1, e.remainder(dividingBy: 2) == 1, e.compare(n) < 0 else { throw .badExponent }
        self.modulus = n.minimalBytes
        self.exponent = e.minimalBytes
        var writer = TLWriter()
        writer.writeBytes(self.modulus)
        writer.writeBytes(self.exponent)
        fingerprint = LittleEndian.int64(Digest.sha1(writer.bytes), at: 12)  // SHA-1's low 64 bits
    }

    /// A PKCS#1 "BEGIN RSA PUBLIC KEY" block, as Telegram publishes its keys, or a PKCS#8 /
    /// SubjectPublicKeyInfo "BEGIN PUBLIC KEY" block. Read by PublicKeyDER, not OpenSSL's
    /// decoders: those find nothing until a provider is loaded, and a key is two integers.
    public init(pem: String) throws(Failure) {
        let (label, der) = try PublicKeyDER.pemBlock(pem)
        let (n, e) = label == "RSA PUBLIC KEY" ? try PublicKeyDER.rsaPublicKey(der) : try PublicKeyDER.subjectPublicKeyInfo(der)
        try self.init(modulus: n, exponent: e)
    }

    public var description: String { "RSA-2048 key " + String(UInt64(bitPattern: fingerprint), radix: 16) }
}

import Cryptography

/// RSA_PAD(data, server_public_key), the encryption of p_q_inner_data in req_DH_params, exactly
/// as core.telegram.org/mtproto/auth_key §4.1 gives it:
///   data_with_padding := data + random bytes to 192 bytes (data at most 144)
///   data_pad_reversed := BYTE_REVERSE(data_with_padding)
///   temp_key          := 32 random bytes
///   data_with_hash    := data_pad_reversed + SHA256(temp_key + data_with_padding)   (224 bytes)
///   aes_encrypted     := AES256_IGE(data_with_hash, temp_key, zero IV)
///   temp_key_xor      := temp_key XOR SHA256(aes_encrypted)
///   key_aes_encrypted := temp_key_xor + aes_encrypted                              (256 bytes)
///   again from temp_key while key_aes_encrypted ≥ n (big-endian); then
///   encrypted_data    := key_aes_encrypted^e mod n, 256 bytes big-endian.
public enum RSAPad {
    public static let maximumDataSize = 144
    static let paddedSize = 192
    static let tempKeySize = 32
    /// A new temp_key lands below n with probability above 1/2 (n ≥ 2^2047); 64 tries failing
    /// means the random source is broken, not bad luck.
    static let maximumAttempts = 64

    public enum Failure: Error, Equatable, Sendable, CustomStringConvertible {
        case dataTooLong(Int)
        case noKeyBelowModulus
        case rsaFailed

        public var description: String {
            switch self {
            case .dataTooLong(let count): "RSA_PAD takes at most \(RSAPad.maximumDataSize) bytes of data, got \(count)"
            case .noKeyBelowModulus: "RSA_PAD found no temp_key giving a number below the modulus"
            case .rsaFailed: "the RSA operation failed"
            }
        }
    }

    /// `random(count)` supplies the padding and each temp_key; tests pass fixed bytes.
    public static func encrypt(_ data: [UInt8], key: ServerPublicKey,
                               random: (Int) -> [UInt8] = SecureRandom.bytes) throws(Failure) -> [UInt8] {
        guard data.count <= maximumDataSize else { throw .dataTooLong(data.count) }
        let dataWithPadding = data + random(paddedSize - data.count)
        let reversed = Array(dataWithPadding.reversed())
        let modulus = BigNumber(key.modulus)
        guard let modulusBytes = modulus.bytes(width: 256) else { throw .rsaFailed }
        for _ in 0..<maximumAttempts {
            let tempKey = random(tempKeySize)
            let dataWithHash = reversed + Digest.sha256(tempKey + dataWithPadding)
            // 224 bytes, a 32-byte key and a 32-byte IV: AES-IGE cannot fail here.
            let aesEncrypted = try! AESIGE.encrypt(dataWithHash, key: tempKey, iv: [UInt8](repeating: 0, count: 32))
            let hash = Digest.sha256(aesEncrypted)
            let tempKeyXor = (0..<tempKeySize).map { tempKey[$0] ^ hash[$0] }
            let keyAesEncrypted = tempKeyXor + aesEncrypted
            // Both 256 bytes big-endian: byte order is numeric order.
            guard keyAesEncrypted.lexicographicallyPrecedes(modulusBytes) else { continue }
            guard let c = BigNumber(keyAesEncrypted).power(BigNumber(key.exponent), modulo: modulus),
                  let bytes = c.bytes(width: 256) else { throw .rsaFailed }
            return bytes
        }
        throw .noKeyBelowModulus
    }
}

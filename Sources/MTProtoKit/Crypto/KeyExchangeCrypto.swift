import Cryptography

/// The key exchange's cryptography in one place (core.telegram.org/mtproto/auth_key), for
/// AuthKeyExchange: what is derived from the nonces here, the rest forwarded to PQFactorization,
/// RSAPad and DiffieHellman, whose typed errors it throws.
public enum KeyExchangeCrypto {
    /// tmp_aes_key := SHA1(new_nonce + server_nonce) + SHA1(server_nonce + new_nonce)[0..<12];
    /// tmp_aes_iv  := SHA1(server_nonce + new_nonce)[12..<20] + SHA1(new_nonce + new_nonce) + new_nonce[0..<4].
    /// Nonces as they stand on the wire (int256 / int128 bytes).
    public static func temporaryKey(newNonce: [UInt8], serverNonce: [UInt8]) -> (key: [UInt8], iv: [UInt8]) {
        let newServer = Digest.sha1(newNonce + serverNonce)
        let serverNew = Digest.sha1(serverNonce + newNonce)
        let newNew = Digest.sha1(newNonce + newNonce)
        return (newServer + serverNew[0..<12], Array(serverNew[12..<20]) + newNew + newNonce.prefix(4))
    }

    /// auth_key_aux_hash: the 64 higher-order bits of SHA1(auth_key), its first 8 bytes.
    public static func auxHash(authKey: [UInt8]) -> [UInt8] { Array(Digest.sha1(authKey)[0..<8]) }

    /// new_nonce_hash1/2/3 of dh_gen_ok/retry/fail: the 128 lower-order bits (last 16 bytes) of
    /// SHA1(new_nonce + one byte `number` + auth_key_aux_hash).
    public static func newNonceHash(newNonce: [UInt8], number: UInt8, authKey: [UInt8]) -> [UInt8] {
        Array(Digest.sha1(newNonce + [number] + auxHash(authKey: authKey))[4..<20])
    }

    /// The first server_salt: new_nonce[0..<8] XOR server_nonce[0..<8], read as a little-endian long.
    public static func serverSalt(newNonce: [UInt8], serverNonce: [UInt8]) -> Int64 {
        var value: UInt64 = 0
        for i in (0..<8).reversed() { value = value << 8 | UInt64(newNonce[i] ^ serverNonce[i]) }
        return Int64(bitPattern: value)
    }

    /// client_DH_inner_data under the temporary key: AES256_IGE(SHA1(data) + data + 0…15 random
    /// bytes to a multiple of 16, tmp_aes_key, tmp_aes_iv). Throws AESIGE.InvalidInput for a
    /// key or iv that is not 32 bytes.
    public static func encryptWithHash(_ data: [UInt8], key: [UInt8], iv: [UInt8],
                                       random: (Int) -> [UInt8] = SecureRandom.bytes) throws -> [UInt8] {
        var withHash = Digest.sha1(data) + data
        withHash += random((16 - withHash.count % 16) % 16)
        return try AESIGE.encrypt(withHash, key: key, iv: iv)
    }

    // MARK: The rest of the exchange, by name

    /// pq (big-endian) → p < q (big-endian): PQFactorization.
    public static func factor(_ pq: [UInt8]) throws(PQFactorization.Failure) -> (p: [UInt8], q: [UInt8]) {
        try PQFactorization.factor(bytes: pq)
    }

    public static func rsaPad(_ data: [UInt8], key: ServerPublicKey) throws(RSAPad.Failure) -> [UInt8] {
        try RSAPad.encrypt(data, key: key)
    }

    public static func checkGroup(prime: [UInt8], generator: Int32) throws(DiffieHellman.Failure) {
        try DiffieHellman.checkGroup(prime: prime, generator: generator)
    }

    public static func checkPublicValue(_ value: [UInt8], prime: [UInt8], name: String) throws(DiffieHellman.Failure) {
        try DiffieHellman.checkPublicValue(value, prime: prime, name: name)
    }

    public static func generateSecret(generator: Int32, prime: [UInt8]) throws(DiffieHellman.Failure) -> (b: [UInt8], gB: [UInt8]) {
        try DiffieHellman.generateSecret(generator: generator, prime: prime)
    }

    public static func sharedKey(gA: [UInt8], secret: [UInt8], prime: [UInt8]) throws(DiffieHellman.Failure) -> [UInt8] {
        try DiffieHellman.sharedKey(gA: gA, secret: secret, prime: prime)
    }
}

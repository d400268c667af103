import COpenSSL

/// One-shot hashes and HMAC. SHA-1 and SHA-256 use OpenSSL's low-level functions (the shim's
/// tg_sha1/tg_sha256), not an EVP fetch: the first fetch in a process activates the provider and
/// builds a method store, which was a quarter of an extension bootstrap's instructions though all
/// it hashes is its keys (docs/linking.md).
public enum Digest {
    public static func sha1(_ data: [UInt8]) -> [UInt8] { digest(data, size: 20, tg_sha1) }

    public static func sha256(_ data: [UInt8]) -> [UInt8] { digest(data, size: 32, tg_sha256) }

    private static func digest(_ data: [UInt8], size: Int,
                               _ function: (UnsafeRawPointer?, Int, UnsafeMutablePointer<UInt8>?) -> Int32) -> [UInt8] {
        var out = [UInt8](repeating: 0, count: size)
        let ok = data.withUnsafeBytes { input in
            out.withUnsafeMutableBufferPointer { function(input.baseAddress, input.count, $0.baseAddress) }
        }
        precondition(ok == 1, "OpenSSL digest failed")
        return out
    }

    /// HMAC-SHA256 (RFC 2104) over the SHA-256 above, rather than OpenSSL's EVP_MAC, for the same
    /// reason: no provider fetch. Checked against independent vectors (CryptoVectorTests).
    public static func hmacSHA256(key: [UInt8], data: [UInt8]) -> [UInt8] {
        let blockSize = 64
        var block = key.count > blockSize ? sha256(key) : key
        block += [UInt8](repeating: 0, count: blockSize - block.count)
        let inner = sha256(block.map { $0 ^ 0x36 } + data)
        return sha256(block.map { $0 ^ 0x5c } + inner)
    }
}

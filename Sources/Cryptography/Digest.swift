import COpenSSL

/// One-shot hashes and HMAC through OpenSSL. The digests are fetched from the provider once per
/// process: OpenSSL 3's one-shot helpers (SHA256(), HMAC()) fetch again on every call, which was a
/// tenth of a short-lived extension's instructions (each Postbox open derives keys with HKDF).
public enum Digest {
    nonisolated(unsafe) private static let sha1Method: OpaquePointer? = {
        OpenSSLLibrary.ensureInitialized()
        return EVP_MD_fetch(nil, "SHA1", nil)
    }()

    nonisolated(unsafe) private static let sha256Method: OpaquePointer? = {
        OpenSSLLibrary.ensureInitialized()
        return EVP_MD_fetch(nil, "SHA256", nil)
    }()

    public static func sha1(_ data: [UInt8]) -> [UInt8] { digest(data, method: sha1Method, size: 20) }

    public static func sha256(_ data: [UInt8]) -> [UInt8] { digest(data, method: sha256Method, size: 32) }

    private static func digest(_ data: [UInt8], method: OpaquePointer?, size: Int) -> [UInt8] {
        var out = [UInt8](repeating: 0, count: size)
        let ok = data.withUnsafeBufferPointer { input in
            out.withUnsafeMutableBufferPointer { EVP_Digest(input.baseAddress, input.count, $0.baseAddress, nil, method, nil) }
        }
        precondition(ok == 1, "OpenSSL digest failed")
        return out
    }

    /// HMAC-SHA256 (RFC 2104) over the fetched SHA-256. Built on the digest rather than OpenSSL's
    /// EVP_MAC because a process's first fetch of each operation class (MAC, cipher, digest) builds
    /// that class's method store — a millisecond that a short-lived extension need not spend on a
    /// class it can do without. Checked against independent vectors (CryptoVectorTests).
    public static func hmacSHA256(key: [UInt8], data: [UInt8]) -> [UInt8] {
        let blockSize = 64
        var block = key.count > blockSize ? sha256(key) : key
        block += [UInt8](repeating: 0, count: blockSize - block.count)
        let inner = sha256(block.map { $0 ^ 0x36 } + data)
        return sha256(block.map { $0 ^ 0x5c } + inner)
    }
}

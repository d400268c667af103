import COpenSSL

/// Cryptographically secure bytes from OpenSSL's DRBG.
public enum SecureRandom {
    public static func bytes(_ count: Int) -> [UInt8] {
        OpenSSLLibrary.ensureInitialized()
        var out = [UInt8](repeating: 0, count: count)
        let ok = out.withUnsafeMutableBytes { RAND_bytes($0.baseAddress?.assumingMemoryBound(to: UInt8.self), Int32(count)) }
        // RAND_bytes fails only when the DRBG cannot be seeded; continuing would mean predictable keys.
        precondition(ok == 1, "OpenSSL RAND_bytes failed: no entropy source")
        return out
    }

    public static func int64() -> Int64 {
        bytes(8).withUnsafeBytes { $0.loadUnaligned(as: Int64.self) }
    }
}

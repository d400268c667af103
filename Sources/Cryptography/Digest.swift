import COpenSSL

/// One-shot hashes and HMAC through OpenSSL.
public enum Digest {
    public static func sha1(_ data: [UInt8]) -> [UInt8] {
        OpenSSLLibrary.ensureInitialized()
        var out = [UInt8](repeating: 0, count: 20)
        data.withUnsafeBufferPointer { input in
            out.withUnsafeMutableBufferPointer { _ = SHA1(input.baseAddress, input.count, $0.baseAddress) }
        }
        return out
    }

    public static func sha256(_ data: [UInt8]) -> [UInt8] {
        OpenSSLLibrary.ensureInitialized()
        var out = [UInt8](repeating: 0, count: 32)
        data.withUnsafeBufferPointer { input in
            out.withUnsafeMutableBufferPointer { _ = SHA256(input.baseAddress, input.count, $0.baseAddress) }
        }
        return out
    }

    public static func hmacSHA256(key: [UInt8], data: [UInt8]) -> [UInt8] {
        OpenSSLLibrary.ensureInitialized()
        var out = [UInt8](repeating: 0, count: 32)
        var length: UInt32 = 32
        key.withUnsafeBufferPointer { k in
            data.withUnsafeBufferPointer { d in
                out.withUnsafeMutableBufferPointer { o in
                    _ = HMAC(EVP_sha256(), k.baseAddress, Int32(k.count), d.baseAddress, d.count, o.baseAddress, &length)
                }
            }
        }
        return out
    }
}

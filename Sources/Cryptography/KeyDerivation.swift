import COpenSSL

/// Keys derived from the device key. Each purpose (one account's Postbox, the AccountManager
/// store, request files, widget data) gets its own key, so a value sealed for one can never be
/// opened as another.
public enum KeyDerivation {
    /// HKDF-SHA256 (RFC 5869).
    public static func hkdf(inputKey: [UInt8], salt: [UInt8], info: [UInt8], length: Int = 32) -> [UInt8] {
        let prk = Digest.hmacSHA256(key: salt, data: inputKey)
        var output: [UInt8] = []
        var previous: [UInt8] = []
        var counter: UInt8 = 1
        while output.count < length {
            previous = Digest.hmacSHA256(key: prk, data: previous + info + [counter])
            output += previous
            counter += 1
        }
        return Array(output.prefix(length))
    }

    public static func key(for purpose: String, from deviceKey: DeviceKey) -> [UInt8] {
        hkdf(inputKey: deviceKey.key, salt: deviceKey.salt, info: Array("telegram-linux/v1/\(purpose)".utf8))
    }

    /// The hash under PBKDF2's HMAC.
    public enum PBKDF2Digest: Sendable {
        /// The passcode's.
        case sha256
        /// Telegram's two-step password (core.telegram.org/api/srp's PH2).
        case sha512
    }

    /// PBKDF2-HMAC (SHA-256 by default, for the passcode): slow on purpose, salted per passcode.
    public static func pbkdf2(password: [UInt8], salt: [UInt8], iterations: Int, length: Int = 32,
                              digest: PBKDF2Digest = .sha256) -> [UInt8] {
        OpenSSLLibrary.ensureInitialized()
        var out = [UInt8](repeating: 0, count: length)
        password.withUnsafeBufferPointer { p in
            salt.withUnsafeBufferPointer { s in
                out.withUnsafeMutableBufferPointer { o in
                    _ = p.baseAddress!.withMemoryRebound(to: CChar.self, capacity: max(p.count, 1)) { pp in
                        PKCS5_PBKDF2_HMAC(pp, Int32(p.count), s.baseAddress, Int32(s.count), Int32(iterations),
                                          digest == .sha256 ? EVP_sha256() : EVP_sha512(), Int32(length), o.baseAddress)
                    }
                }
            }
        }
        return out
    }

    /// Comparison whose time does not depend on where the inputs differ.
    public static func constantTimeEquals(_ a: [UInt8], _ b: [UInt8]) -> Bool {
        guard a.count == b.count else { return false }
        var diff: UInt8 = 0
        for i in 0..<a.count { diff |= a[i] ^ b[i] }
        return diff == 0
    }
}

import COpenSSL

/// AES-256-GCM for values at rest. Layout: version(1) ‖ nonce(12) ‖ ciphertext ‖ tag(16).
/// The additional data names where the value lives (table and key), so a value copied to another
/// row or table fails to open instead of being silently accepted.
/// Not thread-safe: one sealer per connection, as each keeps its OpenSSL contexts keyed once.
/// The contexts are made on the first seal or open: making them fetches AES-256-GCM, whose first
/// fetch builds OpenSSL's whole cipher method store, and a process that opens a store only to
/// count or check it (an extension's bootstrap) never needs it.
public final class ValueSealer {
    public static let version: UInt8 = 1
    public static let nonceSize = 12
    public static let tagSize = 16
    public static let overhead = 1 + nonceSize + tagSize

    public struct OpenError: Error, CustomStringConvertible {
        public let reason: String
        public var description: String { reason }
    }

    private let key: [UInt8]
    private var contexts: (encrypt: OpaquePointer, decrypt: OpaquePointer)?

    public init(key: [UInt8]) {
        precondition(key.count == 32, "AES-256 needs a 32-byte key")
        self.key = key
    }

    deinit {
        if let contexts {
            EVP_CIPHER_CTX_free(contexts.encrypt)
            EVP_CIPHER_CTX_free(contexts.decrypt)
        }
    }

    private var encryptContext: OpaquePointer { keyedContexts().encrypt }
    private var decryptContext: OpaquePointer { keyedContexts().decrypt }

    private func keyedContexts() -> (encrypt: OpaquePointer, decrypt: OpaquePointer) {
        if let contexts { return contexts }
        OpenSSLLibrary.ensureInitialized()
        guard let encrypt = EVP_CIPHER_CTX_new(), let decrypt = EVP_CIPHER_CTX_new() else {
            fatalError("OpenSSL could not allocate a cipher context")
        }
        key.withUnsafeBufferPointer { k in
            EVP_EncryptInit_ex(encrypt, EVP_aes_256_gcm(), nil, k.baseAddress, nil)
            EVP_DecryptInit_ex(decrypt, EVP_aes_256_gcm(), nil, k.baseAddress, nil)
        }
        contexts = (encrypt, decrypt)
        return (encrypt, decrypt)
    }

    public func seal(_ plaintext: UnsafeRawBufferPointer, additionalData: UnsafeRawBufferPointer) -> [UInt8] {
        let nonce = SecureRandom.bytes(ValueSealer.nonceSize)
        var out = [UInt8](repeating: 0, count: ValueSealer.overhead + plaintext.count)
        out[0] = ValueSealer.version
        out.withUnsafeMutableBufferPointer { o in
            let base = o.baseAddress!
            for i in 0..<ValueSealer.nonceSize { base[1 + i] = nonce[i] }
            var length: Int32 = 0
            EVP_EncryptInit_ex(encryptContext, nil, nil, nil, base + 1)
            if additionalData.count > 0 {
                EVP_EncryptUpdate(encryptContext, nil, &length, additionalData.baseAddress!.assumingMemoryBound(to: UInt8.self), Int32(additionalData.count))
            }
            let cipherStart = base + 1 + ValueSealer.nonceSize
            if plaintext.count > 0 {
                EVP_EncryptUpdate(encryptContext, cipherStart, &length, plaintext.baseAddress!.assumingMemoryBound(to: UInt8.self), Int32(plaintext.count))
            }
            EVP_EncryptFinal_ex(encryptContext, cipherStart + plaintext.count, &length)
            EVP_CIPHER_CTX_ctrl(encryptContext, EVP_CTRL_GCM_GET_TAG, Int32(ValueSealer.tagSize), cipherStart + plaintext.count)
        }
        return out
    }

    public func seal(_ plaintext: [UInt8], additionalData: [UInt8]) -> [UInt8] {
        plaintext.withUnsafeBytes { p in additionalData.withUnsafeBytes { a in seal(p, additionalData: a) } }
    }

    public func open(_ sealed: UnsafeRawBufferPointer, additionalData: UnsafeRawBufferPointer) throws -> [UInt8] {
        guard sealed.count >= ValueSealer.overhead else { throw OpenError(reason: "sealed value too short (\(sealed.count) bytes)") }
        let s = sealed.baseAddress!.assumingMemoryBound(to: UInt8.self)
        guard s[0] == ValueSealer.version else { throw OpenError(reason: "unknown sealed value version \(s[0])") }
        let plainCount = sealed.count - ValueSealer.overhead
        var out = [UInt8](repeating: 0, count: plainCount)
        let ok: Bool = out.withUnsafeMutableBufferPointer { o in
            var length: Int32 = 0
            EVP_DecryptInit_ex(decryptContext, nil, nil, nil, s + 1)
            if additionalData.count > 0 {
                EVP_DecryptUpdate(decryptContext, nil, &length, additionalData.baseAddress!.assumingMemoryBound(to: UInt8.self), Int32(additionalData.count))
            }
            let cipherStart = s + 1 + ValueSealer.nonceSize
            if plainCount > 0 {
                EVP_DecryptUpdate(decryptContext, o.baseAddress, &length, cipherStart, Int32(plainCount))
            }
            let tag = UnsafeMutableRawPointer(mutating: cipherStart + plainCount)
            EVP_CIPHER_CTX_ctrl(decryptContext, EVP_CTRL_GCM_SET_TAG, Int32(ValueSealer.tagSize), tag)
            var scratch = [UInt8](repeating: 0, count: 16)
            return scratch.withUnsafeMutableBufferPointer { EVP_DecryptFinal_ex(decryptContext, $0.baseAddress, &length) } == 1
        }
        guard ok else { throw OpenError(reason: "authentication failed (wrong key, tampered or moved value)") }
        return out
    }

    public func open(_ sealed: [UInt8], additionalData: [UInt8]) throws -> [UInt8] {
        try sealed.withUnsafeBytes { s in try additionalData.withUnsafeBytes { a in try open(s, additionalData: a) } }
    }
}

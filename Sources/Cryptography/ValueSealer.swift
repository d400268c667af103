import COpenSSL

/// AES-256-GCM for values at rest. Layout: version(1) ‖ nonce(12) ‖ ciphertext ‖ tag(16).
/// The additional data names where the value lives (table and key), so a value copied to another
/// row or table fails to open instead of being silently accepted.
/// Not thread-safe: one sealer per connection, as each keeps its cipher contexts keyed once.
/// The contexts are made on the first seal or open, so a process that opens a store only to count
/// or check it never keys AES; AES-256-GCM itself comes from OpenSSL's provider directly
/// (ProviderCipher), without EVP's whole cipher method store.
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
    private var contexts: (encrypt: ProviderCipherContext, decrypt: ProviderCipherContext)?
    private var nonces = NonceBuffer()

    public init(key: [UInt8]) {
        precondition(key.count == 32, "AES-256 needs a 32-byte key")
        self.key = key
    }

    /// A sealer with the same key and contexts and nonces of its own: for another thread, as this
    /// one is not thread-safe.
    public func sibling() -> ValueSealer { ValueSealer(key: key) }

    private var encryptContext: ProviderCipherContext { keyedContexts().encrypt }
    private var decryptContext: ProviderCipherContext { keyedContexts().decrypt }

    private func keyedContexts() -> (encrypt: ProviderCipherContext, decrypt: ProviderCipherContext) {
        if let contexts { return contexts }
        let encrypt = ProviderCipherContext(.aes256GCM), decrypt = ProviderCipherContext(.aes256GCM)
        let keyed = key.withUnsafeBufferPointer { k in
            encrypt.start(encrypting: true, key: k, iv: nil, ivLength: 0) && decrypt.start(encrypting: false, key: k, iv: nil, ivLength: 0)
        }
        precondition(keyed, "OpenSSL refused the AES-256-GCM key")
        contexts = (encrypt, decrypt)
        return (encrypt, decrypt)
    }

    public func seal(_ plaintext: UnsafeRawBufferPointer, additionalData: UnsafeRawBufferPointer) -> [UInt8] {
        let count = ValueSealer.overhead + plaintext.count
        return [UInt8](unsafeUninitializedCapacity: count) { o, initialized in
            let base = o.baseAddress!
            base[0] = ValueSealer.version
            // Drawn in bulk and written in place (NonceBuffer): no RAND_bytes call and no array per value.
            nonces.take(into: base + 1)
            let context = encryptContext
            let cipherStart = base + 1 + ValueSealer.nonceSize
            let ok = context.process(encrypting: true, iv: base + 1, ivLength: ValueSealer.nonceSize, additionalData: additionalData,
                                     plaintext.baseAddress?.assumingMemoryBound(to: UInt8.self), count: plaintext.count, into: cipherStart)
                && context.finish(cipherStart + plaintext.count, capacity: 0)
                && context.tag(into: cipherStart + plaintext.count, length: ValueSealer.tagSize)
            // Sealing cannot fail for a keyed context and a 12-byte nonce; a value written without
            // its tag would be lost data, so this stops rather than writes it.
            precondition(ok, "OpenSSL failed to seal a value with AES-256-GCM")
            initialized = count
        }
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
            let context = decryptContext
            let cipherStart = s + 1 + ValueSealer.nonceSize
            let tag = UnsafeMutablePointer(mutating: cipherStart + plainCount)
            var scratch: UInt8 = 0
            return context.process(encrypting: false, iv: s + 1, ivLength: ValueSealer.nonceSize, additionalData: additionalData,
                                   cipherStart, count: plainCount, into: o.baseAddress)
                && context.expectTag(tag, length: ValueSealer.tagSize) && context.finish(&scratch, capacity: 0)
        }
        guard ok else { throw OpenError(reason: "authentication failed (wrong key, tampered or moved value)") }
        return out
    }

    public func open(_ sealed: [UInt8], additionalData: [UInt8]) throws -> [UInt8] {
        try sealed.withUnsafeBytes { s in try additionalData.withUnsafeBytes { a in try open(s, additionalData: a) } }
    }
}

/// AES-256 in counter mode as one continuous key stream: each call goes on where the last one
/// stopped, mid-block included, as MTProto's obfuscated transport needs (one stream per direction
/// for the connection's life). The counter is the whole 16-byte IV, big-endian, as OpenSSL's and
/// pyaes's CTR count it. Encryption and decryption are the same operation.
/// Not thread-safe: one direction of one connection.
public final class AESCTR {
    public struct InvalidInput: Error, Equatable, CustomStringConvertible {
        public let description: String
    }

    private let context: ProviderCipherContext

    public init(key: [UInt8], iv: [UInt8]) throws(InvalidInput) {
        guard key.count == 32 else { throw InvalidInput(description: "AES-256-CTR needs a 32-byte key, got \(key.count)") }
        guard iv.count == 16 else { throw InvalidInput(description: "AES-256-CTR needs a 16-byte iv, got \(iv.count)") }
        context = ProviderCipherContext(.aes256CTR)
        let started = key.withUnsafeBufferPointer { k in
            iv.withUnsafeBufferPointer { v in context.start(encrypting: true, key: k, iv: v.baseAddress, ivLength: 16) }
        }
        guard started else { throw InvalidInput(description: "OpenSSL refused the AES-256-CTR key") }
    }

    /// XORs `bytes` in place with the next `bytes.count` bytes of the key stream.
    public func apply(_ bytes: inout [UInt8]) {
        guard !bytes.isEmpty else { return }
        let count = bytes.count
        let written = bytes.withUnsafeMutableBufferPointer { buffer in
            // In place: OpenSSL's CTR reads each block before it writes it.
            context.update(buffer.baseAddress, capacity: count, buffer.baseAddress!, count: count)
        }
        // A keyed CTR context cannot fail on any length; a short write would desynchronise the
        // stream for the rest of the connection, so it stops here rather than go on wrongly.
        precondition(written == count, "OpenSSL AES-256-CTR failed")
    }

    /// The bytes XORed with the key stream (a copy).
    public func applied(_ bytes: [UInt8]) -> [UInt8] {
        var copy = bytes
        apply(&copy)
        return copy
    }
}

import COpenSSL

/// AES-256 in Infinite Garble Extension mode, the mode MTProto (and so Telegram's push payloads)
/// uses. OpenSSL's own AES_ige_encrypt is deprecated since 3.0, so IGE is chained here over the
/// AES-256-ECB block cipher of OpenSSL's provider (ProviderCipher):
/// c_i = E(p_i ⊕ c_{i-1}) ⊕ p_{i-1}, with c_{-1} = iv[0..<16] and p_{-1} = iv[16..<32] (OpenSSL's
/// and Telegram's convention). No padding: the input must be a whole number of blocks.
public enum AESIGE {
    public static let blockSize = 16

    public struct InvalidInput: Error, CustomStringConvertible {
        public let description: String
    }

    public static func encrypt(_ input: [UInt8], key: [UInt8], iv: [UInt8]) throws -> [UInt8] {
        try run(input, key: key, iv: iv, encrypting: true)
    }

    public static func decrypt(_ input: [UInt8], key: [UInt8], iv: [UInt8]) throws -> [UInt8] {
        try run(input, key: key, iv: iv, encrypting: false)
    }

    private static func run(_ input: [UInt8], key: [UInt8], iv: [UInt8], encrypting: Bool) throws -> [UInt8] {
        guard key.count == 32 else { throw InvalidInput(description: "AES-256-IGE needs a 32-byte key, got \(key.count)") }
        guard iv.count == 32 else { throw InvalidInput(description: "AES-256-IGE needs a 32-byte iv, got \(iv.count)") }
        guard input.count % blockSize == 0 else {
            throw InvalidInput(description: "AES-IGE input must be a multiple of 16 bytes, got \(input.count)")
        }
        let context = ProviderCipherContext(.aes256ECB)
        let initialised = key.withUnsafeBufferPointer { k in
            context.start(encrypting: encrypting, key: k, iv: nil, ivLength: 0) && context.setPadding(false)
        }
        guard initialised else { throw InvalidInput(description: "OpenSSL refused the AES-256-ECB key") }

        var output = [UInt8](repeating: 0, count: input.count)
        // For encryption `xorIn` is the previous ciphertext block and `xorOut` the previous
        // plaintext block; decryption swaps their roles.
        var xorIn = Array(iv[0..<16])
        var xorOut = Array(iv[16..<32])
        if !encrypting { swap(&xorIn, &xorOut) }
        var block = [UInt8](repeating: 0, count: blockSize)
        var transformed = [UInt8](repeating: 0, count: blockSize)
        var offset = 0
        while offset < input.count {
            for i in 0..<blockSize { block[i] = input[offset + i] ^ xorIn[i] }
            let written = block.withUnsafeBufferPointer { b in
                transformed.withUnsafeMutableBufferPointer { t in
                    context.update(t.baseAddress, capacity: blockSize, b.baseAddress!, count: blockSize)
                }
            }
            guard written == blockSize else { throw InvalidInput(description: "OpenSSL AES block operation failed") }
            for i in 0..<blockSize {
                let out = transformed[i] ^ xorOut[i]
                output[offset + i] = out
                xorOut[i] = input[offset + i]
                xorIn[i] = out
            }
            offset += blockSize
        }
        return output
    }
}

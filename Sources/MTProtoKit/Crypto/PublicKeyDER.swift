import FoundationEssentials

/// The few DER shapes an RSA public key comes in: RSAPublicKey ::= SEQUENCE { n INTEGER,
/// e INTEGER } (PKCS#1), or SubjectPublicKeyInfo wrapping it with the rsaEncryption algorithm.
/// Strict: definite lengths within the input, nothing after the value; anything else is
/// `unreadable` with the reason.
enum PublicKeyDER {
    typealias Failure = ServerPublicKey.Failure

    /// rsaEncryption, 1.2.840.113549.1.1.1.
    static let rsaEncryption: [UInt8] = [0x2a, 0x86, 0x48, 0x86, 0xf7, 0x0d, 0x01, 0x01, 0x01]

    /// The label and the decoded bytes of the first PEM block.
    static func pemBlock(_ pem: String) throws(Failure) -> (label: String, der: [UInt8]) {
        let lines = pem.split(whereSeparator: \.isNewline).map { String($0.drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace).reversed()) }
        guard let begin = lines.firstIndex(where: { $0.hasPrefix("-----BEGIN ") && $0.hasSuffix("-----") }) else {
            throw .unreadable("no -----BEGIN line")
        }
        let label = String(lines[begin].dropFirst("-----BEGIN ".count).dropLast(5))
        guard let end = lines[(begin + 1)...].firstIndex(of: "-----END \(label)-----") else {
            throw .unreadable("no -----END \(label)----- line")
        }
        guard label == "RSA PUBLIC KEY" || label == "PUBLIC KEY" else { throw .unreadable("a \(label), not a public key") }
        guard let data = Data(base64Encoded: lines[(begin + 1)..<end].joined()) else { throw .unreadable("its base64 does not decode") }
        return (label, [UInt8](data))
    }

    static func rsaPublicKey(_ der: [UInt8]) throws(Failure) -> (n: [UInt8], e: [UInt8]) {
        var outer = Reader(der[...])
        var sequence = Reader(try outer.element(tag: 0x30))
        try outer.end()
        let n = try sequence.integer()
        let e = try sequence.integer()
        try sequence.end()
        return (n, e)
    }

    static func subjectPublicKeyInfo(_ der: [UInt8]) throws(Failure) -> (n: [UInt8], e: [UInt8]) {
        var outer = Reader(der[...])
        var info = Reader(try outer.element(tag: 0x30))
        try outer.end()
        var algorithm = Reader(try info.element(tag: 0x30))
        guard Array(try algorithm.element(tag: 0x06)) == rsaEncryption else { throw .unreadable("not an RSA key") }
        let bits = try info.element(tag: 0x03)
        try info.end()
        guard bits.first == 0 else { throw .unreadable("the key's bit string has unused bits") }
        return try rsaPublicKey(Array(bits.dropFirst()))
    }

    struct Reader {
        var rest: ArraySlice<UInt8>
        init(_ bytes: ArraySlice<UInt8>) { rest = bytes }

        mutating func element(tag: UInt8) throws(Failure) -> ArraySlice<UInt8> {
            guard let found = rest.first else { throw .unreadable("the DER ends early") }
            guard found == tag else { throw .unreadable("DER tag 0x\(String(found, radix: 16)) where 0x\(String(tag, radix: 16)) belongs") }
            rest = rest.dropFirst()
            guard let first = rest.first else { throw .unreadable("the DER ends early") }
            rest = rest.dropFirst()
            var length = Int(first)
            if first & 0x80 != 0 {
                let count = Int(first & 0x7f)
                guard (1...3).contains(count), rest.count >= count else { throw .unreadable("a DER length of \(count) bytes") }
                length = rest.prefix(count).reduce(0) { $0 << 8 | Int($1) }
                rest = rest.dropFirst(count)
            }
            guard length <= rest.count else { throw .unreadable("a DER value runs past the end") }
            defer { rest = rest.dropFirst(length) }
            return rest.prefix(length)
        }

        /// A non-negative INTEGER's magnitude, big-endian.
        mutating func integer() throws(Failure) -> [UInt8] {
            let value = try element(tag: 0x02)
            guard let first = value.first, first & 0x80 == 0 else { throw .unreadable("a negative or empty INTEGER") }
            return Array(value.drop { $0 == 0 })
        }

        func end() throws(Failure) {
            guard rest.isEmpty else { throw .unreadable("\(rest.count) bytes after the DER value") }
        }
    }
}

/// Why TL bytes could not be read. Every reader and generated parser throws this (typed throws:
/// a parse failure is data, and a caller switching on it needs no casts).
public enum TLError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The input ended: `needed` more bytes were wanted where `remaining` were left.
    case truncated(needed: Int, remaining: Int)
    /// A boxed value began with a constructor id its expected type does not have.
    case unknownConstructor(UInt32, expected: String)
    /// A TL `string` that is not UTF-8.
    case invalidUTF8
    /// A `Bool` that is neither boolTrue nor boolFalse.
    case invalidBool(UInt32)
    /// A vector count that is negative or more than the remaining bytes could hold.
    case vectorTooLong(Int)
    /// A `bytes` value not in the one canonical form the writer makes (0xFF length byte, a long
    /// form for fewer than 254 bytes, non-zero padding): refused so that whatever parses
    /// re-serializes to the same bytes.
    case nonCanonicalBytes(String)
    /// A `flags` field with bits the schema does not define for this constructor.
    case unknownFlags(constructor: String, bits: UInt32)
    /// gzip_packed that zlib refused, or that unpacks beyond the caller's limit.
    case gzip(String)
    /// Objects nested deeper than `TLReader.maximumDepth`.
    case nestingTooDeep

    public var description: String {
        switch self {
        case .truncated(let needed, let remaining): "TL input truncated: \(needed) bytes needed, \(remaining) left"
        case .unknownConstructor(let id, let expected): "unknown constructor 0x\(hex(id)) for \(expected)"
        case .invalidUTF8: "TL string is not UTF-8"
        case .invalidBool(let id): "invalid Bool 0x\(hex(id))"
        case .vectorTooLong(let count): "vector of \(count) elements does not fit the input"
        case .nonCanonicalBytes(let why): "non-canonical TL bytes: \(why)"
        case .unknownFlags(let constructor, let bits): "\(constructor): unknown flag bits 0x\(hex(bits))"
        case .gzip(let why): "gzip_packed: \(why)"
        case .nestingTooDeep: "TL objects nested deeper than \(TLReader.maximumDepth)"
        }
    }

    private func hex(_ value: UInt32) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 8 - digits.count) + digits
    }
}

/// Case-insensitive "contains" for scanning many messages: the query is folded once, and an ASCII
/// query (the usual case) is matched on the UTF-8 bytes with ASCII folding, without lower-casing
/// or allocating per message. (The standard library's substring search builds a table per call,
/// which cost more than decrypting the message.) A query with other letters falls back to
/// Unicode lower-casing of each message.
public struct TextMatcher: Sendable {
    private let needle: [UInt8]
    private let isASCII: Bool

    public init(_ query: String) {
        let folded = query.lowercased()
        needle = Array(folded.utf8)
        isASCII = needle.allSatisfy { $0 < 0x80 }
    }

    public func matches(_ text: String) -> Bool {
        if needle.isEmpty { return true }
        if isASCII {
            var text = text
            // Bytes of multi-byte UTF-8 sequences are all ≥ 0x80, so they never match ASCII bytes.
            return text.withUTF8 { Self.contains($0, needle, fold: true) }
        }
        return Array(text.lowercased().utf8).withUnsafeBufferPointer { Self.contains($0, needle, fold: false) }
    }

    private static func contains(_ haystack: UnsafeBufferPointer<UInt8>, _ needle: [UInt8], fold: Bool) -> Bool {
        guard haystack.count >= needle.count else { return false }
        let first = needle[0]
        for start in 0...(haystack.count - needle.count) {
            guard lower(haystack[start], fold) == first else { continue }
            var i = 1
            while i < needle.count && lower(haystack[start + i], fold) == needle[i] { i += 1 }
            if i == needle.count { return true }
        }
        return false
    }

    @inline(__always)
    private static func lower(_ byte: UInt8, _ fold: Bool) -> UInt8 {
        fold && byte >= 0x41 && byte <= 0x5a ? byte | 0x20 : byte
    }
}

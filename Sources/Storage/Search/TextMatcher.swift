/// Telegram's search semantics, word prefixes: a message matches when every word of the query is
/// the beginning of some word of the message (`tick` finds "Tickets!", `tickets tom` finds "the
/// tickets for tomorrow", in any order; `ets` finds nothing). Words, case and normalisation are
/// SearchWords'. A query without any word (only spaces or punctuation) matches every message.
///
/// This is both the whole check of the scan and the final check of every candidate the index
/// proposes (the index only narrows: its hashes collide and its prefixes are cut short).
public struct TextMatcher: Sendable {
    /// The query's normalised words, without repeats.
    let words: [[UInt8]]

    public init(_ query: String) {
        var words: [[UInt8]] = []
        for word in SearchWords.words(query) where !words.contains(word) { words.append(word) }
        self.words = words
    }

    public var isEmpty: Bool { words.isEmpty }

    public func matches(_ text: String) -> Bool {
        if words.isEmpty { return true }
        // One bit per query word still unmatched; stops reading the message once all are found.
        var open = words.count >= 64 ? UInt64.max : (UInt64(1) << UInt64(words.count)) - 1
        var unmatchedBeyond64 = words.count > 64 ? Set(64..<words.count) : []
        SearchWords.forEach(in: text) { word, _ in
            for (n, query) in words.enumerated() where query.count <= word.count {
                if n < 64 {
                    guard open & (1 << UInt64(n)) != 0, Self.hasPrefix(word, query) else { continue }
                    open &= ~(1 << UInt64(n))
                } else if unmatchedBeyond64.contains(n), Self.hasPrefix(word, query) {
                    unmatchedBeyond64.remove(n)
                }
            }
            return open != 0 || !unmatchedBeyond64.isEmpty
        }
        return open == 0 && unmatchedBeyond64.isEmpty
    }

    /// A byte prefix of normalised UTF-8 is a scalar prefix: a query word ends on a whole scalar.
    @inline(__always)
    private static func hasPrefix(_ word: UnsafeBufferPointer<UInt8>, _ query: [UInt8]) -> Bool {
        for i in 0..<query.count where word[i] != query[i] { return false }
        return true
    }
}

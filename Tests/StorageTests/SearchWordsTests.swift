import Cryptography
@testable import Storage
import Testing
import TestSupport

/// Message search's words (SearchWords), its word-prefix matching (TextMatcher), the index's
/// keyed prefix hashes (SearchIndexHasher) and its posting lists' encoding (PostingCodec).
@Suite("Search words, matching, hashes and posting lists")
struct SearchWordsTests {
    private static func words(_ text: String) -> [String] {
        SearchWords.words(text).map { String(decoding: $0, as: UTF8.self) }
    }

    @Test("Words: letters, marks and digits; punctuation and ASCII symbols separate; lower-cased")
    func tokenising() {
        #expect(Self.words("Don't e-mail #Tickets, @Ada_Lovelace!") == ["don", "t", "e", "mail", "tickets", "ada", "lovelace"])
        #expect(Self.words("room 42b at 7:30") == ["room", "42b", "at", "7", "30"])
        #expect(Self.words("") == [])
        #expect(Self.words("  ...  ") == [])
        #expect(Self.words("Привет, МИР") == ["привет", "мир"])
        #expect(Self.words("ΣΟΦΙΑ") == ["σοφια"])
        // ASCII runs that go on beyond ASCII, or end at a separator beyond it.
        #expect(Self.words("CAFÉ au LAIT") == ["café", "au", "lait"])
        #expect(Self.words("abc—def naïve—OK") == ["abc", "def", "naïve", "ok"])
        #expect(Self.words("Hi\u{a0}there") == ["hi", "there"], "a no-break space separates")
        #expect(Self.words("ete\u{301}") == ["eté"], "a combining accent joins the word and composes")
    }

    @Test("Normalised: NFC, so precomposed and decomposed accents are one word; accents are not folded")
    func normalising() {
        let precomposed = "\u{e9}cole", decomposed = "e\u{301}cole"
        #expect(SearchWords.words("\u{c9}COLE") == SearchWords.words(precomposed))
        #expect(SearchWords.words(decomposed) == SearchWords.words(precomposed))
        #expect(SearchWords.words(precomposed) == [Array(precomposed.utf8)])
        #expect(Self.words("école") != Self.words("ecole"))
    }

    @Test("Ideographs, kana and pictographs are words of their own; ignorables and skin tones vanish without splitting")
    func singlesAndIgnorables() {
        #expect(Self.words("東京タワー") == ["東", "京", "タ", "ワ", "ー"])
        #expect(Self.words("later🙂ok") == ["later", "🙂", "ok"])
        #expect(Self.words("hy\u{ad}phen") == ["hyphen"])
        #expect(Self.words("❤\u{fe0f} 👍🏽") == ["❤", "👍"])
        #expect(Self.words("a\u{200d}b") == ["ab"])
    }

    @Test("Matching is by word prefix: every query word begins some word of the message, any order")
    func wordPrefixes() {
        #expect(TextMatcher("TICKETS").matches("bring the tickets tomorrow"))
        #expect(TextMatcher("tick").matches("Tickets!"))
        #expect(TextMatcher("tickets tom").matches("the tickets for tomorrow"))
        #expect(TextMatcher("tomorrow tickets").matches("the tickets for tomorrow"))
        #expect(TextMatcher("tick ticket tickets").matches("tickets"), "query words may share a message word")
        #expect(!TextMatcher("ets").matches("tickets"), "not a substring search")
        #expect(!TextMatcher("tickets").matches("ticket"))
        #expect(!TextMatcher("tickets cake").matches("the tickets"), "every word must be found")
        #expect(TextMatcher("zoë").matches("Hi ZOË!"))
        #expect(!TextMatcher("zoe").matches("Zoë"), "accents are letters of their own")
        #expect(TextMatcher("e\u{301}c").matches("\u{e9}cole"), "canonically equivalent forms match")
        #expect(TextMatcher("🙂").matches("later 🙂"))
        #expect(TextMatcher("東京").matches("東京タワーで"))
        #expect(TextMatcher("").matches("anything") && TextMatcher("!!!").matches("anything"))
        #expect(TextMatcher("!!!").isEmpty && !TextMatcher("a").isEmpty)
        let many = (0 ..< 70).map { "w\($0)" }
        #expect(TextMatcher(many.joined(separator: " ")).matches(many.reversed().joined(separator: " ")), "more than 64 query words")
        #expect(!TextMatcher(many.joined(separator: " ") + " zz").matches(many.joined(separator: " ")))
    }

    @Test("Query words use the longest cut they reach: 3 or 6 scalars; shorter words are not indexed")
    func cuts() {
        let hasher = SearchIndexHasher(deviceKey: DeviceKey(bytes: [UInt8](repeating: 7, count: 48)), accountId: 1)
        func hash(_ word: String) -> UInt64? { hasher.queryHash(Array(word.utf8)) }
        #expect(hash("ti") == nil && hash("") == nil)
        #expect(hash("tic") != nil && hash("tic") == hash("tick") && hash("tick") == hash("ticke"))
        #expect(hash("ticket") != nil && hash("ticket") == hash("tickets") && hash("ticket") != hash("tic"))
        #expect(hash("tac") != hash("tic"))
        // Non-ASCII: counted in scalars, not bytes.
        #expect(hash("éco") == hash("école") && hash("éc") == nil && hash("écolie") == hash("écoliers") && hash("écoles") != hash("écolie"))
        // A text is indexed under every cut its words reach, each hash once.
        let text = hasher.hashes(of: "Tickets tickets tic ok")
        #expect(Set(text) == Set([hash("tic"), hash("ticket")].compactMap { $0 }) && text.count == 2)
        // Another account (or another device key) hashes the same word differently.
        let other = SearchIndexHasher(deviceKey: DeviceKey(bytes: [UInt8](repeating: 7, count: 48)), accountId: 2)
        #expect(other.queryHash(Array("tickets".utf8)) != hash("tickets"))
        // Remembered hashes are the computed ones (the second call is answered from memory).
        #expect(hasher.queryHash(Array("tickets".utf8)) == hash("tickets"))
    }

    @Test("Posting lists: encoded within the segment budget and decoded exactly, whatever the chats, ids and times")
    func postingCodec() throws {
        var rng = SeededGenerator(seed: 15)
        for round in 0 ..< 50 {
            let bucket = SearchIndexRow.bucket(of: Int32.random(in: -2_000_000_000 ... 2_000_000_000, using: &rng))
            let start = SearchIndexRow.start(of: bucket)
            let peers: [Int64] = [Int64.min, -5, 0, 1, 1_000_000, 0x7fff_ffff_0000_0000, Int64.max]
            let count = round == 0 ? 0 : Int.random(in: 1 ... 1500, using: &rng)
            let entries = (0 ..< count).map { _ in
                PostingEntry(peer: peers.randomElement(using: &rng)!, namespace: Int32.random(in: -2 ... 3, using: &rng),
                             timestamp: start + Int32.random(in: 0 ... 65_535, using: &rng), id: Int32.random(in: .min ... .max, using: &rng))
            }
            let sorted = SearchIndexWriter.merge([], ArraySlice(entries.sorted(by: PostingEntry.storedBefore)))
            let segments = PostingCodec.encodeSegments(sorted, bucketStart: start)
            #expect(segments.allSatisfy { $0.count <= PostingCodec.segmentBudget })
            var decoded: [PostingEntry] = []
            for segment in segments { try PostingCodec.decode(segment, bucketStart: start, into: &decoded) }
            #expect(decoded == sorted, "round \(round)")
            #expect(Set(decoded).count == decoded.count, "merge keeps each entry once")
        }
        var none: [PostingEntry] = []
        #expect(throws: PostingCodec.Malformed.self) { try PostingCodec.decode([2, 0], bucketStart: 0, into: &none) }
        #expect(throws: PostingCodec.Malformed.self) { try PostingCodec.decode([1, 0x80], bucketStart: 0, into: &none) }
    }

    @Test("Buckets keep time order across 1970 and each covers its span of seconds")
    func buckets() {
        let times: [Int32] = [.min, -65_537, -65_536, -1, 0, 1, 65_535, 65_536, 1_700_000_000, .max]
        let buckets = times.map(SearchIndexRow.bucket(of:))
        #expect(buckets == buckets.sorted())
        for time in times {
            let row = SearchIndexRow(hash: 1, timestamp: time)
            #expect(row.start <= time && time <= row.end, "\(time)")
        }
    }
}

extension SearchWordsTests {
    @Test("A bucket's candidates come newest first (a heap, not a sort), ties between chats ordered by chat")
    func newestFirst() {
        var rng = SeededGenerator(seed: 9)
        for count in [0, 1, 2, 3, 10, 500] {
            let entries = (0 ..< count).map { _ in
                PostingEntry(peer: Int64.random(in: 1 ... 4, using: &rng), namespace: 0,
                             timestamp: Int32.random(in: 0 ... 20, using: &rng), id: Int32.random(in: 1 ... 5, using: &rng))
            }
            var heap = NewestFirst(entries)
            var popped: [PostingEntry] = []
            while let next = heap.next() { popped.append(next) }
            #expect(popped == entries.sorted { SearchOrder.isNewer($0, than: $1) }, "\(count)")
        }
    }
}

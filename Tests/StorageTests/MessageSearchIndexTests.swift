import Container
import Cryptography
import Formats
import Foundation
@testable import KeyValueStore
@testable import Storage
import TestSupport
import Testing

/// The search index against the truth: on random corpora, the index's answers, the scan's and a
/// brute-force reference over every message agree for every filter; the index's rows are exactly
/// what a rebuild from the messages would write, after edits, deletes and a backfill interrupted
/// by live writes; a store without a complete index is scanned, and read-only openers never write.
@Suite("Message search index")
struct MessageSearchIndexTests {
    static let key = DeviceKey(bytes: (0 ..< 48).map { UInt8($0 * 3) })
    /// Words that share prefixes at both cuts, accents, scripts without spaces, emoji and short words.
    static let vocabulary = ["tickets", "ticket", "tick", "tickle", "tomorrow", "tomato", "tom", "tonight", "the", "them",
                             "a", "ok", "école", "ecole", "écolier", "Zoë", "zoe", "東京", "タワー", "🙂", "kumquat",
                             "playlist", "play", "plan", "planet", "42", "4200", "don't", "e-mail", "thermostat"]
    static let base: Int32 = 1_700_000_000

    struct Corpus {
        let postbox: Postbox
        let peers: [PeerId]
        var messages: [MessageId: Message]
        var rng: SeededGenerator

        func reference(_ search: MessageSearch, readStates: [PeerId: ReadState]) -> [String] {
            var hits: [(Message, Bool)] = []
            for message in messages.values {
                // A chat's cloud messages are searched (the scan's reading), not other namespaces'.
                if message.id.namespace != MessageId.cloudNamespace { continue }
                if let chat = search.chat, message.id.peerId != chat { continue }
                if let since = search.since, message.index.timestamp < since { continue }
                if let text = search.text, !text.matches(MessageSummary.searchableText(of: message)) { continue }
                let state = readStates[message.id.peerId]
                let isUnread = message.isIncoming && message.id.id > (state?.maxIncomingReadId ?? Int32.max)
                if search.unreadOnly && ((state?.unreadCount ?? 0) == 0 || !isUnread) { continue }
                hits.append((message, !isUnread))
            }
            hits.sort { SearchOrder.isNewer($0.0.index, than: $1.0.index) }
            return hits.prefix(search.limit).map { "\($0.0.id) \($0.1)" }
        }

        func run(_ search: MessageSearch, _ strategy: MessageSearch.Strategy, on postbox: Postbox? = nil) throws -> [String] {
            var search = search
            search.strategy = strategy
            return try (postbox ?? self.postbox).read { t in try search.run(t).map { "\($0.message.id) \($0.isRead)" } }
        }

        func readStates() throws -> [PeerId: ReadState] {
            try postbox.read { t in
                var states: [PeerId: ReadState] = [:]
                for peer in peers { states[peer] = try t.readState(peer) }
                return states
            }
        }

        mutating func randomText() -> String {
            let count = Int.random(in: 1 ... 6, using: &rng)
            return (0 ..< count).map { _ in
                var word = MessageSearchIndexTests.vocabulary.randomElement(using: &rng)!
                if Bool.random(using: &rng) && word.count > 3 { word = word.uppercased() }
                return word
            }.joined(separator: [" ", ", ", "! ", " — "].randomElement(using: &rng)!)
        }

        /// What a message carries, for one in four: a poll, a contact, a file (named, or a photo
        /// without a name), a place or a checklist, whose words search must find as it finds the
        /// text's (MessageSummary.searchableText). The rest carry nothing: text only.
        mutating func randomExtras() -> MessageExtras {
            guard Int.random(in: 0 ..< 4, using: &rng) == 0 else { return MessageExtras() }
            func word() -> String { MessageSearchIndexTests.vocabulary.randomElement(using: &rng)! }
            let media: MessageMedia
            switch Int.random(in: 0 ..< 6, using: &rng) {
            case 0: media = .poll(MessagePoll(question: randomText(), answers: (0 ..< Int.random(in: 1 ... 3, using: &rng)).map { _ in
                    MessagePoll.Answer(text: word(), voters: 1)
                }, totalVoters: 3, isClosed: false))
            case 1: media = .contact(MessageContact(firstName: word(), lastName: Bool.random(using: &rng) ? word() : "", phone: "+4412345"))
            case 2: media = .file(MessageFile(kind: "file", fileName: "\(word())_\(word()).pdf"))
            case 3: media = .file(MessageFile(kind: "photo"))
            case 4: media = .location(MessageLocation(latitude: 1, longitude: 2, title: word(), address: "\(word()) street"))
            default: media = .todo(MessageTodo(title: word(), items: [MessageTodo.Item(id: 1, text: randomText())]))
            }
            return MessageExtras(media: [media])
        }

        /// A random query: words or their beginnings, sometimes with a 1- or 2-letter word.
        mutating func randomQuery() -> String {
            let count = Int.random(in: 1 ... 3, using: &rng)
            return (0 ..< count).map { _ in
                let word = MessageSearchIndexTests.vocabulary.randomElement(using: &rng)!
                let length = Int.random(in: 1 ... word.count, using: &rng)
                return String(word.prefix(Bool.random(using: &rng) ? word.count : length))
            }.joined(separator: " ")
        }

        mutating func randomSearch() -> MessageSearch {
            var search = MessageSearch(text: TextMatcher(randomQuery()), limit: [1, 3, 20, 1000].randomElement(using: &rng)!)
            if Int.random(in: 0 ..< 4, using: &rng) == 0 { search.chat = peers.randomElement(using: &rng)! }
            if Int.random(in: 0 ..< 4, using: &rng) == 0 { search.unreadOnly = true }
            if Int.random(in: 0 ..< 4, using: &rng) == 0 { search.since = MessageSearchIndexTests.base + Int32.random(in: 0 ... 60 * 86_400, using: &rng) }
            return search
        }

        /// Writes `count` messages, each chat's continuing its own ids and times.
        /// `count` new messages and, mixed in among them, `editing` stored ones rewritten (some
        /// twice): in one batch of 256 or more, the postings gathered beside the writes are
        /// dropped for the message-by-message path that takes old words out first.
        mutating func addMessages(_ count: Int, editing: Int = 0) throws {
            var batch: [Message] = []
            let edited = editing == 0 ? [] : messages.keys.sorted(by: { $0.description < $1.description }).shuffled(using: &rng).prefix(editing)
            for id in edited {
                var message = messages[id]!
                for _ in 0 ..< Int.random(in: 1 ... 2, using: &rng) {
                    message.text = randomText()
                    message.extras = randomExtras()
                    batch.insert(message, at: Int.random(in: 0 ... batch.count, using: &rng))
                }
            }
            // The version written last is the one stored.
            for message in batch { messages[message.id] = message }
            for _ in 0 ..< count {
                let peer = peers.randomElement(using: &rng)!
                let chat = messages.values.filter { $0.id.peerId == peer }
                let last = chat.max { $0.index < $1.index }
                // Above every id the chat has in any namespace: an id met again at another time
                // would be a second message (Telegram's key has the time), not the model's one.
                let id = (chat.map(\.id.id).max() ?? 0) + Int32.random(in: 1 ... 3, using: &rng)
                // Times on a 100 s grid (so chats tie), gaps up to a day (so many buckets), a few
                // in another namespace.
                let time = (last?.index.timestamp ?? MessageSearchIndexTests.base) + 100 * Int32.random(in: 0 ... 864, using: &rng)
                let namespace: Int32 = Int.random(in: 0 ..< 20, using: &rng) == 0 ? 1 : 0
                let message = Message(index: MessageIndex(id: MessageId(peerId: peer, namespace: namespace, id: id), timestamp: time),
                                      authorId: peer, text: randomText(), isIncoming: Int.random(in: 0 ..< 3, using: &rng) != 0,
                                      extras: randomExtras())
                messages[message.id] = message
                batch.append(message)
            }
            try postbox.transaction { try $0.addMessages(batch) }
        }
    }

    static func makeCorpus(_ dir: TemporaryDirectory, seed: UInt64, chats: Int = 12, messages: Int = 1500) throws -> Corpus {
        let postbox = try Postbox(layout: ContainerLayout(containerPath: dir.path), accountId: 3, deviceKey: key, readOnly: false)
        let peers = (0 ..< chats).map { PeerId(namespace: $0 % 3 == 0 ? .cloudGroup : .cloudUser, id: Int64(100 + $0)) }
        var corpus = Corpus(postbox: postbox, peers: peers, messages: [:], rng: SeededGenerator(seed: seed))
        // A supergroup with its group's history (ids shifted by −1,000,000,000, up to the
        // migration's timestamp, which its own id 1 shares), read up to the middle of it.
        let migrated = peers.count > 3 ? peers[3] : nil
        let shift: Int32 = -1_000_000_000
        try postbox.transaction { t in
            for (n, peer) in peers.enumerated() {
                try t.updatePeer(Peer(id: peer, firstName: "Chat \(n)"))
                // Some chats keep their newest messages unread.
                let mark = peer == migrated ? shift + 40 : n % 2 == 0 ? Int32(messages / chats) : Int32.max
                try t.prepareReadState(peer, maxIncomingReadId: mark)
            }
        }
        if let migrated {
            var history: [Message] = []
            for n: Int32 in 1 ... 81 {
                let id = n <= 80 ? shift + n : 1
                let message = Message(index: MessageIndex(id: MessageId(peerId: migrated, id: id), timestamp: base - 100 * (80 - min(n, 80))),
                                      authorId: migrated, text: corpus.randomText(), isIncoming: n % 3 != 0, extras: corpus.randomExtras())
                corpus.messages[message.id] = message
                history.append(message)
            }
            try postbox.transaction { try $0.addMessages(history) }
        }
        // Several batches, so rows gather segments from several transactions.
        for _ in 0 ..< 5 { try corpus.addMessages(messages / 5) }
        return corpus
    }

    /// Every (hash, bucket, entry) the index holds, and what a rebuild from the messages would hold.
    struct IndexEntry: Hashable {
        let hash: UInt64
        let bucket: UInt16
        let entry: PostingEntry
    }

    static func indexContents(_ postbox: Postbox) throws -> [IndexEntry] {
        try postbox.read { t in
            var all: [IndexEntry] = []
            try t.valueBox.range(PostboxTable.searchIndex, start: ValueBoxKey(), end: ValueBoxKey([UInt8](repeating: 0xff, count: 15))) { key, value in
                // A row's SegmentDirectory (at its 10-byte prefix) lists no messages.
                if key.count == 10 { return true }
                let row = SearchIndexRow(hash: UInt64(bitPattern: key.int64(at: 0)), bucket: SearchIndexRow.bucket(of: key))
                var entries: [PostingEntry] = []
                try PostingCodec.decode(value, bucketStart: row.start, into: &entries)
                #expect(!entries.isEmpty, "an empty segment is removed, not kept")
                all += entries.map { IndexEntry(hash: row.hash, bucket: row.bucket, entry: $0) }
                return true
            }
            return all
        }
    }

    static func expectedIndex(_ corpus: Corpus) -> Set<IndexEntry> {
        var expected = Set<IndexEntry>()
        for message in corpus.messages.values where message.id.namespace == MessageId.cloudNamespace {
            for hash in corpus.postbox.searchHasher.hashes(of: MessageSummary.searchableText(of: message)) {
                expected.insert(IndexEntry(hash: hash, bucket: SearchIndexRow.bucket(of: message.index.timestamp), entry: PostingEntry(message.index)))
            }
        }
        return expected
    }

    static func expectIndexIsExact(_ corpus: Corpus, _ comment: Comment) throws {
        let contents = try indexContents(corpus.postbox)
        #expect(Set(contents).count == contents.count, "an entry is stored twice (\(comment))")
        #expect(Set(contents) == expectedIndex(corpus), "the index is not what a rebuild would write (\(comment))")
    }

    static func expectAgreement(_ corpus: inout Corpus, searches: Int, _ comment: Comment) throws {
        let states = try corpus.readStates()
        var usedIndex = 0
        for _ in 0 ..< searches {
            let search = corpus.randomSearch()
            let expected = corpus.reference(search, readStates: states)
            let query = "\(search.text.map { $0.words.map { String(decoding: $0, as: UTF8.self) } } ?? [])"
            let label = "\(comment): \(query) chat \(search.chat.map { "\($0)" } ?? "-") unread \(search.unreadOnly) since \(search.since ?? 0) limit \(search.limit)"
            let indexed = try corpus.postbox.read { try search.indexedSearch($0) } != nil
            let hasIndexedWord = search.text?.words.contains { $0.withUnsafeBufferPointer(SearchWords.scalarCount) >= 3 } ?? false
            // Every chat here is small, so --from scans it.
            #expect(indexed == (hasIndexedWord && search.chat == nil), "\(label)")
            if indexed { usedIndex += 1 }
            #expect(try corpus.run(search, .index) == expected, "index: \(label)")
            #expect(try corpus.run(search, .scan) == expected, "scan: \(label)")
            #expect(try corpus.run(search, .automatic) == expected, "automatic: \(label)")
        }
        #expect(usedIndex > searches / 3, "too few searches went through the index (\(usedIndex)) (\(comment))")
    }

    @Test("Indexed search equals the scan and a brute-force reference: words, prefixes, several words, --from, --unread, --since, limits",
          .timeLimit(.minutes(5)))
    func agreesWithReference() throws {
        for seed: UInt64 in [1, 2] {
            try withTemporaryDirectory("search-index") { dir in
                var corpus = try Self.makeCorpus(dir, seed: seed)
                #expect(try SearchIndexBackfill.isComplete(corpus.postbox), "a new store's index is complete from the start")
                try Self.expectIndexIsExact(corpus, "seed \(seed)")
                try Self.expectAgreement(&corpus, searches: 150, "seed \(seed)")
            }
        }
    }

    @Test("A common word stops at its newest buckets; a rare word is found across the whole history")
    func commonAndRare() throws {
        try withTemporaryDirectory("search-index-rare") { dir in
            var corpus = try Self.makeCorpus(dir, seed: 3)
            // A rare word in the oldest message and one recent one (of those search reads: a chat's cloud messages).
            let searched = corpus.messages.values.filter { $0.id.namespace == MessageId.cloudNamespace }
            let oldest = try #require(searched.min { $0.index < $1.index })
            let newest = try #require(searched.max { $0.index < $1.index })
            var rare: [Message] = []
            for var message in [oldest, newest] {
                message.text += " quokka"
                rare.append(message)
                corpus.messages[message.id] = message
            }
            try corpus.postbox.transaction { try $0.addMessages(rare) }
            let found = try corpus.run(MessageSearch(text: TextMatcher("QUOKKA"), limit: 20), .automatic)
            #expect(found.map { String($0.split(separator: " ")[0]) } == [newest.id.description, oldest.id.description])
            let common = MessageSearch(text: TextMatcher("the"), limit: 5)
            #expect(try corpus.run(common, .automatic) == corpus.reference(common, readStates: corpus.readStates()))
        }
    }

    @Test("What a message carries is found: a poll's question and answers, a contact's name, a file's name, a song, a place, a checklist; by the index and the scan, main's and an extension's; edits and deletes follow")
    func mediaIsSearchable() throws {
        try withTemporaryDirectory("search-index-media") { dir in
            let layout = ContainerLayout(containerPath: dir.path)
            let postbox = try Postbox(layout: layout, accountId: 3, deviceKey: Self.key, readOnly: false)
            let peer = PeerId(namespace: .cloudUser, id: 7)
            func message(_ id: Int32, _ text: String, _ media: MessageMedia?) -> Message {
                Message(index: MessageIndex(id: MessageId(peerId: peer, id: id), timestamp: Self.base + id), authorId: peer, text: text,
                        isIncoming: true, extras: MessageExtras(media: media.map { [$0] } ?? []))
            }
            var messages = [
                message(1, "", .poll(MessagePoll(question: "Lunch tomorrow?", answers: [.init(text: "Pizza", voters: 2), .init(text: "Sushi", voters: 1)],
                                                 totalVoters: 3, isClosed: false))),
                message(2, "", .contact(MessageContact(firstName: "Ada", lastName: "Lovelace", phone: "+44 20 1234"))),
                message(3, "the figures", .file(MessageFile(kind: "file", fileName: "quarterly-report.pdf"))),
                message(4, "", .location(MessageLocation(latitude: 51.5, longitude: -0.1, title: "British Library", address: "96 Euston Road"))),
                message(5, "", .todo(MessageTodo(title: "Trip", items: [.init(id: 1, text: "passport"), .init(id: 2, text: "charger")]))),
                message(6, "", .file(MessageFile(kind: "audio_file", fileName: "track01.mp3", performer: "Nina Simone", title: "Feeling Good"))),
                message(7, "nothing but words", nil),
            ]
            try postbox.transaction { t in
                try t.updatePeer(Peer(id: peer, firstName: "Ada"))
                try t.addMessages(messages)
            }
            let reader = try Postbox(layout: layout, accountId: 3, deviceKey: Self.key, readOnly: true, useCaches: false)
            func expectFound(_ query: String, _ ids: [Int32], _ comment: Comment) throws {
                for strategy: MessageSearch.Strategy in [.index, .scan, .automatic] {
                    for box in [postbox, reader] {
                        var search = MessageSearch(text: TextMatcher(query), limit: 20)
                        search.strategy = strategy
                        let found = try box.read { try search.run($0).map(\.message.id.id) }
                        #expect(found == ids, "\(query) (\(strategy), \(box.isReadOnly ? "reader" : "writer")): \(comment)")
                    }
                }
            }
            let queries: [(String, [Int32])] = [
                ("sushi", [1]), ("lunch", [1]), ("pizza lunch", [1]), ("lovelace", [2]), ("ada lovelace", [2]), ("quarterly", [3]),
                ("figures report", [3]), ("pdf", [3]), ("euston", [4]), ("library brit", [4]), ("passport", [5]), ("trip", [5]),
                ("nina", [6]), ("feeling good", [6]), ("track01", [6]), ("words", [7]), ("sushi words", []),
            ]
            for (query, ids) in queries { try expectFound(query, ids, "as written") }
            try Self.expectIndexIsExact(Corpus(postbox: postbox, peers: [peer], messages: Dictionary(uniqueKeysWithValues: messages.map { ($0.id, $0) }),
                                              rng: SeededGenerator(seed: 1)), "with media")

            // The file renamed, the poll gone: the old words leave the index with them.
            messages[2].extras.media = [.file(MessageFile(kind: "file", fileName: "annual-summary.pdf"))]
            try postbox.transaction { t in
                try t.addMessages([messages[2]])
                _ = try t.deleteMessages([messages[0].id])
            }
            messages.removeFirst()
            for (query, ids) in [("quarterly", []), ("annual", [3]), ("figures summary", [3]), ("sushi", []), ("lunch", [])] as [(String, [Int32])] {
                try expectFound(query, ids, "after an edit and a delete")
            }
            try Self.expectIndexIsExact(Corpus(postbox: postbox, peers: [peer], messages: Dictionary(uniqueKeysWithValues: messages.map { ($0.id, $0) }),
                                              rng: SeededGenerator(seed: 1)), "after an edit and a delete")
        }
    }

    @Test("Edits and deletes keep the index exact: a deleted message's words leave it, an edited one's old words too")
    func editsAndDeletes() throws {
        try withTemporaryDirectory("search-index-delete") { dir in
            var corpus = try Self.makeCorpus(dir, seed: 4)
            let ids = corpus.messages.keys.sorted { $0.description < $1.description }
            let gone = Array(ids.shuffled(using: &corpus.rng).prefix(ids.count / 10))
            // A word only the deleted messages have is then found nowhere. (Five that search
            // reads: a chat's cloud messages.)
            var marked: [Message] = []
            for id in gone.filter({ $0.namespace == MessageId.cloudNamespace }).prefix(5) {
                var message = corpus.messages[id]!
                message.text += " wombat"
                marked.append(message)
                corpus.messages[id] = message
            }
            try corpus.postbox.transaction { try $0.addMessages(marked) }
            #expect(try corpus.run(MessageSearch(text: TextMatcher("wombat"), limit: 100), .automatic).count == 5)
            try Self.expectIndexIsExact(corpus, "after marking")

            let deleted = try corpus.postbox.transaction { try $0.deleteMessages(gone) }
            #expect(Set(deleted) == Set(gone))
            for id in gone { corpus.messages[id] = nil }
            #expect(try corpus.run(MessageSearch(text: TextMatcher("wombat"), limit: 100), .index).isEmpty)
            try Self.expectIndexIsExact(corpus, "after deleting")

            // Edits: the same message rewritten with other text, twice in one batch for some.
            var edits: [Message] = []
            for id in corpus.messages.keys.shuffled(using: &corpus.rng).prefix(100) {
                var message = corpus.messages[id]!
                message.text = corpus.randomText()
                message.extras = corpus.randomExtras()
                edits.append(message)
                if Bool.random(using: &corpus.rng) {
                    message.text = corpus.randomText()
                    message.extras = corpus.randomExtras()
                    edits.append(message)
                }
                corpus.messages[id] = message
            }
            try corpus.postbox.transaction { try $0.addMessages(edits) }
            try Self.expectIndexIsExact(corpus, "after editing")
            // New messages and edits in a batch large enough for the preparing thread.
            try corpus.addMessages(400, editing: 60)
            try Self.expectIndexIsExact(corpus, "after a large batch with edits")
            try Self.expectAgreement(&corpus, searches: 60, "after edits and deletes")
        }
    }

    @Test("A store without the index is scanned (read-only openers write nothing) until main's backfill completes it, live writes meanwhile included once")
    func backfill() throws {
        try withTemporaryDirectory("search-index-backfill") { dir in
            var corpus = try Self.makeCorpus(dir, seed: 5, messages: 1000)
            let layout = ContainerLayout(containerPath: dir.path)
            // A store from before the index: no state, no rows.
            try corpus.postbox.valueBox.write {
                try corpus.postbox.valueBox.remove(PostboxTable.metadata, SearchIndexState.metadataKey)
                try corpus.postbox.valueBox.removeAll(PostboxTable.searchIndex)
            }
            let search = MessageSearch(text: TextMatcher("tickets tom"), limit: 1000)
            let expected = corpus.reference(search, readStates: try corpus.readStates())
            #expect(!expected.isEmpty)

            // An extension: no state, so it scans, and it writes none.
            let reader = try Postbox(layout: layout, accountId: 3, deviceKey: Self.key, readOnly: true, useCaches: false)
            #expect(try reader.read { try search.indexedSearch($0) } == nil)
            #expect(try corpus.run(search, .automatic, on: reader) == expected)
            #expect(try reader.read { try SearchIndexState.load($0.valueBox) } == nil)

            // main opens it: an empty index to build; still scanned.
            let writer = try Postbox(layout: layout, accountId: 3, deviceKey: Self.key, readOnly: false)
            corpus = Corpus(postbox: writer, peers: corpus.peers, messages: corpus.messages, rng: corpus.rng)
            #expect(try writer.read { try SearchIndexState.load($0.valueBox) } == .building(after: nil))
            #expect(try corpus.run(search, .automatic, on: reader) == expected)

            // Part of the fill, then live writes and deletes on both sides of its position.
            let first = try writer.transaction { try $0.backfillSearchIndex(limit: 300) }
            #expect(first.indexed == 300 && !first.complete)
            // Large enough to be prepared on the thread, which gathers postings only for the
            // messages the fill has passed.
            try corpus.addMessages(400)
            let gone = Array(corpus.messages.keys.shuffled(using: &corpus.rng).prefix(50))
            try writer.transaction { _ = try $0.deleteMessages(gone) }
            for id in gone { corpus.messages[id] = nil }
            #expect(try reader.read { try search.indexedSearch($0) } == nil, "not used before it is complete")

            let rest = try SearchIndexBackfill.run(writer, batchSize: 97)
            #expect(rest > 0)
            #expect(try SearchIndexBackfill.isComplete(writer))
            #expect(try SearchIndexBackfill.run(writer) == 0, "a complete index is left as it is")
            try Self.expectIndexIsExact(corpus, "after the backfill")
            #expect(try reader.read { try search.indexedSearch($0) } != nil)
            try Self.expectAgreement(&corpus, searches: 60, "after the backfill")
        }
    }

    /// A message as a writer of schema 2 stored one with a file an export left out: version 3's
    /// fixed layout, the file's name in it.
    static func version3Row(text: String, fileName: String) -> [UInt8] {
        var w = BinaryWriter()
        // No author, outgoing, no thread, no media resources, no entities.
        w.write(UInt8(3)); w.write(false); w.write(text); w.write(false); w.write(MessageContentKind.file.rawValue); w.write(false)
        w.write(Int32(0))
        w.write(Int32(0))
        w.write(false); w.writeOptional(nil as String?); w.write(false); w.write(false)  // no reply, forward, edit; not a service message
        w.write(true); w.write(fileName); w.write(Int64(1234)); w.write("application/pdf")
        return w.bytes
    }

    /// The index as a writer of schema 2 left it: the messages it covers under their text's words
    /// alone. Inside a write transaction.
    static func indexTextAlone(_ corpus: Corpus, covering state: SearchIndexState) throws {
        let box = corpus.postbox.valueBox
        try box.removeAll(PostboxTable.searchIndex)
        var additions = PostingAdditions()
        for message in corpus.messages.values where SearchIndexWriter.isIndexed(message) && state.covers(PostboxKeys.message(message.index)) {
            additions.add(message.index, hashes: corpus.postbox.searchHasher.hashes(of: message.text))
        }
        var writer = SearchIndexWriter(valueBox: box, hasher: corpus.postbox.searchHasher)
        writer.adopt(additions)
        try writer.apply()
    }

    /// A store of schema 2: its messages (with media, and a version 3 row with a left-out file's
    /// name) indexed under their text alone, the index complete or its fill part-way. A reader
    /// refuses it; main upgrades it, and then what the messages carry is found, the index exactly
    /// what this build writes.
    @Test("A store of schema 2, its messages indexed under their text alone: refused by a reader, upgraded by main, what they carry found",
          arguments: [false, true])
    func schema2StoreIsUpgraded(fillInProgress: Bool) throws {
        try withTemporaryDirectory("search-index-schema2") { dir in
            let layout = ContainerLayout(containerPath: dir.path)
            var corpus = try Self.makeCorpus(dir, seed: fillInProgress ? 9 : 8, messages: 600)
            let box = corpus.postbox.valueBox
            // The version 3 row: written as text, then its value replaced.
            let peer = corpus.peers[0]
            let top = try #require(corpus.messages.values.filter { $0.id.peerId == peer }.max { $0.index < $1.index })
            let index = MessageIndex(id: MessageId(peerId: peer, id: top.id.id + 1), timestamp: top.index.timestamp + 10)
            let caption = "the minutes"
            try corpus.postbox.transaction { try $0.addMessages([Message(index: index, authorId: peer, text: caption, isIncoming: false)]) }
            let row = Self.version3Row(text: caption, fileName: "capybara-budget.pdf")
            try box.write { try box.set(PostboxTable.messageHistory, PostboxKeys.message(index), row) }
            corpus.messages[index.id] = try Message(index: index, decoding: row)
            let carried = corpus.messages.values.filter {
                $0.id.namespace == MessageId.cloudNamespace && MessageSummary.searchableText(of: $0) != $0.text
            }
            #expect(carried.count > 50)

            // Back to what a writer of schema 2 left: every message (or those up to the fill's
            // position) under its text's words alone.
            let keys = corpus.messages.values.filter { SearchIndexWriter.isIndexed($0) }.map { PostboxKeys.message($0.index) }.sorted()
            let state: SearchIndexState = fillInProgress ? .building(after: keys[keys.count / 2]) : .complete
            try box.write {
                try Self.indexTextAlone(corpus, covering: state)
                try state.save(box, format: 1)
                try box.connection.execute("PRAGMA user_version=2")
            }
            let search = MessageSearch(text: TextMatcher("capybara"), limit: 20)
            #expect(throws: StorageError.olderSchema(path: layout.postboxDatabasePath(3), found: 2, supported: PostboxTable.schemaVersion)) {
                try Postbox(layout: layout, accountId: 3, deviceKey: Self.key, readOnly: true, useCaches: false)
            }

            let writer = try Postbox(layout: layout, accountId: 3, deviceKey: Self.key, readOnly: false)
            #expect(writer.valueBox.storedSchemaVersion == PostboxTable.schemaVersion)
            #expect(try writer.read { try SearchIndexState.load($0.valueBox) } == state, "the upgrade leaves the fill where it was")
            corpus = Corpus(postbox: writer, peers: corpus.peers, messages: corpus.messages, rng: corpus.rng)
            if fillInProgress {
                #expect(try SearchIndexBackfill.run(writer, batchSize: 97) > 0)
            }
            try Self.expectIndexIsExact(corpus, "upgraded")
            let reader = try Postbox(layout: layout, accountId: 3, deviceKey: Self.key, readOnly: true, useCaches: false)
            for strategy: MessageSearch.Strategy in [.index, .scan] {
                #expect(try corpus.run(search, strategy, on: reader) == ["\(index.id) true"], "\(strategy)")
            }
            try Self.expectAgreement(&corpus, searches: 60, "after the upgrade")
            // Opened again, nothing more to do.
            _ = try Postbox(layout: layout, accountId: 3, deviceKey: Self.key, readOnly: false)
            try Self.expectIndexIsExact(corpus, "opened again")
        }
    }

    @Test("Schema 3's step reads the messages a batch at a time: a small batch indexes the same")
    func carriedWordsInSmallBatches() throws {
        try withTemporaryDirectory("search-index-carried") { dir in
            let corpus = try Self.makeCorpus(dir, seed: 10, messages: 300)
            let box = corpus.postbox.valueBox
            try box.write {
                try Self.indexTextAlone(corpus, covering: .complete)
                // The index as schema 3 found it: format 1.
                try SearchIndexState.complete.save(box, format: 1)
                try SearchIndexCarriedWords.add(box, hasher: corpus.postbox.searchHasher, batchSize: 7)
            }
            try Self.expectIndexIsExact(corpus, "batches of 7")
        }
    }

    @Test("An index of another format is dropped and rebuilt, never read")
    func otherFormat() throws {
        try withTemporaryDirectory("search-index-format") { dir in
            let corpus = try Self.makeCorpus(dir, seed: 6, messages: 300)
            try corpus.postbox.valueBox.write {
                try corpus.postbox.valueBox.set(PostboxTable.metadata, SearchIndexState.metadataKey, [SearchIndexState.formatVersion + 1, 1])
            }
            #expect(try corpus.postbox.read { try SearchIndexState.load($0.valueBox) } == nil)
            let reopened = try Postbox(layout: ContainerLayout(containerPath: dir.path), accountId: 3, deviceKey: Self.key, readOnly: false)
            #expect(try reopened.read { try SearchIndexState.load($0.valueBox) } == .building(after: nil))
            #expect(try Self.indexContents(reopened).isEmpty, "the old rows are gone")
            try SearchIndexBackfill.run(reopened)
            try Self.expectIndexIsExact(Corpus(postbox: reopened, peers: corpus.peers, messages: corpus.messages, rng: corpus.rng), "rebuilt")
        }
    }

    @Test("The plan: short words and no text scan; --from a small chat scans, a large one uses the index")
    func plan() throws {
        try withTemporaryDirectory("search-index-plan") { dir in
            var corpus = try Self.makeCorpus(dir, seed: 7, messages: 300)
            let big = PeerId(namespace: .cloudUser, id: 999)
            // A chat whose ids say it is large.
            let message = Message(index: MessageIndex(id: MessageId(peerId: big, id: Int32(MessageSearch.smallChat) + 10), timestamp: Self.base),
                                  authorId: big, text: "tickets for the big chat", isIncoming: true)
            // And one whose own ids are few, but with a long group history inside it (ids from −1,000,000,000).
            let migrated = PeerId(namespace: .cloudChannel, id: 998)
            let history = [-1_000_000_000 + 1, -1_000_000_000 + Int32(MessageSearch.smallChat), 1, 2].enumerated().map { n, id in
                Message(index: MessageIndex(id: MessageId(peerId: migrated, id: id), timestamp: Self.base + Int32(n)), authorId: migrated,
                        text: "tickets \(n)", isIncoming: false)
            }
            try corpus.postbox.transaction { try $0.addMessages([message] + history) }
            corpus.messages[message.id] = message
            let small = corpus.peers[0]
            let plans = try corpus.postbox.read { t in
                try [MessageSearch(text: TextMatcher("ok a"), limit: 5), MessageSearch(limit: 5), MessageSearch(text: TextMatcher("tic"), limit: 5),
                     MessageSearch(text: TextMatcher("tic"), chat: small, limit: 5), MessageSearch(text: TextMatcher("tic"), chat: big, limit: 5),
                     MessageSearch(text: TextMatcher("tic"), chat: migrated, limit: 5)]
                    .map { try $0.indexedSearch(t) != nil }
            }
            #expect(plans == [false, false, true, false, true, true])
            let inMigrated = try corpus.run(MessageSearch(text: TextMatcher("tickets"), chat: migrated, limit: 5), .automatic)
            #expect(inMigrated == history.reversed().map { "\($0.id) true" }, "\(inMigrated)")
            // (Its one message is unread: a chat's first messages arrive above read mark 0.)
            let found = try corpus.run(MessageSearch(text: TextMatcher("tick"), chat: big, limit: 5), .automatic)
            #expect(found == ["\(message.id) false"], "\(found)")
        }
    }

    /// A chat the account left (an export's left_chats) keeps its history out of the chat list,
    /// as Telegram's `.notIncluded`: a search over all chats passes it by, the index's way as the
    /// scan's (which walks the list); `--from` it still searches it; new messages do not bring it
    /// back; putting it back lists it at its newest message.
    @Test("A chat out of the chat list: kept, passed by a search over all chats either way, searched with --from, listed again when put back")
    func chatOutOfTheList() throws {
        try withTemporaryDirectory("search-not-listed") { dir in
            var corpus = try Self.makeCorpus(dir, seed: 6, messages: 900)
            let left = corpus.peers[1]
            try corpus.postbox.transaction { t in
                try t.setPinnedChats([left])
                try t.setIncludedInChatList(left, false)
                try t.setIncludedInChatList(left, false)
            }
            func listed() throws -> [PeerId] { try corpus.postbox.read { try $0.topChatListEntries(count: 100).map(\.peerId) } }
            #expect(try !listed().contains(left))
            #expect(try listed().count == corpus.peers.count - 1)
            #expect(try corpus.postbox.read { try $0.isIncludedInChatList(left) } == false)
            // Its history is kept; new messages (a batch large enough for the preparing thread) go
            // into it and into the index, and the list still passes it by.
            try corpus.addMessages(400)
            #expect(try !listed().contains(left))
            let newest = try #require(corpus.messages.values.filter { $0.id.peerId == left && $0.id.namespace == MessageId.cloudNamespace }.max { $0.index < $1.index })
            #expect(try corpus.postbox.read { try $0.message(newest.index) } == newest)

            let states = try corpus.readStates()
            var visible = corpus
            visible.messages = corpus.messages.filter { $0.key.peerId != left }
            // Random searches, and searches for the words of the left chat's own messages (which
            // random ones seldom find), over all chats and `--from` it.
            let leftWords = corpus.messages.values.filter { $0.id.peerId == left }.flatMap { $0.text.split(separator: " ").filter { $0.count >= 3 } }
            #expect(leftWords.count > 20)
            for n in 0 ..< 100 {
                var search = corpus.randomSearch()
                if n % 2 == 0 { search = MessageSearch(text: TextMatcher(String(leftWords.randomElement(using: &corpus.rng)!)), limit: 1000) }
                if n % 4 == 1 { search.chat = left }
                let expected = search.chat == nil ? visible.reference(search, readStates: states) : corpus.reference(search, readStates: states)
                let label = "\(search.text.map { "\($0)" } ?? "-") chat \(search.chat.map { "\($0)" } ?? "-") limit \(search.limit)"
                #expect(try corpus.run(search, .index) == expected, "index: \(label)")
                #expect(try corpus.run(search, .scan) == expected, "scan: \(label)")
                #expect(try corpus.run(search, .automatic) == expected, "automatic: \(label)")
            }

            // Back in the list, at its newest message, unpinned (its pin went when it left).
            try corpus.postbox.transaction { try $0.setIncludedInChatList(left, true) }
            let entry = try #require(try corpus.postbox.read { try $0.chatListKey(left) })
            #expect(entry.topMessage == newest.index && entry.pinningIndex == nil)
            #expect(try listed().contains(left) && listed().count == corpus.peers.count)
        }
    }
}

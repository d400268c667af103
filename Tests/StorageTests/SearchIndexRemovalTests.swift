import Container
import Cryptography
@testable import KeyValueStore
@testable import Storage
import TestSupport
import Testing

/// Edits and deletions in rows of many segments (a word in every message of a long chat): a
/// removal reads only the segments its SegmentDirectory says may hold the message, and the
/// index stays exactly what a rebuild would write, against a model of random adds, edits,
/// deletes and searches compared with a brute-force search.
@Suite("Search index removals")
struct SearchIndexRemovalTests {
    typealias Corpus = MessageSearchIndexTests.Corpus
    /// Few words, so that each is in hundreds of messages of one bucket: rows of many segments.
    static let vocabulary = ["common", "commonplace", "com", "tickets", "tick", "tomato", "tom", "plan", "planet", "zoë"]
    static let bucketStart = SearchIndexRow.start(of: SearchIndexRow.bucket(of: MessageSearchIndexTests.base))

    static func text(_ rng: inout SeededGenerator) -> String {
        (0 ..< Int.random(in: 1 ... 4, using: &rng)).map { _ in vocabulary.randomElement(using: &rng)! }.joined(separator: " ")
    }

    /// Every row's segments and directory: each segment but the highest has a range that holds
    /// all its entries, and no directory is left without segments.
    static func expectDirectoriesHold(_ postbox: Postbox, _ comment: Comment) throws {
        try postbox.read { t in
            var segments: [SearchIndexRow: [(Int32, [PostingEntry])]] = [:]
            var directories: [SearchIndexRow: SegmentDirectory] = [:]
            try t.valueBox.range(PostboxTable.searchIndex, start: ValueBoxKey(), end: ValueBoxKey([UInt8](repeating: 0xff, count: 15))) { key, value in
                let row = SearchIndexRow(hash: UInt64(bitPattern: key.int64(at: 0)), bucket: SearchIndexRow.bucket(of: key))
                if key.count == 10 {
                    directories[row] = try SegmentDirectory.decode(value, bucketStart: row.start)
                } else {
                    var entries: [PostingEntry] = []
                    try PostingCodec.decode(value, bucketStart: row.start, into: &entries)
                    segments[row, default: []].append((SearchIndexRow.segment(of: key), entries))
                }
                return true
            }
            for row in directories.keys { #expect(segments[row] != nil, "a directory without segments (\(comment))") }
            for (row, list) in segments {
                for (segment, entries) in list.dropLast() {
                    let range = try #require(directories[row]?.ranges[segment], "segment \(segment) of a row is not in its directory (\(comment))")
                    #expect(entries.allSatisfy(range.mayHold), "segment \(segment) holds entries outside its range (\(comment))")
                }
            }
        }
    }

    static func manySegmentRows(_ postbox: Postbox) throws -> Int {
        try postbox.read { t in
            var rows = 0
            try t.valueBox.range(PostboxTable.searchIndex, start: ValueBoxKey(), end: ValueBoxKey([UInt8](repeating: 0xff, count: 15)), values: false) { key, _ in
                if key.count == 10 { rows += 1 }
                return true
            }
            return rows
        }
    }

    @Test("Random adds (in order and out of it), edits and deletes, one by one and in batches: the index stays exact, every directory holds, searches equal a brute-force search",
          .timeLimit(.minutes(5)), arguments: [UInt64(1), 2])
    func model(seed: UInt64) throws {
        try withTemporaryDirectory("search-index-removals") { dir in
            let postbox = try Postbox(layout: ContainerLayout(containerPath: dir.path), accountId: 3, deviceKey: MessageSearchIndexTests.key, readOnly: false)
            let peers = (0 ..< 3).map { PeerId(namespace: .cloudUser, id: Int64(200 + $0)) }
            var corpus = Corpus(postbox: postbox, peers: peers, messages: [:], rng: SeededGenerator(seed: seed))
            try postbox.transaction { t in
                for peer in peers {
                    try t.updatePeer(Peer(id: peer, firstName: "Chat \(peer.id)"))
                    try t.prepareReadState(peer, maxIncomingReadId: 100)
                }
            }
            var nextId: [PeerId: Int32] = [:]
            var clock = Self.bucketStart
            func newMessage() -> Message {
                let peer = peers.randomElement(using: &corpus.rng)!
                let id = nextId[peer, default: 1]
                nextId[peer] = id + 1
                // Mostly forward in time; one in eight anywhere in the bucket (an older history
                // arriving late), some in the next bucket.
                clock += Int32.random(in: 0 ... 40, using: &corpus.rng)
                let time = Int.random(in: 0 ..< 8, using: &corpus.rng) == 0
                    ? Self.bucketStart + Int32.random(in: 0 ..< (1 << SearchIndexRow.bucketShift) + 20_000, using: &corpus.rng) : clock
                return Message(index: MessageIndex(id: MessageId(peerId: peer, id: id), timestamp: time), authorId: peer,
                               text: Self.text(&corpus.rng), isIncoming: Bool.random(using: &corpus.rng))
            }
            for round in 0 ..< 10 {
                // New messages: a batch large enough for the preparing thread, then small ones.
                for size in [300, 40, 1, 1] {
                    let batch = (0 ..< size).map { _ in newMessage() }
                    for message in batch { corpus.messages[message.id] = message }
                    try postbox.transaction { try $0.addMessages(batch) }
                }
                // Edits, one per transaction (as main's MessageActions) and a batch of them.
                let ids = corpus.messages.keys.sorted { $0.description < $1.description }
                for (n, id) in ids.shuffled(using: &corpus.rng).prefix(25).enumerated() {
                    var message = corpus.messages[id]!
                    message.text = Self.text(&corpus.rng)
                    corpus.messages[id] = message
                    if n < 15 {
                        _ = try postbox.transaction(durable: true) { t in try t.updateMessage(id) { $0.text = message.text } }
                    } else {
                        try postbox.transaction { try $0.addMessages([message]) }
                    }
                }
                // Deletions, one at a time and a batch.
                let gone = Array(corpus.messages.keys.sorted { $0.description < $1.description }.shuffled(using: &corpus.rng).prefix(30))
                for id in gone.prefix(10) { _ = try postbox.transaction(durable: true) { try $0.deleteMessages([id]) } }
                try postbox.transaction { _ = try $0.deleteMessages(Array(gone.dropFirst(10))) }
                for id in gone { corpus.messages[id] = nil }

                try MessageSearchIndexTests.expectIndexIsExact(corpus, "seed \(seed) round \(round)")
                try Self.expectDirectoriesHold(postbox, "seed \(seed) round \(round)")
                let states = try corpus.readStates()
                for _ in 0 ..< 15 {
                    var search = MessageSearch(text: TextMatcher(Self.vocabulary.randomElement(using: &corpus.rng)!), limit: [3, 50, 5000].randomElement(using: &corpus.rng)!)
                    if Bool.random(using: &corpus.rng) { search.unreadOnly = true }
                    #expect(try corpus.run(search, .index) == corpus.reference(search, readStates: states), "seed \(seed) round \(round)")
                }
            }
            #expect(try Self.manySegmentRows(postbox) > 5, "the rows of many segments this is about")
        }
    }

    /// The segments of the rows a message's words are in, in one chat whose every message has them.
    static func commonChat(_ dir: TemporaryDirectory, messages count: Int32) throws -> (Postbox, [Message]) {
        let postbox = try Postbox(layout: ContainerLayout(containerPath: dir.path), accountId: 3, deviceKey: MessageSearchIndexTests.key, readOnly: false)
        let peer = PeerId(namespace: .cloudUser, id: 300)
        let messages = (1 ... count).map { id in
            Message(index: MessageIndex(id: MessageId(peerId: peer, id: id), timestamp: bucketStart + id), authorId: peer,
                    text: "common words everywhere", isIncoming: true)
        }
        try postbox.transaction { t in
            try t.updatePeer(Peer(id: peer, firstName: "Common"))
            // Sent one page at a time, as a live chat fills.
            for page in stride(from: 0, to: messages.count, by: 100) { try t.addMessages(Array(messages[page ..< min(page + 100, messages.count)])) }
        }
        return (postbox, messages)
    }

    @Test("Deleting or editing the oldest message of a long chat whose every message shares its words reads only the segments that may hold it: a damaged segment elsewhere is never read")
    func removalReadsOnlyItsSegments() throws {
        try withTemporaryDirectory("search-index-removal-reads") { dir in
            let (postbox, messages) = try Self.commonChat(dir, messages: 3000)
            // Every row of these words has many segments; the one before the highest of each is damaged.
            let hashes = postbox.searchHasher.hashes(of: "common words everywhere")
            let bucket = SearchIndexRow.bucket(of: Self.bucketStart)
            try postbox.valueBox.write {
                for hash in hashes {
                    let row = SearchIndexRow(hash: hash, bucket: bucket)
                    var highest: Int32 = -1
                    try postbox.valueBox.range(PostboxTable.searchIndex, start: row.prefix.successor, end: row.prefix, limit: 1, values: false) { key, _ in
                        highest = SearchIndexRow.segment(of: key)
                        return false
                    }
                    #expect(highest >= 5, "a row of many segments")
                    try postbox.valueBox.set(PostboxTable.searchIndex, row.segmentKey(highest - 1), [0xEE])
                }
            }
            #expect(try postbox.transaction(durable: true) { try $0.deleteMessages([messages[0].id]) } == [messages[0].id])
            let edited = try postbox.transaction(durable: true) { t in try t.updateMessage(messages[1].id) { $0.text = "unusual words" } }
            #expect(edited?.text == "unusual words")
            // Not found by its old words any more, found by its new one (the search reads the
            // newest segments first and stops before the damaged one for a short list).
            let found = try postbox.read { t in try MessageSearch(text: TextMatcher("unusual"), limit: 5).run(t).map(\.message.id) }
            #expect(found == [messages[1].id])
        }
    }

    struct Interrupted: Error {}

    @Test("A transaction that fails after an edit, a deletion and appends that close segments leaves segments and directories as they were: they commit together or not at all")
    func failedTransactionLeavesTheIndex() throws {
        try withTemporaryDirectory("search-index-removal-rollback") { dir in
            let (postbox, messages) = try Self.commonChat(dir, messages: 1200)
            func snapshot() throws -> [ValueBoxKey: [UInt8]] {
                try postbox.read { t in
                    var rows: [ValueBoxKey: [UInt8]] = [:]
                    try t.valueBox.range(PostboxTable.searchIndex, start: ValueBoxKey(), end: ValueBoxKey([UInt8](repeating: 0xff, count: 15))) { key, value in
                        rows[key] = value
                        return true
                    }
                    return rows
                }
            }
            let before = try snapshot()
            let peer = messages[0].id.peerId
            #expect(throws: Interrupted.self) {
                try postbox.transaction(durable: true) { t in
                    _ = try t.updateMessage(messages[5].id) { $0.text = "other words" }
                    _ = try t.deleteMessages([messages[700].id])
                    // Enough new messages to close the newest segment of every row.
                    try t.addMessages((1 ... 600).map { n in
                        Message(index: MessageIndex(id: MessageId(peerId: peer, id: 2000 + n), timestamp: Self.bucketStart + 2000 + n), authorId: peer,
                                text: "common words everywhere", isIncoming: true)
                    })
                    throw Interrupted()
                }
            }
            #expect(try snapshot() == before)
            let corpus = Corpus(postbox: postbox, peers: [peer], messages: Dictionary(uniqueKeysWithValues: messages.map { ($0.id, $0) }),
                                rng: SeededGenerator(seed: 1))
            try MessageSearchIndexTests.expectIndexIsExact(corpus, "after the failed transaction")
            try Self.expectDirectoriesHold(postbox, "after the failed transaction")
        }
    }

    @Test("Schema 4's upgrade gives an index of format 1 (no directories) its directories in place: refused by a reader before, the same index as this build's after")
    func schema3StoreIsUpgraded() throws {
        try withTemporaryDirectory("search-index-schema3") { dir in
            let layout = ContainerLayout(containerPath: dir.path)
            let (postbox, messages) = try Self.commonChat(dir, messages: 2000)
            let box = postbox.valueBox
            func directories() throws -> [ValueBoxKey: [UInt8]] {
                try box.read {
                    var found: [ValueBoxKey: [UInt8]] = [:]
                    try box.range(PostboxTable.searchIndex, start: ValueBoxKey(), end: ValueBoxKey([UInt8](repeating: 0xff, count: 15))) { key, value in
                        if key.count == 10 { found[key] = value }
                        return true
                    }
                    return found
                }
            }
            let written = try directories()
            #expect(written.count >= 3)
            // What schema 3 left: the same segments, no directories, format 1.
            try box.write {
                for key in written.keys { try box.remove(PostboxTable.searchIndex, key) }
                try SearchIndexState.complete.save(box, format: 1)
                try box.connection.execute("PRAGMA user_version=3")
            }
            #expect(throws: StorageError.olderSchema(path: layout.postboxDatabasePath(3), found: 3, supported: PostboxTable.schemaVersion)) {
                try Postbox(layout: layout, accountId: 3, deviceKey: MessageSearchIndexTests.key, readOnly: true, useCaches: false)
            }
            let writer = try Postbox(layout: layout, accountId: 3, deviceKey: MessageSearchIndexTests.key, readOnly: false)
            #expect(writer.valueBox.storedSchemaVersion == PostboxTable.schemaVersion)
            #expect(try writer.read { try SearchIndexState.load($0.valueBox) } == .complete, "kept, not rebuilt")
            #expect(try directories().keys.sorted() == written.keys.sorted())
            try Self.expectDirectoriesHold(writer, "upgraded")
            _ = try writer.transaction { try $0.deleteMessages([messages[0].id]) }
            let corpus = Corpus(postbox: writer, peers: [messages[0].id.peerId],
                                messages: Dictionary(uniqueKeysWithValues: messages.dropFirst().map { ($0.id, $0) }), rng: SeededGenerator(seed: 1))
            try MessageSearchIndexTests.expectIndexIsExact(corpus, "upgraded, then a deletion")
        }
    }
}

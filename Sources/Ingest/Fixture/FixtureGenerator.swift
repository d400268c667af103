import Container
import Storage

/// `main seed`: a deterministic, realistic fixture for the current account — users (most of them
/// contacts with phone numbers), groups, channels, a few secret chats; messages spread unevenly
/// (a few busy chats, a long tail), pinned chats, unread counts, muted chats and a call log.
public struct FixtureGenerator {
    public struct Summary: Codable, Sendable {
        public var peers: Int
        public var messages: Int
        public var pinned: Int
        public var calls: Int
        public var seconds: Double
        /// A few seeded names and texts, so leak tests know what must never appear in plain.
        public var sampleNames: [String]
        public var sampleTexts: [String]
        /// A word found in only `rareWordMessages` messages, spread over the chats and the month,
        /// beside the vocabulary's common words: the search benchmark's worst case for a scan.
        public var rareWord: String
        public var rareWordMessages: Int
        /// The chat that ends with `unreadChatUnread` unread incoming messages (nil: none), as
        /// `main chats` prints peer ids, for the benchmark to open and mark unread again.
        public var unreadChatPeerId: Int64?
        public var unreadChatUnread: Int = 0
    }

    public let peerCount: Int
    public let messageCount: Int
    public let seed: UInt64
    /// How many of the messages the first chat — a user, pinned first, so the top of the chat
    /// list — holds, the rest spread over the other chats; 0: no such chat, every chat weighted
    /// alike. The benchmark opens a 100,000-message chat with it.
    public let bigChatMessages: Int
    /// How many unread incoming messages the next chat (second in the list after the big chat,
    /// pinned too) ends with; it holds twice as many, the older half read. 0: no such chat. The
    /// benchmark opens a chat with 10,000 unread at its divider with it.
    public let unreadChatMessages: Int
    /// Messages per write transaction: bounded so a kill mid-seed loses at most one chunk, and
    /// so that the WAL stays well inside its 64 MiB budget while readers hold it. Larger transactions
    /// cost less a message (fewer commits and checkpoints, and each search row and chat tail
    /// rewritten once per chunk): 50,000 ingested 17 % faster than 20,000 with five readers, the
    /// WAL at most 34 MiB (BENCHMARKS.md).
    public static let defaultChunkSize = 50_000
    public var chunkSize = FixtureGenerator.defaultChunkSize
    /// How many messages hold the rare word (fewer when there are fewer messages).
    public static let rareWordPlantings = 5

    public init(peerCount: Int, messageCount: Int, seed: UInt64, bigChatMessages: Int = 0, unreadChatMessages: Int = 0) {
        precondition(bigChatMessages >= 0 && bigChatMessages <= messageCount, "the big chat's messages are some of the messages")
        precondition(peerCount > 1 || bigChatMessages == 0 || bigChatMessages == messageCount,
                     "with one chat, the big chat holds every message")
        precondition(unreadChatMessages >= 0 && bigChatMessages + 2 * unreadChatMessages <= messageCount,
                     "the unread chat's messages (twice its unread) are some of the messages")
        precondition(unreadChatMessages == 0 || peerCount >= (bigChatMessages > 0 ? 3 : 2),
                     "the unread chat needs a chat of its own, and another for the rest of the messages")
        self.peerCount = peerCount
        self.messageCount = messageCount
        self.seed = seed
        self.bigChatMessages = bigChatMessages
        self.unreadChatMessages = unreadChatMessages
    }

    /// Where the unread chat is among the peers: right after the big chat (nil: none).
    var unreadChatIndex: Int? {
        unreadChatMessages > 0 ? (bigChatMessages > 0 ? 1 : 0) : nil
    }

    /// Messages per chat: Zipf-like weights give a few busy chats and a long tail; the big chat
    /// and the unread chat hold exactly their shares first and the other chats split the rest.
    func messagesPerPeer(_ peers: Int) -> [Int] {
        var fixed: [Int] = []
        if bigChatMessages > 0 && peers > 1 { fixed.append(bigChatMessages) }
        if unreadChatMessages > 0 { fixed.append(2 * unreadChatMessages) }
        // The initializer leaves a chat for the rest whenever there is a fixed one.
        return fixed + Self.spread(messageCount - fixed.reduce(0, +), over: peers - fixed.count)
    }

    public func run(postbox: Postbox, accountPeerId: PeerId, progress: (Int) -> Void = { _ in }) throws -> Summary {
        // `progress`: messages handed to the writer so far.
        let start = Clock.monotonicNanoseconds()
        var rng = SplitMix64(seed: seed)
        let peers = makePeers(&rng)
        var sampleNames = Array(peers.prefix(5).map(\.displayTitle))
        try postbox.transaction { t in
            for peer in peers { try t.updatePeer(peer) }
        }
        let perPeer = messagesPerPeer(peers.count)

        let now = Clock.unixTime()
        let users = peers.filter(\.isUser)
        var sampleTexts: [String] = []
        var texts = FixtureTextMaker()
        var pending: [Message] = []
        var written = 0
        // The rare word goes into evenly spaced messages (in generation order, so into chats of all
        // sizes and all ages); no generator draw is spent on it, so the rest of the fixture stays
        // what the same seed always gave.
        let rareStride = max(1, messageCount / Self.rareWordPlantings)
        var ordinal = 0
        var planted = 0
        // Messages are generated on this thread and written on the pipeline's: the SQLite writer
        // does little besides SQLite's work, which is what bounds the ingest when extensions load
        // the cores (a thread's share of them is all it gets).
        let pipeline = PostboxWritePipeline(postbox: postbox, label: "seed-writer")
        // On a failure here, what was handed over is written (or fails) before the Postbox is used again.
        defer { try? pipeline.finish() }
        func flush() throws {
            guard !pending.isEmpty else { return }
            let batch = pending
            pending = []
            pending.reserveCapacity(chunkSize)
            try pipeline.submit { try $0.addMessages(batch) }
            written += batch.count
            progress(written)
        }
        try postbox.transaction { t in
            for (index, peer) in peers.enumerated() where perPeer[index] > 0 {
                // Every fifth chat keeps a few unread messages at its end; the unread chat its half.
                let unread = index == unreadChatIndex ? unreadChatMessages
                    : index % 5 == 0 ? min(perPeer[index], Int(rng.next() % 12) + 1) : 0
                try t.prepareReadState(peer.id, maxIncomingReadId: Int32(perPeer[index] - unread))
            }
        }
        for (index, peer) in peers.enumerated() {
            let count = perPeer[index]
            guard count > 0 else { continue }
            // The chat's history spans the last 30 days, ending at a random recent moment.
            let end = now - Int32(rng.next() % 86_400)
            let step = max(1, (30 * 86_400) / Int32(max(count, 1)))
            // The incoming tail that the read mark leaves unread (prepareReadState above).
            let incomingTail = index == unreadChatIndex ? unreadChatMessages : index % 5 == 0 ? 12 : 0
            for n in 0..<count {
                let id = Int32(n + 1)
                let timestamp = end - Int32(count - n) * step
                let isIncoming = n >= count - incomingTail ? true : rng.next() % 10 < 6
                let author: PeerId
                switch peer.id.namespace {
                case .cloudUser, .secretChat: author = isIncoming ? (peer.associatedPeerId ?? peer.id) : accountPeerId
                default: author = isIncoming ? users[Int(rng.next() % UInt64(users.count))].id : accountPeerId
                }
                var text = texts.text(&rng)
                if sampleTexts.count < 5 && text.count > 20 { sampleTexts.append(text) }
                if ordinal % rareStride == rareStride / 2 && planted < Self.rareWordPlantings {
                    text += " — \(FixtureVocabulary.rareWord)"
                    planted += 1
                }
                ordinal += 1
                let kind: MessageContentKind = rng.next() % 20 == 0 ? [.image, .video, .file, .voiceMessage, .sticker][Int(rng.next() % 5)] : .text
                var message = Message(index: MessageIndex(id: MessageId(peerId: peer.id, id: id), timestamp: timestamp),
                                      authorId: author, text: text, isIncoming: isIncoming, contentKind: kind)
                // The big chat's newest message answers the one halfway back: the interface bench
                // jumps to it (Enter on a reply) across half of the chat.
                if index == 0, bigChatMessages > 0, count == bigChatMessages, n == count - 1, count > 1 {
                    message.extras.replyTo = MessageReply(id: Int32(count / 2))
                }
                pending.append(message)
                if pending.count >= chunkSize { try flush() }
            }
        }
        try flush()
        try pipeline.finish()
        let pinned = Array(peers.prefix(min(5, peers.count)).map(\.id))
        var calls = 0
        try postbox.transaction { t in
            try t.setPinnedChats(pinned)
            for (index, peer) in peers.enumerated() where index % 10 == 3 {
                try t.setNotificationSettings(peer.id, PeerNotificationSettings(muteUntil: Int32.max, sound: "default", displayPreviews: true))
            }
            for n in 0..<min(60, users.count * 2) {
                let user = users[Int(rng.next() % UInt64(users.count))]
                let missed = rng.next() % 4 == 0
                try t.addCall(CallRecord(callId: Int64(n + 1), peerId: user.id, timestamp: now - Int32(n) * 7_200,
                                         duration: missed ? 0 : Int32(rng.next() % 900), isOutgoing: rng.next() % 2 == 0,
                                         isMissed: missed, isVideo: rng.next() % 5 == 0))
                calls += 1
            }
        }
        if let user = users.first, let phone = user.phone { sampleNames.append(phone) }
        return Summary(peers: peers.count, messages: written, pinned: pinned.count, calls: calls,
                       seconds: Clock.milliseconds(since: start) / 1000, sampleNames: sampleNames, sampleTexts: sampleTexts,
                       rareWord: FixtureVocabulary.rareWord, rareWordMessages: planted,
                       unreadChatPeerId: unreadChatIndex.map { peers[$0].id.toInt64() }, unreadChatUnread: unreadChatMessages)
    }

    /// `count` messages over `chats` chats with weights 1/√(i+2), the remainder one by one from
    /// the first chat on.
    static func spread(_ count: Int, over chats: Int) -> [Int] {
        let weights = (0..<chats).map { 1.0 / Double($0 + 2).squareRoot() }
        let totalWeight = weights.reduce(0, +)
        var perPeer = weights.map { Int(Double(count) * $0 / totalWeight) }
        var assigned = perPeer.reduce(0, +)
        var i = 0
        while assigned < count && !perPeer.isEmpty { perPeer[i % perPeer.count] += 1; assigned += 1; i += 1 }
        return perPeer
    }

    private func pick<T>(_ list: [T], _ rng: inout SplitMix64) -> T { list[Int(rng.next() % UInt64(list.count))] }

    private func makePeers(_ rng: inout SplitMix64) -> [Peer] {
        var peers: [Peer] = []
        var users: [Peer] = []
        for n in 0..<peerCount {
            let roll = n < 3 ? UInt64(n * 30) : rng.next() % 100
            let id = Int64(1_000_000 + n)
            if roll < 75 || users.isEmpty {
                let first = pick(FixtureVocabulary.firstNames, &rng), last = pick(FixtureVocabulary.lastNames, &rng)
                let isContact = rng.next() % 10 < 6
                let user = Peer(id: PeerId(namespace: .cloudUser, id: id), firstName: first, lastName: last,
                                username: rng.next() % 3 == 0 ? "\(first.lowercased())_\(last.lowercased())\(n)" : nil,
                                phone: isContact ? "+1555\(String(1_000_000 + Int(rng.next() % 8_999_999)))" : nil,
                                isContact: isContact, isDeleted: rng.next() % 200 == 0)
                users.append(user)
                peers.append(user)
            } else if roll < 87 {
                peers.append(Peer(id: PeerId(namespace: .cloudGroup, id: id),
                                  title: "\(pick(FixtureVocabulary.groupWords, &rng)) \(pick(FixtureVocabulary.lastNames, &rng))"))
            } else if roll < 95 {
                peers.append(Peer(id: PeerId(namespace: .cloudChannel, id: id), title: pick(FixtureVocabulary.channelWords, &rng),
                                  username: "channel\(n)"))
            } else {
                let other = pick(users, &rng)
                peers.append(Peer(id: PeerId(namespace: .secretChat, id: id), firstName: other.firstName, lastName: other.lastName,
                                  associatedPeerId: other.id))
            }
        }
        return peers
    }
}

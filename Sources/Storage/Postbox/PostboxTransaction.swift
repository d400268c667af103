import Formats
import KeyValueStore

/// Reads and writes of one Postbox transaction. Write methods keep the derived tables (chat list,
/// message id index, read states, counters, the search index) in step with the rows they summarise.
public final class PostboxTransaction {
    let valueBox: ValueBox
    let searchHasher: SearchIndexHasher
    let messagePreparer: MessagePreparer
    private var cachedCounters: PostboxCounters?
    private var countersChanged = false
    /// The search index's state, once read (PostboxTransaction+SearchIndex).
    var cachedSearchIndexState: SearchIndexState??
    /// The muted chats' unread totals as this transaction changed them (MutedUnread).
    var cachedMutedUnread: MutedUnread?
    /// Unix time: when a mute has run out.
    let clock: () -> Int32

    init(valueBox: ValueBox, searchHasher: SearchIndexHasher, messagePreparer: MessagePreparer, clock: @escaping () -> Int32) {
        self.valueBox = valueBox
        self.searchHasher = searchHasher
        self.messagePreparer = messagePreparer
        self.clock = clock
    }

    // MARK: Metadata

    public func counters() throws -> PostboxCounters {
        if let cachedCounters { return cachedCounters }
        let loaded = try valueBox.get(PostboxTable.metadata, PostboxKeys.counters).map { try PostboxCounters(decoding: $0) } ?? PostboxCounters()
        cachedCounters = loaded
        return loaded
    }

    private func updateCounters(_ change: (inout PostboxCounters) -> Void) throws {
        var c = try counters()
        change(&c)
        cachedCounters = c
        countersChanged = true
    }

    func saveCounters() throws {
        if countersChanged, let cachedCounters {
            try valueBox.set(PostboxTable.metadata, PostboxKeys.counters, cachedCounters.encoded())
        }
        try saveMutedUnread()
    }

    /// A chat's unread count moved (its read state already written): the totals follow, and so do
    /// the muted chats' totals when the chat is muted.
    private func unreadCountChanged(_ peerId: PeerId, from before: Int32, to after: Int32) throws {
        guard before != after else { return }
        try updateMutedUnread { muted, now in
            guard let settings = try notificationSettings(peerId), settings.isMuted(at: now) else { return }
            muted.count(from: before, to: after, mutedUntil: settings.muteUntil)
        }
        try updateCounters {
            $0.totalUnreadMessages += Int64(after) - Int64(before)
            if before > 0 && after == 0 { $0.totalUnreadChats -= 1 }
            if before == 0 && after > 0 { $0.totalUnreadChats += 1 }
        }
    }

    public func accountPeerId() throws -> PeerId? {
        try metadataInt64(PostboxKeys.accountPeerId).map(PeerId.init)
    }

    public func setAccountPeerId(_ id: PeerId) throws {
        try setMetadataInt64(PostboxKeys.accountPeerId, id.toInt64())
    }

    /// The user a Telegram export called its own (`personal_information`), once an export was
    /// imported into this account: that user's messages and Saved Messages are the account's, so
    /// a later single-chat export (which does not say whose it is) maps the same user.
    public func exportOwnUserId() throws -> Int64? {
        try metadataInt64(PostboxKeys.exportOwnUserId)
    }

    public func setExportOwnUserId(_ id: Int64) throws {
        try setMetadataInt64(PostboxKeys.exportOwnUserId, id)
    }

    /// A metadata row holding one Int64.
    func metadataInt64(_ key: ValueBoxKey) throws -> Int64? {
        try valueBox.get(PostboxTable.metadata, key).map { bytes in
            var r = BinaryReader(bytes)
            return try r.readInt64()
        }
    }

    func setMetadataInt64(_ key: ValueBoxKey, _ value: Int64) throws {
        var w = BinaryWriter()
        w.write(value)
        try valueBox.set(PostboxTable.metadata, key, w.bytes)
    }

    // MARK: Keychain

    public func keychainEntry(_ name: String) throws -> [UInt8]? {
        try valueBox.get(PostboxTable.keychain, ValueBoxKey(name))
    }

    public func setKeychainEntry(_ name: String, _ value: [UInt8]) throws {
        try valueBox.set(PostboxTable.keychain, ValueBoxKey(name), value)
    }

    public func removeKeychainEntry(_ name: String) throws {
        try valueBox.remove(PostboxTable.keychain, ValueBoxKey(name))
    }

    // MARK: Peers

    public func peer(_ id: PeerId) throws -> Peer? {
        try valueBox.get(PostboxTable.peers, PostboxKeys.peer(id)).map { try Peer(decoding: $0) }
    }

    public func updatePeer(_ peer: Peer) throws {
        let key = PostboxKeys.peer(peer.id)
        if try !valueBox.exists(PostboxTable.peers, key) {
            try updateCounters { $0.peerCount += 1 }
        }
        try valueBox.set(PostboxTable.peers, key, peer.encoded())
        if peer.isContact {
            try valueBox.set(PostboxTable.contacts, key, [])
        } else {
            try valueBox.remove(PostboxTable.contacts, key)
        }
    }

    /// Every peer, in id order. `body` returns false to stop.
    public func enumeratePeers(_ body: (Peer) throws -> Bool) throws {
        try valueBox.range(PostboxTable.peers, start: PostboxKeys.firstPeer, end: PostboxKeys.afterLastPeer) { _, value in
            try body(try Peer(decoding: value))
        }
    }

    public func contactPeerIds() throws -> [PeerId] {
        var ids: [PeerId] = []
        try valueBox.range(PostboxTable.contacts, start: PostboxKeys.firstPeer, end: PostboxKeys.afterLastPeer, values: false) { key, _ in
            ids.append(PeerId(key.int64(at: 0)))
            return true
        }
        return ids
    }

    // MARK: Messages

    public func message(_ index: MessageIndex) throws -> Message? {
        try valueBox.get(PostboxTable.messageHistory, PostboxKeys.message(index)).map { try Message(index: index, decoding: $0) }
    }

    /// Finds a message by id alone (a push names the id, not the timestamp).
    public func message(_ id: MessageId) throws -> Message? {
        guard let timestamp = try MessageIdIndex.timestamp(valueBox, id) else { return nil }
        return try message(MessageIndex(id: id, timestamp: timestamp))
    }

    /// The newest `limit` messages of a chat, newest first.
    public func latestMessages(_ peerId: PeerId, namespace: Int32 = MessageId.cloudNamespace, limit: Int) throws -> [Message] {
        try messages(peerId, before: nil, namespace: namespace, limit: limit)
    }

    /// Up to `limit` messages of a chat older than `index` (all of them from the newest when nil),
    /// newest first: one page of a history that is never loaded whole.
    public func messages(_ peerId: PeerId, before index: MessageIndex?, namespace: Int32 = MessageId.cloudNamespace,
                         limit: Int) throws -> [Message] {
        var result: [Message] = []
        guard limit > 0 else { return result }
        try forEachMessageNewestFirst(peerId, namespace: namespace, before: index) { index, value in
            result.append(try Message(index: index, decoding: value))
            return result.count < limit
        }
        return result
    }

    /// A chat's messages newest first in MessageIndex order (timestamp, then id as a signed
    /// number), those before `before` (all when nil), each with its value; `body` returns false
    /// to stop.
    ///
    /// The history key holds the id as big-endian bytes, in which a negative id sorts after every
    /// id ≥ 0 of its timestamp (Telegram Desktop exports a group's history inside the supergroup it
    /// became with ids shifted by −1,000,000,000, and the two meet at the migration's timestamp).
    /// So a timestamp's negative ids, which a descending walk meets first, are held back until its
    /// other ids are passed; a timestamp has few.
    func forEachMessageNewestFirst(_ peerId: PeerId, namespace: Int32, before: MessageIndex?,
                                   _ body: (MessageIndex, [UInt8]) throws -> Bool) throws {
        let prefix = PostboxKeys.historyPrefix(peerId, namespace: namespace)
        func walk(from start: ValueBoxKey, to end: ValueBoxKey) throws -> Bool {
            try walkHistory(from: start, to: end, holdingNegativeIds: true, body)
        }
        guard let before else {
            _ = try walk(from: prefix.successor, to: prefix)
            return
        }
        // The cursor's own timestamp first: its ids below the cursor's, which are, when the cursor's
        // is ≥ 0, the ids ≥ 0 below it and then every negative one. Then the older timestamps.
        func key(_ id: Int32) -> ValueBoxKey {
            PostboxKeys.message(MessageIndex(id: MessageId(peerId: peerId, namespace: namespace, id: id), timestamp: before.timestamp))
        }
        var timestamp = prefix
        timestamp.append(before.timestamp)
        if before.id.id >= 0 {
            guard try walk(from: key(before.id.id), to: timestamp), try walk(from: timestamp.successor, to: key(Int32.max)) else { return }
        } else {
            guard try walk(from: key(before.id.id), to: key(Int32.max)) else { return }
        }
        _ = try walk(from: timestamp, to: prefix)
    }

    /// Stores messages (any order, any chats) and updates chat list, read states, counters and
    /// the search index once per chat (the index once per batch), which keeps a large ingest
    /// linear. Writing a message that exists replaces it (an edit): its old words leave the index.
    public func addMessages(_ messages: [Message]) throws {
        var newMessages: Int64 = 0
        var searchIndex = makeSearchIndexWriter()
        // Chats in the search index's storage order, so that its lists arrive sorted; the
        // messages are visited through their positions, never copied (a copy of a batch retained
        // and released every message's text on the writer's thread).
        let order = Self.chatOrder(messages)
        // Keys, sealed values and search postings, computed beside the SQLite writes for a large batch.
        let preparation = MessageWritePreparation(messages, order: order, indexState: try searchIndexState(), preparer: messagePreparer)
        defer { preparation.finish() }
        // Messages that replaced a stored one (an edit; rare in a batch), with the stored version
        // when the index kept it: its words must leave the index.
        var replaced: [Int: Message?] = [:]
        // The chat being visited: its read state, new unread messages, newest message and ids
        // (for the id index, a row per 64 ids: MessageIdIndex), written when the next chat starts.
        var chat: PeerId?
        var state = ReadState()
        var addedUnread: Int32 = 0
        // Of those, the ones below the chat's top before this write: a hole's, which the server's
        // count of unseen messages held already.
        var addedUnreadBelowTop: Int32 = 0
        var topBefore: MessageIndex?
        var newest: MessageIndex?
        var ids: [MessageIdIndex.Entry] = []
        func finishChat() throws {
            guard let peerId = chat else { return }
            if addedUnread > 0 {
                let before = state.shownUnreadCount
                state.unreadCount += addedUnread
                state.unseenInHoles -= min(addedUnreadBelowTop, state.unseenInHoles)
                try setReadState(peerId, state)
                try unreadCountChanged(peerId, from: before, to: state.shownUnreadCount)
            }
            if let newest { try updateChatListTop(peerId, candidate: newest) }
            try MessageIdIndex.add(valueBox, peerId, &ids)
        }
        var groupStart = 0
        while groupStart < order.count {
            let count = min(Self.rowsPerInsert, order.count - groupStart)
            let positions = order[groupStart..<groupStart + count]
            // Read in place: the preparing thread releases them (MessageWritePreparation).
            let prepared = preparation.next(count)
            // New messages (nearly always) go in with one statement. When fewer went in than were
            // given, a row whose stored value is not the one just given was there before: it is
            // read for its words and then replaced, in the batch's order, as one insert at a time did.
            let inserted = try valueBox.insertIfAbsent(PostboxTable.messageHistory, prepared)
            if inserted < count {
                for (k, position) in positions.enumerated() {
                    let row = prepared[k]
                    guard let stored = try valueBox.storedSealed(PostboxTable.messageHistory, row.key), stored != row.sealed else { continue }
                    let old = try searchIndexCovers(row.key) ? try valueBox.open(PostboxTable.messageHistory, row.key, sealed: stored) : nil
                    replaced.updateValue(try old.map { try Message(index: messages[position].index, decoding: $0) }, forKey: position)
                    try valueBox.set(PostboxTable.messageHistory, row.key, sealed: row.sealed)
                }
            }
            for position in positions {
                // The fields it needs, not the message: a copy retained and released its text.
                let index = messages[position].index
                if index.id.peerId != chat {
                    try finishChat()
                    chat = index.id.peerId
                    state = try readState(index.id.peerId) ?? ReadState()
                    addedUnread = 0
                    addedUnreadBelowTop = 0
                    topBefore = state.unseenInHoles > 0 ? try chatListKey(index.id.peerId)?.topMessage : nil
                    newest = nil
                }
                ids.append(MessageIdIndex.Entry(namespace: index.id.namespace, id: index.id.id, timestamp: index.timestamp))
                if replaced.isEmpty || replaced.index(forKey: position) == nil {
                    newMessages += 1
                    if messages[position].isIncoming && index.id.id > state.maxIncomingReadId {
                        addedUnread += 1
                        if let topBefore, index < topBefore { addedUnreadBelowTop += 1 }
                    }
                }
                if newest.map({ $0 < index }) ?? true { newest = index }
            }
            groupStart += count
        }
        try finishChat()
        preparation.finish()
        if replaced.isEmpty {
            searchIndex.adopt(preparation.additions)
        } else {
            // A replaced message's old words leave the index before its new ones come in, in the
            // batch's order (the same message may be written twice): the postings are made again
            // here, message by message, as the writes went.
            for position in order {
                let message = messages[position]
                if case let old?? = replaced[position] { searchIndex.remove(old) }
                if try searchIndexCovers(PostboxKeys.message(message.index)) { searchIndex.add(message) }
            }
        }
        try searchIndex.apply()
        if newMessages > 0 { try updateCounters { $0.messageCount += newMessages } }
    }

    /// Messages inserted by one statement (ValueBox's many-row insertIfAbsent).
    static let rowsPerInsert = 64

    /// The positions of `messages` grouped by chat, the chats in ascending unsigned peer id (the
    /// search index's storage order), each chat's messages in the order given. A batch comes
    /// chat by chat (an export's, the fixture's), so this sorts its runs, not its messages.
    static func chatOrder(_ messages: [Message]) -> [Int] {
        var runs: [(peer: UInt64, start: Int, end: Int)] = []
        var start = 0
        while start < messages.count {
            let peerId = messages[start].index.id.peerId
            var end = start + 1
            while end < messages.count && messages[end].index.id.peerId == peerId { end += 1 }
            runs.append((UInt64(bitPattern: peerId.toInt64()), start, end))
            start = end
        }
        // Stable: a chat's runs keep the order given.
        runs.sort { ($0.peer, $0.start) < ($1.peer, $1.start) }
        var order: [Int] = []
        order.reserveCapacity(messages.count)
        for run in runs { order.append(contentsOf: run.start..<run.end) }
        return order
    }

    /// Deletes messages (Telegram's deleteMessages): unread counts, counters and the chat's top
    /// entry follow. A chat left empty keeps its place in the list, as Telegram's does.
    /// Returns the ids that existed.
    @discardableResult
    public func deleteMessages(_ ids: [MessageId]) throws -> [MessageId] {
        var deleted: [MessageId] = []
        var touchedPeers = Set<PeerId>()
        // Each chat's read state, read once and written once: its unread count and deletions follow.
        var states: [PeerId: (before: ReadState, after: ReadState)?] = [:]
        var searchIndex = makeSearchIndexWriter()
        for id in ids {
            guard let message = try message(id) else { continue }
            let key = PostboxKeys.message(message.index)
            // Its words leave the index with it: the index must not remember what a deleted message said.
            if try searchIndexCovers(key) { searchIndex.remove(message) }
            try valueBox.remove(PostboxTable.messageHistory, key)
            try MessageIdIndex.remove(valueBox, id)
            // Deleted before the server had it: it is not sent.
            if id.namespace == MessageId.localNamespace { try valueBox.remove(PostboxTable.unsentMessages, Self.unsentKey(message.index)) }
            deleted.append(id)
            touchedPeers.insert(id.peerId)
            if states.index(forKey: id.peerId) == nil { states[id.peerId] = try readState(id.peerId).map { ($0, $0) } }
            guard var state = states[id.peerId]??.after, let before = states[id.peerId]??.before else { continue }
            state.deletions &+= 1
            if message.isIncoming && id.id > state.maxIncomingReadId && state.unreadCount > 0 { state.unreadCount -= 1 }
            states[id.peerId] = (before, state)
        }
        for case let (peerId, (before, after)?) in states {
            try setReadState(peerId, after)
            try unreadCountChanged(peerId, from: before.shownUnreadCount, to: after.shownUnreadCount)
        }
        try searchIndex.apply()
        if !deleted.isEmpty { try updateCounters { $0.messageCount -= Int64(deleted.count) } }
        for peerId in touchedPeers {
            try unpinDeleted(peerId, Set(deleted.lazy.filter { $0.peerId == peerId && $0.namespace == MessageId.cloudNamespace }.map(\.id)))
            guard var entry = try chatListKey(peerId), let newest = try newestHistoryMessage(peerId) else { continue }
            if entry.topMessage != newest.index {
                let old = entry
                entry.topMessage = newest.index
                try setChatListKey(peerId, from: old, to: entry)
            }
        }
        return deleted
    }

    // MARK: Chat list

    /// The chat's place in the list; nil when it has none (no message yet, or left: see
    /// PostboxTransaction+ChatListInclusion).
    public func chatListKey(_ peerId: PeerId) throws -> ChatListKey? {
        guard let bytes = try valueBox.get(PostboxTable.chatListIndex, PostboxKeys.peer(peerId)),
              bytes != PostboxKeys.notIncludedInChatList else { return nil }
        return ChatListKey(key: ValueBoxKey(bytes))
    }

    /// Moves the chat's entry from `old` (its key as the caller read it; nil: none) to `new`.
    private func setChatListKey(_ peerId: PeerId, from old: ChatListKey?, to new: ChatListKey) throws {
        if let old {
            if old == new { return }
            try valueBox.remove(PostboxTable.chatList, old.key)
        }
        try valueBox.set(PostboxTable.chatList, new.key, [])
        try valueBox.set(PostboxTable.chatListIndex, PostboxKeys.peer(peerId), new.key.bytes)
    }

    func updateChatListTop(_ peerId: PeerId, candidate: MessageIndex) throws {
        let stored = try valueBox.get(PostboxTable.chatListIndex, PostboxKeys.peer(peerId))
        // A chat the account left keeps its history out of the list.
        if stored == PostboxKeys.notIncludedInChatList { return }
        let current = stored.map { ChatListKey(key: ValueBoxKey($0)) }
        // A newer top stays, unless it is gone: a chat emptied by deletions keeps its row at its
        // last message, which the next message replaces whatever its place (the first message of
        // a chat, sent: its local copy's index, in the namespace after the server's, is gone).
        if let current, !(current.topMessage < candidate),
           try valueBox.exists(PostboxTable.messageHistory, PostboxKeys.message(current.topMessage)) { return }
        try setChatListKey(peerId, from: current, to: ChatListKey(pinningIndex: current?.pinningIndex, topMessage: candidate))
    }

    /// Pins exactly these chats, in this order (Telegram's setPinnedItemIds).
    public func setPinnedChats(_ peerIds: [PeerId]) throws {
        for entry in try topChatListKeys(count: Int(UInt16.max)) where entry.pinningIndex != nil && !peerIds.contains(entry.topMessage.id.peerId) {
            var updated = entry
            updated.pinningIndex = nil
            try setChatListKey(entry.topMessage.id.peerId, from: entry, to: updated)
        }
        for (i, peerId) in peerIds.enumerated() {
            guard let entry = try chatListKey(peerId) else { continue }
            var pinned = entry
            pinned.pinningIndex = UInt16(i)
            try setChatListKey(peerId, from: entry, to: pinned)
        }
    }

    /// The pinned chats in their order (they lead the list).
    public func pinnedChats() throws -> [PeerId] {
        var pinned: [PeerId] = []
        let prefix = ValueBoxKey(int32: ChatListKey.rootGroup)
        try valueBox.range(PostboxTable.chatList, start: prefix.successor, end: prefix, values: false) { key, _ in
            let entry = ChatListKey(key: key)
            guard entry.pinningIndex != nil else { return false }
            pinned.append(entry.topMessage.id.peerId)
            return true
        }
        return pinned
    }

    private func topChatListKeys(count: Int, groupId: Int32 = ChatListKey.rootGroup) throws -> [ChatListKey] {
        let prefix = ValueBoxKey(int32: groupId)
        var keys: [ChatListKey] = []
        try valueBox.range(PostboxTable.chatList, start: prefix.successor, end: prefix, limit: count, values: false) { key, _ in
            keys.append(ChatListKey(key: key))
            return true
        }
        return keys
    }

    /// Telegram's getTopChatListEntries(groupId: .root, count:): pinned first, then newest.
    public func topChatListEntries(count: Int) throws -> [ChatListEntry] {
        try topChatListKeys(count: count).map { key in
            let peerId = key.topMessage.id.peerId
            return ChatListEntry(peerId: peerId, peer: try peer(peerId), pinningIndex: key.pinningIndex,
                                 topMessageIndex: key.topMessage, readState: try readState(peerId))
        }
    }

    // MARK: Read states

    public func readState(_ peerId: PeerId) throws -> ReadState? {
        try valueBox.get(PostboxTable.readState, PostboxKeys.peer(peerId)).map { try ReadState(decoding: $0) }
    }

    private func setReadState(_ peerId: PeerId, _ state: ReadState) throws {
        try valueBox.set(PostboxTable.readState, PostboxKeys.peer(peerId), state.encoded())
    }

    /// Sets where reading stands before a chat's history is filled in (a sync or a fixture knows
    /// the server's read mark first); only for a chat with no unread messages counted yet.
    public func prepareReadState(_ peerId: PeerId, maxIncomingReadId: Int32) throws {
        var state = try readState(peerId) ?? ReadState()
        guard state.unreadCount == 0 else { return }
        state.maxIncomingReadId = maxIncomingReadId
        try setReadState(peerId, state)
    }

    /// Marks incoming messages up to `maxId` read; returns how many became read.
    @discardableResult
    public func markIncomingRead(_ peerId: PeerId, upTo maxId: Int32) throws -> Int32 {
        let state = try readState(peerId) ?? ReadState()
        guard maxId > state.maxIncomingReadId else { return 0 }
        return try moveIncomingReadMark(peerId, to: maxId)
    }

    /// The other side read the account's messages up to `maxId` (Telegram's maxOutgoingReadId,
    /// which draws ✓✓): it only moves forward. Whether it moved.
    @discardableResult
    public func markOutgoingRead(_ peerId: PeerId, upTo maxId: Int32) throws -> Bool {
        var state = try readState(peerId) ?? ReadState()
        guard maxId > state.maxOutgoingReadId else { return false }
        state.maxOutgoingReadId = maxId
        try setReadState(peerId, state)
        return true
    }

    /// The server counts `serverCount` unread messages in the chat (a dialog, a read elsewhere's
    /// still_unread_count): what it counts beyond the stored ones lies in holes above the read
    /// mark, where there are such; without a hole there, none is unseen.
    public func setServerUnreadCount(_ peerId: PeerId, _ serverCount: Int32) throws {
        guard var state = try readState(peerId) else { return }
        let unseen = try hasHole(peerId, above: state.maxIncomingReadId) ? max(serverCount - state.unreadCount, 0) : 0
        guard unseen != state.unseenInHoles else { return }
        let before = state.shownUnreadCount
        state.unseenInHoles = unseen
        try setReadState(peerId, state)
        try unreadCountChanged(peerId, from: before, to: state.shownUnreadCount)
    }

    /// Whether a hole of the chat's history lies above message `id`.
    private func hasHole(_ peerId: PeerId, above id: Int32) throws -> Bool {
        try historyHole(peerId, below: .max).map { $0.upperBound > id } ?? false
    }

    /// Marks incoming messages from `messageId` on unread again (Siri's "mark as unread"); returns
    /// how many became unread, as a negative number.
    @discardableResult
    public func markIncomingUnread(_ peerId: PeerId, from messageId: Int32) throws -> Int32 {
        let state = try readState(peerId) ?? ReadState()
        guard messageId <= state.maxIncomingReadId else { return 0 }
        // No mark is below Int32.min: from there, every message but that one.
        return try moveIncomingReadMark(peerId, to: messageId == .min ? .min : messageId - 1)
    }

    /// Sets the read mark either way. The unread count moves by the incoming messages between
    /// the old mark and the new (every write keeps the stored count exact), so a mark moved by a
    /// screen costs a screen, not every unread message above it: opening a chat with 10,000
    /// unread at its divider reads the few in view. When the upper mark's message is not stored,
    /// the count above the new mark is taken again from the newest message down.
    private func moveIncomingReadMark(_ peerId: PeerId, to maxId: Int32) throws -> Int32 {
        var state = try readState(peerId) ?? ReadState()
        let old = state.maxIncomingReadId
        let stillUnread: Int32
        if let between = try incomingMessages(peerId, above: min(old, maxId), upTo: max(old, maxId)) {
            stillUnread = max(maxId > old ? state.unreadCount - between : state.unreadCount + between, 0)
        } else {
            stillUnread = try incomingMessages(peerId, above: maxId)
        }
        let before = state.unreadCount, shownBefore = state.shownUnreadCount
        state.maxIncomingReadId = maxId
        state.unreadCount = stillUnread
        // Read past every hole (Telegram reads all up to the mark): none is left unseen.
        if state.unseenInHoles > 0, try !hasHole(peerId, above: maxId) { state.unseenInHoles = 0 }
        try setReadState(peerId, state)
        try unreadCountChanged(peerId, from: shownBefore, to: state.shownUnreadCount)
        return before - stillUnread
    }

    /// Incoming messages with `low` < id ≤ `high`, walked newest first from message `high`; nil
    /// when that message is not stored (deleted, or a mark past the newest).
    private func incomingMessages(_ peerId: PeerId, above low: Int32, upTo high: Int32) throws -> Int32? {
        guard low < high else { return 0 }
        guard let top = try message(MessageId(peerId: peerId, id: high)) else { return nil }
        var count: Int32 = top.isIncoming ? 1 : 0
        // Ids grow with time in a chat (a group's history exported inside its supergroup, ids
        // below zero, is older than the supergroup's own), so the walk stops at the first id at
        // or below `low`.
        try forEachMessageNewestFirst(peerId, namespace: MessageId.cloudNamespace, before: top.index) { index, value in
            if index.id.id <= low { return false }
            if index.id.id < high, try Message(index: index, decoding: value).isIncoming { count += 1 }
            return true
        }
        return count
    }

    /// Incoming messages above `maxId`, counted from the newest down to the first at or below it.
    private func incomingMessages(_ peerId: PeerId, above maxId: Int32) throws -> Int32 {
        var count: Int32 = 0
        try forEachMessageNewestFirst(peerId, namespace: MessageId.cloudNamespace, before: nil) { index, value in
            if index.id.id <= maxId { return false }
            if try Message(index: index, decoding: value).isIncoming { count += 1 }
            return true
        }
        return count
    }

    // MARK: Notification settings

    public func notificationSettings(_ peerId: PeerId) throws -> PeerNotificationSettings? {
        try valueBox.get(PostboxTable.peerNotificationSettings, PostboxKeys.peer(peerId)).map { try PeerNotificationSettings(decoding: $0) }
    }

    /// Whether the chat's notifications are muted at `now` (no settings: not muted).
    public func isMuted(_ peerId: PeerId, at now: Int32) throws -> Bool {
        try notificationSettings(peerId)?.isMuted(at: now) ?? false
    }

    public func setNotificationSettings(_ peerId: PeerId, _ settings: PeerNotificationSettings) throws {
        let old = try notificationSettings(peerId)
        try valueBox.set(PostboxTable.peerNotificationSettings, PostboxKeys.peer(peerId), settings.encoded())
        // A chat muted or unmuted moves its unread messages into or out of the muted totals.
        try updateMutedUnread { muted, now in
            let unread = try readState(peerId)?.shownUnreadCount ?? 0
            guard unread > 0 else { return }
            if let old, old.isMuted(at: now) { muted.count(from: unread, to: 0, mutedUntil: old.muteUntil) }
            if settings.isMuted(at: now) { muted.count(from: 0, to: unread, mutedUntil: settings.muteUntil) }
        }
    }

    // MARK: Calls

    public func addCall(_ record: CallRecord) throws {
        try valueBox.set(PostboxTable.callLog, PostboxKeys.call(record), record.encoded())
    }

    /// Newest first.
    public func calls(limit: Int, missedOnly: Bool = false) throws -> [CallRecord] {
        var result: [CallRecord] = []
        try valueBox.range(PostboxTable.callLog, start: ValueBoxKey([0xff, 0xff, 0xff, 0xff, 0xff]), end: ValueBoxKey([])) { _, value in
            let record = try CallRecord(decoding: value)
            if !missedOnly || record.isMissed { result.append(record) }
            return result.count < limit
        }
        return result
    }
}

public struct ChatListEntry: Sendable {
    public let peerId: PeerId
    public let peer: Peer?
    public let pinningIndex: UInt16?
    public let topMessageIndex: MessageIndex
    public let readState: ReadState?
}

import KeyValueStore

/// The message id index (table 6): finds a message by its id alone, since a history key begins
/// with the timestamp (a push names the id, not the timestamp). Telegram's MessageHistoryIndexTable
/// keeps a row per message. Here 64 consecutive ids of one chat and namespace share one row:
///
///     peerId Int64 ‖ namespace Int32 ‖ id >> 6 Int32 (BE)  →  sealed MessageIdBlock
///
/// A row per message was a quarter of main's ingest: a second B-tree insert for every message,
/// on the one thread SQLite writes from (docs/ingest.md). A chat's ids mostly come in runs, so a
/// block usually takes one read and one write for dozens of messages. Sparse ids (a private chat
/// sharing the account's id sequence) cost one row a message, as before.
enum MessageIdIndex {
    /// A message the index is told about: its place in the chat and its timestamp.
    struct Entry {
        var namespace: Int32
        var id: Int32
        var timestamp: Int32
    }

    static func key(_ peerId: PeerId, namespace: Int32, block: Int32) -> ValueBoxKey {
        var k = ValueBoxKey(int64: peerId.toInt64())
        k.append(namespace)
        k.append(block)
        return k
    }

    /// The timestamp stored for the message, nil when the chat has no message with this id.
    static func timestamp(_ valueBox: ValueBox, _ id: MessageId) throws -> Int32? {
        let key = key(id.peerId, namespace: id.namespace, block: MessageIdBlock.block(of: id.id))
        guard let stored = try valueBox.get(PostboxTable.messageIdIndex, key) else { return nil }
        return try MessageIdBlock(decoding: stored, key: key, in: valueBox).timestamp(ofId: id.id)
    }

    /// The highest id ≥ 1 stored for the chat in the namespace, 0 when it has none. Blocks are
    /// ordered by their Int32 as big-endian bytes, as the per-message rows were, so the negative
    /// ones (a group's history exported inside the supergroup it became, its ids shifted by
    /// −1,000,000,000) come after the others: the last row before them holds it.
    static func maxId(_ valueBox: ValueBox, _ peerId: PeerId, namespace: Int32) throws -> Int32 {
        var found: Int32 = 0
        try valueBox.range(PostboxTable.messageIdIndex, start: key(peerId, namespace: namespace, block: Int32.min),
                           end: PostboxKeys.historyPrefix(peerId, namespace: namespace), limit: 1) { key, value in
            found = try MessageIdBlock(decoding: value, key: key, in: valueBox).highestId(block: key.int32(at: 12)) ?? 0
            return false
        }
        return found
    }

    /// How many ids the chat's messages in the namespace span: from 1 to the highest, and from the
    /// lowest negative id to the highest one. A chat's ids count its messages (its own from 1, a
    /// group's history exported inside it from −1,000,000,000 up), so this bounds what reading the
    /// whole chat costs.
    static func idSpan(_ valueBox: ValueBox, _ peerId: PeerId, namespace: Int32) throws -> Int64 {
        let prefix = PostboxKeys.historyPrefix(peerId, namespace: namespace)
        // Between the blocks of ids ≥ 0 (up to Int32.max >> 6) and the negative ones.
        let between = key(peerId, namespace: namespace, block: Int32.max)
        var lowest: Int32?, highest: Int32?
        try valueBox.range(PostboxTable.messageIdIndex, start: between, end: prefix.successor, limit: 1) { key, value in
            lowest = try MessageIdBlock(decoding: value, key: key, in: valueBox).lowestId(block: key.int32(at: 12))
            return false
        }
        try valueBox.range(PostboxTable.messageIdIndex, start: prefix.successor, end: between, limit: 1) { key, value in
            highest = try MessageIdBlock(decoding: value, key: key, in: valueBox).highestId(block: key.int32(at: 12))
            return false
        }
        let negative = lowest.flatMap { low in highest.map { Int64($0) - Int64(low) + 1 } } ?? 0
        return Int64(try maxId(valueBox, peerId, namespace: namespace)) + negative
    }

    /// Records one chat's messages, in the order given (a later entry for the same id wins, as
    /// a later write of the same message does). `entries` is left empty, its storage kept.
    static func add(_ valueBox: ValueBox, _ peerId: PeerId, _ entries: inout [Entry]) throws {
        defer { entries.removeAll(keepingCapacity: true) }
        guard !entries.isEmpty else { return }
        // Grouped by row; a chat's messages nearly always arrive in id order already. The sort
        // is stable, so the later of two entries for one id stays later.
        let inOrder = zip(entries, entries.dropFirst()).allSatisfy { !Self.rowBefore($1, $0) }
        if !inOrder { entries.sort(by: Self.rowBefore) }
        var start = 0
        while start < entries.count {
            let namespace = entries[start].namespace
            let block = MessageIdBlock.block(of: entries[start].id)
            var end = start + 1
            while end < entries.count && entries[end].namespace == namespace && MessageIdBlock.block(of: entries[end].id) == block { end += 1 }
            let key = key(peerId, namespace: namespace, block: block)
            var stored = try valueBox.get(PostboxTable.messageIdIndex, key).map { try MessageIdBlock(decoding: $0, key: key, in: valueBox) } ?? MessageIdBlock()
            for entry in entries[start..<end] { stored.set(id: entry.id, timestamp: entry.timestamp) }
            try valueBox.set(PostboxTable.messageIdIndex, key, stored.encoded())
            start = end
        }
    }

    /// Forgets the message's id; a block left empty goes.
    static func remove(_ valueBox: ValueBox, _ id: MessageId) throws {
        let key = key(id.peerId, namespace: id.namespace, block: MessageIdBlock.block(of: id.id))
        guard let value = try valueBox.get(PostboxTable.messageIdIndex, key) else { return }
        var stored = try MessageIdBlock(decoding: value, key: key, in: valueBox)
        stored.remove(id: id.id)
        if stored.isEmpty {
            try valueBox.remove(PostboxTable.messageIdIndex, key)
        } else {
            try valueBox.set(PostboxTable.messageIdIndex, key, stored.encoded())
        }
    }

    /// Builds the index again from the history's keys (a store from before the block rows:
    /// PostboxSchemaUpgrade). Inside the caller's write transaction.
    static func rebuild(_ valueBox: ValueBox) throws {
        try valueBox.removeAll(PostboxTable.messageIdIndex)
        // Collected first, written after the scan: a statement must not walk rows while others
        // are written beside it.
        var chats: [(peerId: PeerId, entries: [Entry])] = []
        try valueBox.range(PostboxTable.messageHistory, start: ValueBoxKey(), end: PostboxKeys.afterLastMessage, values: false) { key, _ in
            let index = PostboxKeys.messageIndex(from: key)
            if chats.last?.peerId != index.id.peerId { chats.append((index.id.peerId, [])) }
            chats[chats.count - 1].entries.append(Entry(namespace: index.id.namespace, id: index.id.id, timestamp: index.timestamp))
            return true
        }
        for i in chats.indices { try add(valueBox, chats[i].peerId, &chats[i].entries) }
    }

    private static func rowBefore(_ a: Entry, _ b: Entry) -> Bool {
        if a.namespace != b.namespace { return UInt32(bitPattern: a.namespace) < UInt32(bitPattern: b.namespace) }
        let blockA = MessageIdBlock.block(of: a.id), blockB = MessageIdBlock.block(of: b.id)
        return UInt32(bitPattern: blockA) < UInt32(bitPattern: blockB)
    }
}

/// One row of the message id index: which of 64 consecutive ids are stored, and each one's
/// timestamp. Encoded as the presence mask (UInt64, little-endian; bit n is id block × 64 + n),
/// then the timestamp (Int32, little-endian) of each id present, in id order: 8 to 264 bytes.
struct MessageIdBlock {
    static let width: Int32 = 64

    private(set) var present: UInt64 = 0
    /// Indexed by slot; meaningful where `present` has the bit.
    private var timestamps = [Int32](repeating: 0, count: Int(width))

    init() {}

    init(decoding bytes: [UInt8], key: ValueBoxKey, in valueBox: ValueBox) throws {
        guard bytes.count >= 8 else { throw StorageError.corrupt(path: valueBox.path, detail: "message id index row \(key) is \(bytes.count) bytes") }
        var mask: UInt64 = 0
        for i in 0..<8 { mask |= UInt64(bytes[i]) << UInt64(8 * i) }
        guard bytes.count == 8 + 4 * mask.nonzeroBitCount else {
            throw StorageError.corrupt(path: valueBox.path, detail: "message id index row \(key) lists \(mask.nonzeroBitCount) ids in \(bytes.count) bytes")
        }
        present = mask
        var offset = 8
        for slot in 0..<Int(Self.width) where mask & (1 << UInt64(slot)) != 0 {
            var v: UInt32 = 0
            for i in 0..<4 { v |= UInt32(bytes[offset + i]) << UInt32(8 * i) }
            timestamps[slot] = Int32(bitPattern: v)
            offset += 4
        }
    }

    /// The row holding an id (arithmetic shift: negative ids have rows of their own too).
    static func block(of id: Int32) -> Int32 { id >> 6 }
    private static func slot(of id: Int32) -> Int { Int(id & (width - 1)) }

    var isEmpty: Bool { present == 0 }

    func timestamp(ofId id: Int32) -> Int32? {
        let slot = Self.slot(of: id)
        return present & (1 << UInt64(slot)) != 0 ? timestamps[slot] : nil
    }

    /// The highest id present, given the row's block number.
    func highestId(block: Int32) -> Int32? {
        guard present != 0 else { return nil }
        return block &* Self.width &+ Int32(63 - present.leadingZeroBitCount)
    }

    /// The lowest id present, given the row's block number.
    func lowestId(block: Int32) -> Int32? {
        guard present != 0 else { return nil }
        return block &* Self.width &+ Int32(present.trailingZeroBitCount)
    }

    mutating func set(id: Int32, timestamp: Int32) {
        let slot = Self.slot(of: id)
        present |= 1 << UInt64(slot)
        timestamps[slot] = timestamp
    }

    mutating func remove(id: Int32) {
        present &= ~(1 << UInt64(Self.slot(of: id)))
    }

    func encoded() -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(8 + 4 * present.nonzeroBitCount)
        for i in 0..<8 { bytes.append(UInt8(truncatingIfNeeded: present >> UInt64(8 * i))) }
        for slot in 0..<Int(Self.width) where present & (1 << UInt64(slot)) != 0 {
            let v = UInt32(bitPattern: timestamps[slot])
            for i in 0..<4 { bytes.append(UInt8(truncatingIfNeeded: v >> UInt32(8 * i))) }
        }
        return bytes
    }
}

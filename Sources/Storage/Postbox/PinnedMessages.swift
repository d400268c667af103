import Formats

/// A chat's pinned messages: their ids, newest pin first (PostboxTable.pinnedMessages). Telegram
/// lets a chat pin many and shows the most recently pinned one in the bar over the chat (its
/// pinned-message tag and CachedPeerData.pinnedMessageId); `top` is that one.
public struct PinnedMessages: BinaryCodable, Equatable, Sendable {
    public var ids: [Int32]

    public init(ids: [Int32] = []) { self.ids = ids }

    /// The one the chat shows: the latest pinned.
    public var top: Int32? { ids.first }

    /// Pinning again moves a message to the top; unpinning takes it out.
    public mutating func set(_ id: Int32, pinned: Bool) {
        ids.removeAll { $0 == id }
        if pinned { ids.insert(id, at: 0) }
    }

    /// A pin learnt without when it was made (a message fetched with the server's pinned flag):
    /// below the pins known, so it does not take the bar from the latest; nothing if already there.
    public mutating func learn(_ id: Int32) {
        if !ids.contains(id) { ids.append(id) }
    }

    /// The server's whole list (`ids`, any order): the pins known keep their order, those it no
    /// longer has go, and the rest follow, the highest id first (when they were pinned is not
    /// said; the newest message is the likeliest latest).
    public mutating func takeServerList(_ ids: Set<Int32>) {
        self.ids = self.ids.filter(ids.contains) + ids.subtracting(self.ids).sorted(by: >)
    }

    public func encode(to w: inout BinaryWriter) {
        w.write(Int32(ids.count))
        for id in ids { w.write(id) }
    }

    public init(from r: inout BinaryReader) throws {
        ids = []
        for _ in 0..<(try r.readCount(max: MessageExtras.maxItems)) { ids.append(try r.readInt32()) }
    }
}

extension PostboxTransaction {
    public func pinnedMessages(_ peerId: PeerId) throws -> PinnedMessages {
        try valueBox.get(PostboxTable.pinnedMessages, PostboxKeys.peer(peerId)).map { try PinnedMessages(decoding: $0) } ?? PinnedMessages()
    }

    /// The message the chat shows pinned, if any.
    public func pinnedMessageId(_ peerId: PeerId) throws -> MessageId? {
        try pinnedMessages(peerId).top.map { MessageId(peerId: peerId, id: $0) }
    }

    /// Pins or unpins one message; an empty list removes the chat's row.
    public func setMessagePinned(_ id: MessageId, pinned: Bool) throws {
        try changePins(id.peerId) { $0.set(id.id, pinned: pinned) }
    }

    /// A message the server says is pinned, fetched without its pin's time (PinnedMessages.learn).
    public func learnPinnedMessage(_ id: MessageId) throws {
        try changePins(id.peerId) { $0.learn(id.id) }
    }

    /// Every message the server says is pinned in the chat (PinnedMessages.takeServerList).
    public func setServerPinnedMessages(_ peerId: PeerId, _ ids: Set<Int32>) throws {
        try changePins(peerId) { $0.takeServerList(ids) }
    }

    private func changePins(_ peerId: PeerId, _ change: (inout PinnedMessages) -> Void) throws {
        let before = try pinnedMessages(peerId)
        var pins = before
        change(&pins)
        if pins != before { try setPinnedMessages(peerId, pins) }
    }

    func setPinnedMessages(_ peerId: PeerId, _ pins: PinnedMessages) throws {
        if pins.ids.isEmpty {
            try valueBox.remove(PostboxTable.pinnedMessages, PostboxKeys.peer(peerId))
        } else {
            try valueBox.set(PostboxTable.pinnedMessages, PostboxKeys.peer(peerId), pins.encoded())
        }
    }

    /// Deleted messages leave the chat's pins (deleteMessages).
    func unpinDeleted(_ peerId: PeerId, _ ids: Set<Int32>) throws {
        var pins = try pinnedMessages(peerId)
        let before = pins.ids.count
        pins.ids.removeAll { ids.contains($0) }
        if pins.ids.count != before { try setPinnedMessages(peerId, pins) }
    }
}

import KeyValueStore

/// What a message of the account's carries while the server does not have it yet.
public struct MessageOutgoing: Equatable, Sendable {
    /// messages.sendMessage's random_id, chosen once when the message is written: the server keeps
    /// one message per random id, so sending it again after a restart or a lost answer cannot
    /// make a second one.
    public var randomId: Int64
    /// Why the server refused it (its error, e.g. "PEER_ID_INVALID"), once it did: the message
    /// stays, marked, and is not sent again.
    public var failure: String?
    /// A forward goes as messages.forwardMessages of this message (the server copies its own),
    /// not as a new message with the same text.
    public var forwardOf: MessageId?

    public init(randomId: Int64, failure: String? = nil, forwardOf: MessageId? = nil) {
        self.randomId = randomId
        self.failure = failure
        self.forwardOf = forwardOf
    }

    /// A new random_id: from the system's generator, never 0 (the server refuses 0).
    public static func newRandomId() -> Int64 {
        var value: Int64 = 0
        while value == 0 { value = Int64.random(in: .min ... .max) }
        return value
    }
}

/// The account's messages on their way to the server (Telegram's unsent messages): each is
/// written in the local namespace with its random id and listed in `PostboxTable.unsentMessages`
/// in the same transaction, before anything is sent, so a restart, a kill or a power cut finds it
/// and sends it again with the same random id. The server's answer moves it to the id the server
/// gave it (`markSent`), in one transaction.
extension PostboxTransaction {
    /// Stores `message` as the account's, waiting to be sent: under the next local id (its
    /// index's id is replaced; its timestamp kept), carrying `randomId`. Returns its id.
    public func addUnsentMessage(_ message: Message, randomId: Int64, forwardOf: MessageId? = nil) throws -> MessageId {
        let last = try metadataInt64(PostboxKeys.lastLocalMessageId) ?? 0
        guard last < Int64(Int32.max) else { throw StorageError.corrupt(path: "", detail: "local message ids are exhausted") }
        let id = MessageId(peerId: message.id.peerId, namespace: MessageId.localNamespace, id: Int32(last + 1))
        try setMetadataInt64(PostboxKeys.lastLocalMessageId, last + 1)
        var unsent = message
        unsent.index = MessageIndex(id: id, timestamp: message.index.timestamp)
        unsent.isIncoming = false
        unsent.extras.outgoing = MessageOutgoing(randomId: randomId, forwardOf: forwardOf)
        try addMessages([unsent])
        try valueBox.set(PostboxTable.unsentMessages, Self.unsentKey(unsent.index), [])
        return id
    }

    /// The messages waiting to be sent, oldest first (the order they were written in).
    public func unsentMessages(limit: Int = Int.max) throws -> [Message] {
        var result: [Message] = []
        var keys: [ValueBoxKey] = []
        try valueBox.range(PostboxTable.unsentMessages, start: ValueBoxKey([]), end: Self.afterLastUnsent, limit: limit, values: false) { key, _ in
            keys.append(key)
            return true
        }
        for key in keys {
            let index = MessageIndex(id: MessageId(peerId: PeerId(key.int64(at: 4)), namespace: MessageId.localNamespace, id: key.int32(at: 12)),
                                     timestamp: key.int32(at: 0))
            // A row and its message leave in one transaction (deleteMessages, markSent); read-only
            // here, a row without its message would only be skipped.
            if let message = try message(index) { result.append(message) }
        }
        return result
    }

    /// The server has the local message `id` as `serverId`, dated `date`: the message moves to
    /// that id in the cloud namespace (or only goes, when the server's copy came first, with a
    /// catch-up). Returns the cloud message's index; nil when the local one is no longer there
    /// (deleted while it was sent).
    @discardableResult
    public func markSent(_ id: MessageId, serverId: Int32, date: Int32) throws -> MessageIndex? {
        guard id.namespace == MessageId.localNamespace, let local = try message(id) else { return nil }
        let cloudId = MessageId(peerId: id.peerId, id: serverId)
        if let existing = try message(cloudId) {
            try deleteMessages([id])
            return existing.index
        }
        var sent = local
        sent.index = MessageIndex(id: cloudId, timestamp: date)
        sent.extras.outgoing = nil
        try deleteMessages([id])
        try addMessages([sent])
        try moveReplies(from: id, to: cloudId)
        return sent.index
    }

    /// The account's messages still on their way that reply to `local`, and the chat's draft, now
    /// reply to its server id (they go after it, oldest first, so none of them left before).
    private func moveReplies(from local: MessageId, to cloudId: MessageId) throws {
        for waiting in try unsentMessages() where waiting.extras.replyTo?.target(in: waiting.id.peerId) == local {
            _ = try updateMessage(waiting.id) { $0.extras.replyTo = MessageReply(id: cloudId.id) }
        }
        if var draft = try draft(local.peerId), draft.replyTo?.target(in: local.peerId) == local {
            draft.replyTo = MessageReply(id: cloudId.id)
            try setDraft(local.peerId, draft)
        }
    }

    /// The server refused the local message `id`: it stays, marked with `reason`, and leaves the
    /// messages waiting to be sent.
    public func markSendFailed(_ id: MessageId, reason: String) throws {
        guard id.namespace == MessageId.localNamespace,
              let message = try updateMessage(id, { $0.extras.outgoing?.failure = reason }) else { return }
        try valueBox.remove(PostboxTable.unsentMessages, Self.unsentKey(message.index))
    }

    /// A chat's messages newest first as its history shows them: the server's and the account's
    /// own not on the server yet, in one order. Up to `limit` older than `index` (from the newest
    /// when nil).
    public func historyMessages(_ peerId: PeerId, before index: MessageIndex?, limit: Int) throws -> [Message] {
        let cloud = try messages(peerId, before: index.map { Self.cursor($0, in: MessageId.cloudNamespace) }, limit: limit)
        let local = try messages(peerId, before: index.map { Self.cursor($0, in: MessageId.localNamespace) },
                                 namespace: MessageId.localNamespace, limit: limit)
        if local.isEmpty { return cloud }
        return Array((cloud + local).sorted { $0.index > $1.index }.prefix(limit))
    }

    /// The same, oldest first, newer than `index` (from the oldest when nil).
    public func historyMessages(_ peerId: PeerId, after index: MessageIndex?, limit: Int) throws -> [Message] {
        let cloud = try messages(peerId, after: index.map { Self.cursor($0, in: MessageId.cloudNamespace) }, limit: limit)
        let local = try messages(peerId, after: index.map { Self.cursor($0, in: MessageId.localNamespace) },
                                 namespace: MessageId.localNamespace, limit: limit)
        if local.isEmpty { return cloud }
        return Array((cloud + local).sorted { $0.index < $1.index }.prefix(limit))
    }

    /// The newest message of the chat in either namespace.
    func newestHistoryMessage(_ peerId: PeerId) throws -> Message? {
        try historyMessages(peerId, before: nil, limit: 1).first
    }

    /// A cursor for a walk of one namespace that a message of another namespace sits in: within
    /// a timestamp the lower namespace comes first, so the cursor goes past every id of the walked
    /// namespace at that timestamp, or before every one.
    private static func cursor(_ index: MessageIndex, in namespace: Int32) -> MessageIndex {
        guard index.id.namespace != namespace else { return index }
        let id: Int32 = namespace < index.id.namespace ? .max : .min
        return MessageIndex(id: MessageId(peerId: index.id.peerId, namespace: namespace, id: id), timestamp: index.timestamp)
    }

    static func unsentKey(_ index: MessageIndex) -> ValueBoxKey {
        var key = ValueBoxKey(int32: index.timestamp)
        key.append(index.id.peerId.toInt64())
        key.append(index.id.id)
        return key
    }

    private static let afterLastUnsent = ValueBoxKey([UInt8](repeating: 0xff, count: 17))
}

extension PostboxTransaction {
    /// The keychain entry naming the server an account lives on (TelegramCore's AccountServer).
    public static let accountServerKeychainName = "persistent:accountServer"

    /// Whether the account lives on a server: its messages then wait for the server's id
    /// (`addUnsentMessage`); an offline account's are numbered and stored as sent at once.
    public func accountHasServer() throws -> Bool {
        try keychainEntry(Self.accountServerKeychainName) != nil
    }
}

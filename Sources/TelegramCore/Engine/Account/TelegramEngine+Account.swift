import Storage

extension TelegramEngine {
    public var account: AccountData { AccountData(postbox: postbox) }

    /// What the account's store says about itself rather than about chats.
    public struct AccountData {
        let postbox: Postbox
    }
}

extension TelegramEngine.AccountData {
    /// How much the store holds (`main status`, the bootstrap's report).
    public func counters() throws -> PostboxCounters {
        try postbox.read { try $0.counters() }
    }

    /// The ids of the extensions' requests main has applied, oldest first.
    public func appliedRequestIds() throws -> [String] {
        try postbox.read { try $0.appliedRequestIds() }
    }

    /// What main answered when it applied request `id` (its sealed result), if it did.
    public func appliedRequestResult(_ id: String) throws -> [UInt8]? {
        try postbox.read { try $0.appliedRequestResult(id) }
    }

    /// The device's address book as imported, and the account's users by phone-number key.
    public func deviceContacts() throws -> (contacts: [DeviceContact], usersByPhoneKey: [String: [EnginePeer]]) {
        try postbox.read { t in (try t.deviceContacts(), try t.usersByPhoneKey()) }
    }
}

extension TelegramEngine.Messages {
    /// A chat's newest `limit` messages with its pinned ids and read state, or nil for no such chat.
    public func listing(_ peerId: EnginePeer.Id, limit: Int) throws -> (messages: [EngineMessage], pinnedIds: Set<Int32>, readState: ReadState?)? {
        try postbox.read { t in
            guard try t.peer(peerId) != nil else { return nil }
            return (try t.historyMessages(peerId, before: nil, limit: limit), Set(try t.pinnedMessages(peerId).ids), try t.readState(peerId))
        }
    }
}

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

extension TelegramEngine.AccountData {
    /// Takes in the device's address book (`main contacts import`): all of it in place of what
    /// was there, or merged into it; with the account's users by phone-number key afterwards, to
    /// say which contacts are on Telegram.
    public func importDeviceContacts(_ contacts: [DeviceContact], replacing: Bool) throws -> (merge: DeviceContactsMerge, usersByPhoneKey: [String: [EnginePeer]]) {
        try postbox.transaction { t in
            var merge = DeviceContactsMerge()
            if replacing {
                try t.replaceDeviceContacts(contacts)
                merge.added = contacts.count
            } else {
                merge = try t.mergeDeviceContacts(contacts)
            }
            return (merge, try t.usersByPhoneKey())
        }
    }
}

extension TelegramEngine.Peers {
    /// Gives a chat the photo stored in the MediaBox as `resourceId`; false when there is no such chat.
    public func setPhoto(_ peerId: EnginePeer.Id, resourceId: String) throws -> Bool {
        try postbox.transaction { t in
            guard var stored = try t.peer(peerId) else { return false }
            stored.photoResourceId = resourceId
            try t.updatePeer(stored)
            return true
        }
    }
}

extension TelegramEngine.Calls {
    /// A call that ended goes into the account's call list.
    public func add(_ record: EngineCallRecord) throws {
        try postbox.transaction { try $0.addCall(record) }
    }
}

extension TelegramEngine.AccountData {
    /// Indexes the messages a store from before the search index holds (once, by the writer; the
    /// extensions scan until it is done). How many it indexed.
    public func completeSearchIndex() throws -> Int {
        try SearchIndexBackfill.run(postbox)
    }
}

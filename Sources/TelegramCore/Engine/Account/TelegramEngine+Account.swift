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

    /// Indexes the messages a store from before the search index holds (once, by the writer; the
    /// extensions scan until it is done). How many it indexed.
    public func completeSearchIndex() throws -> Int {
        try SearchIndexBackfill.run(postbox)
    }
}

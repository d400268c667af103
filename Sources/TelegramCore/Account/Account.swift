import Storage

/// One account, opened (Telegram's Account): its record, its Postbox (read-write in the writer,
/// read-only in a reader), its engine, and while the app listens to its server, the hooks into that
/// connection.
public final class Account {
    public let record: AccountRecord
    public let postbox: Postbox
    /// Called after a message to send or a change the server must hear (an edit, a deletion, a
    /// read mark…) was stored: the account's connection takes it there now (set while the app
    /// listens to the account's server).
    public var changesForServer: (@Sendable () -> Void)?
    /// Ends the account's connection to its server (before a logout revokes its key, so nothing
    /// uses or remakes a key for it after); set while the app listens to the account's server.
    public var endServerConnection: (() -> Void)?
    /// Fetches a message's file from the server (its id and the file's resource id), and how far
    /// the downloads got; set while the app listens to the account's server.
    public var downloadFromServer: (@Sendable (MessageId, String) -> Void)?
    public var serverDownloads: ServerFileDownloads?
    /// Asks the server who has a username no chat here has; the answers in `serverLookups` (set
    /// while the app listens to the account's server).
    public var lookUpOnServer: (@Sendable (String) -> Void)?
    public var serverLookups: ServerUsernameLookups?
    /// Fetches a page of a chat's history that the server has and this Postbox does not (at an
    /// end of a hole); what is being fetched in `serverHistory` (set while the app listens to
    /// the account's server).
    public var fetchHistoryFromServer: (@Sendable (PeerId, HistoryHoleEnd) -> Void)?
    public var serverHistory: ServerHistoryFetches?
    /// Fetches a chat's pinned messages from the server when it opens (set while the app listens).
    public var fetchPinnedFromServer: (@Sendable (PeerId) -> Void)?
    /// Makes a group or a channel on the server, or adds members; its ticket, the outcome in
    /// `serverCreations` (set while the app listens).
    public var createOnServer: (@Sendable (ServerChatCreations.Request) -> Int)?
    public var serverCreations: ServerChatCreations?
    /// Asks the server who is in a group or channel already; the answers in `serverMembers`
    /// (set while the app listens).
    public var askMembersOnServer: (@Sendable (PeerId) -> Void)?
    public var serverMembers: ServerChatMembers?
    /// Who is typing, and telling the server the person is (set while the app listens).
    public var serverPresence: AccountPresence?
    public var typingInChat: (@Sendable (PeerId) -> Void)?

    public init(record: AccountRecord, postbox: Postbox) {
        self.record = record
        self.postbox = postbox
    }

    public var peerId: PeerId? { record.backupData.map { PeerId($0.peerId) } }

    /// The account's queries and, in the writer, its use cases (which tell the connection).
    public var engine: TelegramEngine { TelegramEngine(postbox: postbox, changesForServer: changesForServer) }
}

extension AccountManager {
    /// The account of `record`, its Postbox opened (read-write unless `readOnly`).
    public func openAccount(_ record: AccountRecord, readOnly: Bool) throws -> Account {
        Account(record: record, postbox: try openPostbox(accountId: record.id, readOnly: readOnly))
    }

    /// A writing connection of its own to `account`'s Postbox, for work on another thread (a
    /// background import or sync, the server's listener): SQLite takes the two writers' turns.
    public func openConnection(to account: Account) throws -> Postbox {
        try openConnection(accountId: account.record.id)
    }

    public func openConnection(accountId: Int64) throws -> Postbox {
        try openPostbox(accountId: accountId, readOnly: false, tracked: false)
    }
}

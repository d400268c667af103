import Storage
import TelegramCore

/// One account, opened: its record and its Postbox (read-write in the writer, read-only in a reader).
public final class AccountContext {
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
    /// Who is typing, and telling the server the person is (set while the app listens).
    public var serverPresence: AccountPresence?
    public var typingInChat: (@Sendable (PeerId) -> Void)?

    init(record: AccountRecord, postbox: Postbox) {
        self.record = record
        self.postbox = postbox
    }

    public var peerId: PeerId? { record.backupData.map { PeerId($0.peerId) } }

    /// The account's queries and, in the writer, its use cases (which tell the connection).
    public var engine: TelegramEngine { TelegramEngine(postbox: postbox, changesForServer: changesForServer) }
}

/// The app is one of two states (Telegram's context split), each with its own root.
public enum ApplicationContext {
    case authorized(AuthorizedApplicationContext)
    case unauthorized(UnauthorizedApplicationContext)

    public var stateName: String {
        switch self {
        case .authorized: return "authorized"
        case .unauthorized: return "unauthorized"
        }
    }
}

/// No current account: the root is the authorization sequence (phone number entry).
public final class UnauthorizedApplicationContext {
    public let rootController = "AuthorizationSequence"
    /// Other accounts' ids, offered on the login screen as Telegram offers their phone numbers.
    public let otherAccountIds: [Int64]

    init(otherAccountIds: [Int64]) { self.otherAccountIds = otherAccountIds }
}

/// A logged-in account: the root tab controller, ready once its tabs and the selected tab are.
public final class AuthorizedApplicationContext {
    public let context: AccountContext
    public let root: RootInterface

    init(context: AccountContext, root: RootInterface) {
        self.context = context
        self.root = root
    }
}

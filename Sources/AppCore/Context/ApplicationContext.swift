import TelegramCore

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
    public let context: Account
    public let root: RootInterface

    init(context: Account, root: RootInterface) {
        self.context = context
        self.root = root
    }
}

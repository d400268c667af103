import TelegramCore
import TelegramUI

/// The accounts as the app's window changes them: the one shown, a switch, a login, a logout.
@MainActor
protocol AccountActions: AnyObject {
    /// The current account's screens' needs; nil before a login (the window shows the login).
    var currentAccount: (any AccountHost)? { get }
    /// Follows the current record when it changed (here or in another process); whether it did.
    func reloadAccountIfNeeded() throws -> Bool
    /// Every signed-in account, as Settings lists them.
    var accounts: any AccountsDataSource { get }
    var signedInCount: Int { get }
    /// Whether an account is current (Log Out is offered).
    var hasCurrentAccount: Bool { get }
    func switchAccount(to accountId: Int64) throws
    /// Logs out the current account.
    func logOut() throws
    /// Creates an offline account and makes it current, as `main login` does; its id.
    func logIn(phone: String, name: String) throws -> String
    /// A login against the server the app was started for (`main run --server` or
    /// `--environment`), each finished step calling `wake` from its thread; nil: no server, the
    /// login creates an offline account.
    func serverLogin(wake: @escaping @Sendable () -> Void) -> ServerLoginSession?
    /// Stores a login finished on the server as the account and makes it current; its id.
    func logIn(_ login: ServerLogin) throws -> String
}

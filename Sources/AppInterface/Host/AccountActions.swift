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
    /// Creates an account and makes it current, as `main login` does; its id.
    func logIn(phone: String, name: String) throws -> String
}

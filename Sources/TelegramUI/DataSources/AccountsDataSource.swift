/// What Settings reads about accounts: the one in use (its own name and number head the tab),
/// every signed-in account for the switcher, and the storage the one in use takes.
public protocol AccountsDataSource {
    /// The account the screens show, nil before a login.
    func currentAccount() -> AccountSummary?
    /// Every signed-in account (each one's store opened to read its name).
    func accounts() -> [AccountSummary]
    /// Bytes the current account's files take, nil without an account.
    func storageUsed() -> Int64?
}

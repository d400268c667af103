import TelegramCore

extension SharedAccountContext {
    /// The account a command or request names, else the current one. Another account's Postbox
    /// is opened on demand, read-write in the writer as the current one is.
    public func accountContext(_ accountId: Int64?, current: Account?) throws -> Account {
        // The current record, not the launch's context: in the running app a handed-over `login`
        // or `accounts switch` changes which account is current.
        guard let accountId = accountId ?? accountManager.state.currentRecord?.id else {
            throw AccountLifecycle.Failure(description: "no current account (create one with `main login`)")
        }
        if let current, accountId == current.record.id { return current }
        guard let record = accountManager.state.activeRecords.first(where: { $0.id == accountId }) else {
            throw AccountLifecycle.Failure(description: "no logged-in account with id \(accountId) (see `main accounts`)")
        }
        return try accountManager.openAccount(record, readOnly: mode == .reader)
    }
}

extension LaunchedApp {
    /// The account a command names with `--account`, else the current one.
    public func accountContext(_ accountId: Int64?) throws -> Account {
        try shared.accountContext(accountId, current: account)
    }
}

extension LaunchedApp {
    /// Creating, logging out and switching this container's accounts (the writer's).
    public var accounts: AccountLifecycle { AccountLifecycle(manager: shared.accountManager, logger: logger) }
}

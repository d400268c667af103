import Storage

extension LaunchedApp {
    /// The account a command names with `--account`, else the current one. Another account's
    /// Postbox is opened on demand, read-write in the writer as the current one is.
    public func accountContext(_ accountId: Int64?) throws -> AccountContext {
        if let current = account, accountId == nil || accountId == current.record.id { return current }
        guard let accountId else { throw AccountLifecycle.Failure(description: "no current account (create one with `main login`)") }
        guard let record = shared.accountManager.state.activeRecords.first(where: { $0.id == accountId }) else {
            throw AccountLifecycle.Failure(description: "no logged-in account with id \(accountId) (see `main accounts`)")
        }
        let postbox = try shared.accountManager.openPostbox(accountId: accountId, readOnly: shared.mode == .reader)
        return AccountContext(record: record, postbox: postbox)
    }
}

import Storage

/// Phase 8: the current account decides the context. No authorized record → unauthorized
/// (login); otherwise open its Postbox and build the account context.
enum AccountLoadingPhase {
    static func run(shared: SharedAccountContext) throws -> AccountContext? {
        guard let record = shared.accountManager.state.currentRecord else { return nil }
        let postbox = try shared.accountManager.openPostbox(accountId: record.id, readOnly: shared.mode == .reader)
        shared.logger.info("account loaded", metadata: ["account": "\(record.id)", "readOnly": "\(postbox.isReadOnly)"])
        return AccountContext(record: record, postbox: postbox)
    }
}

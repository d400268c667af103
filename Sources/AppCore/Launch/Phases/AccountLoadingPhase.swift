import Container
import Storage

/// Phase 8: the current account decides the context. No authorized record → unauthorized
/// (login); otherwise open its Postbox and build the account context. A writer also completes
/// the account's search index if the store predates it (once; extensions scan until then).
enum AccountLoadingPhase {
    static func run(shared: SharedAccountContext) throws -> AccountContext? {
        guard let record = shared.accountManager.state.currentRecord else { return nil }
        let postbox = try shared.accountManager.openPostbox(accountId: record.id, readOnly: shared.mode == .reader)
        shared.logger.info("account loaded", metadata: ["account": "\(record.id)", "readOnly": "\(postbox.isReadOnly)"])
        if !postbox.isReadOnly {
            let start = Clock.monotonicNanoseconds()
            let indexed = try SearchIndexBackfill.run(postbox)
            if indexed > 0 {
                shared.logger.info("search index built", metadata: ["messages": "\(indexed)", "ms": "\(Int(Clock.milliseconds(since: start)))"])
            }
        }
        return AccountContext(record: record, postbox: postbox)
    }
}

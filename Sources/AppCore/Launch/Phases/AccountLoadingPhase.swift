import Container
import TelegramCore

/// Phase 8: the current account decides the context. No authorized record → unauthorized
/// (login); otherwise open its Postbox and build the account context. A writer also completes
/// the account's search index if the store predates it (once; extensions scan until then).
enum AccountLoadingPhase {
    static func run(shared: SharedAccountContext) throws -> Account? {
        guard let record = shared.accountManager.state.currentRecord else { return nil }
        let account = try shared.accountManager.openAccount(record, readOnly: shared.mode == .reader)
        shared.logger.info("account loaded", metadata: ["account": "\(record.id)", "readOnly": "\(account.postbox.isReadOnly)"])
        if !account.postbox.isReadOnly {
            let start = Clock.monotonicNanoseconds()
            let indexed = try account.engine.account.completeSearchIndex()
            if indexed > 0 {
                shared.logger.info("search index built", metadata: ["messages": "\(indexed)", "ms": "\(Int(Clock.milliseconds(since: start)))"])
            }
        }
        return account
    }
}

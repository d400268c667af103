import RequestChannel
import TelegramCore

/// Phase 10 (writer launches only): requests that extensions queued while main was not running,
/// or that a crash left half done, are applied now, before the app does anything else — as the
/// seeds' app drains its share and Siri work at launch.
enum RequestQueuePhase {
    static func run(shared: SharedAccountContext, account: Account?) throws -> (RequestProcessor, AccountRequestHandler)? {
        guard shared.mode == .writer else { return nil }
        let handler = AccountRequestHandler(shared: shared, current: account)
        let processor = try RequestProcessor(layout: shared.layout, deviceKey: shared.deviceKey, handler: handler, logger: shared.logger)
        processor.prune()
        let summary = processor.drain()
        if summary != RequestProcessor.Summary() {
            shared.logger.info("request queue drained at launch", metadata: [
                "applied": "\(summary.applied)", "rejected": "\(summary.rejected)",
                "alreadyApplied": "\(summary.alreadyApplied)", "deferred": "\(summary.deferred)"])
        }
        return (processor, handler)
    }
}

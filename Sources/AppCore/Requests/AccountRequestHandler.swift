import Logging
import RequestChannel
import TelegramCore

/// The app's side of the request channel: a request changes its account's Postbox, in one
/// transaction with its id (the engine's requests). Main's own operations run in `runningApp`,
/// set while the app runs (`main run`); a launch for one command takes none.
final class AccountRequestHandler: RequestHandler {
    let shared: SharedAccountContext
    /// The app's current account: after a switch, the newly current account is not opened twice.
    var current: Account?
    private var accounts: [Int64: Account] = [:]
    weak var runningApp: LaunchedApp?

    init(shared: SharedAccountContext, current: Account?) {
        self.shared = shared
        self.current = current
    }

    func appliedResult(of request: AppRequest) throws -> [String: String]? {
        guard let accountId = Int64(request.accountId), shared.accountManager.state.activeRecords.contains(where: { $0.id == accountId }) else {
            throw RequestRefusal(description: "it names no logged-in account")
        }
        // An account that exists but cannot be opened now (busy, disk) is not the request's fault:
        // the error leaves it pending.
        return try context(accountId).engine.requests.appliedResult(request.id)
    }

    func appliedResult(ofUnreadable id: String) -> [String: String]? {
        for record in shared.accountManager.state.activeRecords {
            guard let account = try? context(record.id), let earlier = try? account.engine.account.appliedRequestResult(id) else { continue }
            return (try? TelegramEngine.Requests.decodeResult(earlier)) ?? [:]
        }
        return nil
    }

    func apply(_ request: AppRequest, stagedIn directory: String) throws -> [String: String] {
        guard let accountId = Int64(request.accountId) else { throw RequestRefusal(description: "it names no logged-in account") }
        return try context(accountId).engine.requests.apply(request, stagedIn: directory)
    }

    var takesCommands: Bool { runningApp != nil }

    func run(command request: AppRequest) -> CommandOutcome {
        guard let runningApp else { return .finished(answer(unfinished: .stopped(request.action.logName))) }
        return OperationHandOff.run(request, in: runningApp)
    }

    func answer(unfinished: UnfinishedCommand) -> [String: String] {
        OperationHandOff.answer(unfinished: unfinished)
    }

    private func context(_ accountId: Int64) throws -> Account {
        if let current, current.record.id == accountId { return current }
        if let open = accounts[accountId] { return open }
        let opened = try shared.accountContext(accountId, current: current)
        accounts[accountId] = opened
        return opened
    }
}

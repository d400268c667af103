import RequestChannel

/// A handler with an in-memory store: what it applied, by request id, as a transaction would have
/// recorded it. `apply` can be made to refuse, to fail as a busy store fails, or to be counted.
final class FakeRequestHandler: RequestHandler {
    enum Behaviour { case apply, refuse(String), failForNow }

    var behaviour = Behaviour.apply
    /// The store: request id → the result recorded with the change.
    var applied: [String: [String: String]] = [:]
    var applyCalls = 0
    var commandCalls = 0
    var takesCommands = true
    var commandOutcome: (AppRequest) -> CommandOutcome = { _ in .finished(["ran": "yes"]) }

    struct Busy: Error {}

    func appliedResult(of request: AppRequest) throws -> [String: String]? { applied[request.id] }

    func appliedResult(ofUnreadable id: String) -> [String: String]? { applied[id] }

    func apply(_ request: AppRequest, stagedIn directory: String) throws -> [String: String] {
        applyCalls += 1
        switch behaviour {
        case .apply:
            let result = ["messageId": String(applyCalls)]
            applied[request.id] = result
            return result
        case .refuse(let reason):
            throw RequestRefusal(description: reason)
        case .failForNow:
            throw Busy()
        }
    }

    func run(command request: AppRequest) -> CommandOutcome {
        commandCalls += 1
        return commandOutcome(request)
    }

    func answer(unfinished: UnfinishedCommand) -> [String: String] {
        switch unfinished {
        case .busy: return ["unfinished": "busy"]
        case .stopped: return ["unfinished": "stopped"]
        }
    }
}

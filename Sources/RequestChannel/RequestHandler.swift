/// What a request changes, for the RequestProcessor that drains the channel: the processor keeps
/// the order of renames, acks and removals that makes a request apply exactly once; the handler
/// (the running app's account stores) decides what a request does.
public protocol RequestHandler: AnyObject {
    /// What `request` produced when it was applied before, or nil. Throws `RequestRefusal` when it
    /// can never apply (it names no logged-in account), any other error when it may later (a busy
    /// store): the request then stays pending.
    func appliedResult(of request: AppRequest) throws -> [String: String]?

    /// What any account recorded for `id`, for a request file that cannot be read: a copy put
    /// back after it was applied is acknowledged, never refused.
    func appliedResult(ofUnreadable id: String) -> [String: String]?

    /// Applies `request`, its staged files in `directory`, recording its id in the same
    /// transaction, and returns only once that commit is durable: the processor acknowledges it
    /// next, and an acknowledgement that outlives its change at a power cut is a lost message.
    /// `RequestRefusal` refuses it for good; any other error leaves it pending.
    func apply(_ request: AppRequest, stagedIn directory: String) throws -> [String: String]

    /// Whether a running app takes main's own commands now (false in a launch for one command).
    var takesCommands: Bool { get }

    /// Runs one of main's own commands, at most once: its answer, or work that answers later.
    /// What it changed is durable before the answer is returned (or reported by the work).
    func run(command request: AppRequest) -> CommandOutcome

    /// The answer for a command that did not run to its end.
    func answer(unfinished: UnfinishedCommand) -> [String: String]
}

/// How a handed-over command went: finished now, or started on a thread of its own.
public enum CommandOutcome {
    case finished([String: String])
    case background(BackgroundCommand)
}

/// Why a command was answered without finishing.
public enum UnfinishedCommand {
    /// Another long command (its label and progress) runs; this one was not started.
    case busy(String, BackgroundProgress?)
    /// The app stopped while the command (its label) ran.
    case stopped(String)
}

import ArgumentParser
import CommandLineSupport
import SiriIntents
import TelegramCore

/// `intents search-call-history`: INSearchCallHistoryIntent.
public struct SearchCallHistoryCommand: ParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "search-call-history",
        abstract: "List recent calls, newest first, as \"Did I miss any calls on Telegram?\" does.",
        discussion: """
        From the account's call log, read-only. Each call: identifier, caller (tg<peerId> and \
        name), callRecordType (missed, outgoing, received), dateCreated (unix seconds), \
        callDuration (seconds), isVideo.

        Codes: success, failureRequiringAppLaunch (locked: nothing is listed), unsupported (noAccount).
        """)

    @OptionGroup public var options: IntentOptions
    @Flag(help: "Only missed calls.") public var missed = false
    @Option(parsing: .unconditional, help: "At most this many calls (1–1000).") public var limit = 20

    public init() {}

    public func validate() throws {
        guard (1...1000).contains(limit) else { throw ValidationError("--limit must be between 1 and 1000") }
    }

    public func run() throws {
        try IntentSession.respond(.searchCallHistory, options: options, lockedCode: .failureRequiringAppLaunch,
                                  revealsContent: true) { account -> IntentResponse<CallHistory> in
            let calls = try account.engine.calls.history(limit: limit, missedOnly: missed).map { call, peer in
                CallEntry(identifier: String(call.callId), caller: peer.map { IntentPerson($0) }, peerId: call.peerId.toInt64(),
                          callRecordType: call.isMissed ? "missed" : call.isOutgoing ? "outgoing" : "received",
                          dateCreated: call.timestamp, callDuration: call.duration, isVideo: call.isVideo)
            }
            return IntentResponse(.searchCallHistory, .success, detail: countPhrase(calls.count, "call"), payload: CallHistory(calls: calls))
        }
    }
}

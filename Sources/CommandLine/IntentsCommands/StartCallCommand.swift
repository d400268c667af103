import ArgumentParser
import CommandLineSupport
import Container
import Formats
import RequestChannel
import SiriIntents
import TelegramCore

/// `intents start-call`: INStartAudioCallIntent / INStartCallIntent.
public struct StartCallCommand: ParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "start-call",
        abstract: "Call a person, as \"Call Mom on Telegram\" does: the app takes over (continueInApp).",
        discussion: """
        PERSON is found as for send-message (tg<peerId>, a phone number or a name; several \
        matches: needsDisambiguation, exit 3, nothing done). The call is recorded in the call \
        log through a request to the app, and the answer is continueInApp with the handle \
        TGCA<peerId> the app opens the call from (Telegram's userInfo "handle"). When the app is \
        not running the request is queued ("queued": true) and recorded when it starts.

        Codes: continueInApp, failureRequiringAppLaunch (locked), failure (refused by the app), \
        unsupported (noAccount, noRecipient), needsDisambiguation.
        """)

    @OptionGroup public var options: IntentOptions
    @OptionGroup public var acknowledgement: AcknowledgementOptions
    @Option(help: ArgumentHelp("Who: tg<peerId>, a phone number or a name.", valueName: "person")) public var to: String
    @Flag(help: "A video call.") public var video = false

    public init() {}

    public func validate() throws {
        guard !to.allSatisfy(\.isWhitespace) else { throw ValidationError("--to must name someone") }
    }

    public func run() throws {
        let started = Clock.monotonicNanoseconds()
        try IntentSession.respond(.startCall, options: options, lockedCode: .failureRequiringAppLaunch) { account -> IntentResponse<CallStart> in
            let resolution = try account.engine.peers.resolvePerson(to)
            let person: IntentPerson
            switch resolution.person(for: .startCall, query: to) as Result<IntentPerson, IntentResponseBox<CallStart>> {
            case .success(let found): person = found
            case .failure(let early): return early.response
            }
            let request = try MainAppRequest.submit(.recordCall(peerId: person.peerId, isVideo: video), account: account,
                                                    deadlineSeconds: acknowledgement.deadline, started: started)
            var payload = CallStart(recipient: person, handle: "TGCA\(person.peerId)", isVideo: video,
                                    requestId: request.requestId, queued: request.isQueued)
            switch request.outcome {
            case .applied(let result):
                payload.callId = result["callId"].flatMap { Int64($0) }
                return IntentResponse(.startCall, .continueInApp, payload: payload)
            case .rejected(let reason):
                payload.handle = nil
                return IntentResponse(.startCall, .failure, reason: "rejected", detail: reason, payload: payload)
            case .queued(let appRunning):
                // The app is opened to continue the call either way; the record follows at its launch.
                return IntentResponse(.startCall, .continueInApp, reason: "queued", detail: MainAppRequest.queuedDetail(appRunning: appRunning), payload: payload)
            }
        }
    }
}

import ArgumentParser
import CommandLineSupport
import Container
import Formats
import RequestChannel
import SiriIntents
import TelegramCore

/// `intents send-message`: INSendMessageIntent.
public struct SendMessageCommand: ParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "send-message",
        abstract: "Send a text message to a person, as \"Send a message to Mom on Telegram\" does.",
        discussion: """
        PERSON is found as Siri's contact pipeline finds people: tg<peerId> (a user's own \
        identifier), a phone number (the Telegram user with that number), or a name (device \
        contacts imported with `main contacts import`, matched to Telegram users by phone, and \
        Telegram users with that name). When several people fit, they are listed \
        (needsDisambiguation, exit 3) and nothing is sent: ask again with their tg<peerId>.

        The extension never writes the database: the message goes to the app as a request. With \
        `main run` running it is stored at once (success, with the message id); otherwise, or when \
        the app does not confirm within --deadline, the answer is inProgress (reason "queued") and \
        the app stores it, exactly once, at its next launch.

        Codes: success, inProgress, failureRequiringAppLaunch (the app is locked), failure \
        (refused by the app), unsupported (noAccount, noRecipient), needsDisambiguation. \
        Exit status 0, 3 for needsDisambiguation, 1 otherwise.

          intents send-message --to "Mom" --text "On my way"
        """)

    @OptionGroup public var options: IntentOptions
    @OptionGroup public var acknowledgement: AcknowledgementOptions
    @Option(help: ArgumentHelp("Who: tg<peerId>, a phone number or a name.", valueName: "person")) public var to: String
    @Option(help: "The message text.") public var text: String

    public init() {}

    public func validate() throws {
        guard !to.allSatisfy(\.isWhitespace) else { throw ValidationError("--to must name someone") }
        guard !text.allSatisfy(\.isWhitespace) else { throw ValidationError("--text must not be empty") }
        guard text.utf8.count <= ShareLimits.maximumTextBytes else {
            throw ValidationError("--text is longer than \(ShareLimits.maximumTextBytes) bytes")
        }
    }

    public func run() throws {
        let started = Clock.monotonicNanoseconds()
        try IntentSession.respond(.sendMessage, options: options, lockedCode: .failureRequiringAppLaunch) { account -> IntentResponse<SentMessage> in
            let resolution = try account.engine.peers.resolvePerson(to)
            let recipient: IntentPerson
            switch resolution.person(for: .sendMessage, query: to) as Result<IntentPerson, IntentResponseBox<SentMessage>> {
            case .success(let person): recipient = person
            case .failure(let early): return early.response
            }
            let randomId = TelegramEngine.Messages.newRandomId()
            let request = try MainAppRequest.submit(.sendMessage(peerId: recipient.peerId, text: text, attachments: []), account: account,
                                                    deadlineSeconds: acknowledgement.deadline, started: started, randomId: randomId)
            var payload = SentMessage(recipient: recipient, requestId: request.requestId, queued: request.isQueued)
            switch request.outcome {
            case .applied(let result):
                payload.messageId = result["messageId"].flatMap { Int32($0) }
                payload.identifier = payload.messageId.map { EngineMessage.Id(peerId: EnginePeer.Id(recipient.peerId), id: $0).description }
                return IntentResponse(.sendMessage, .success, payload: payload)
            case .rejected(let reason):
                return IntentResponse(.sendMessage, .failure, reason: "rejected", detail: reason, payload: payload)
            case .queued(appRunning: false):
                // Telegram is not running: the extension is the service task master (seed 004)
                // and sends it over the network itself, in what is left of its deadline.
                let left = acknowledgement.deadline - Clock.milliseconds(since: started) / 1000
                if left >= 1, let sent = ExtensionSender.sendIfPossible(text: text, to: EnginePeer.Id(recipient.peerId), randomId: randomId,
                                                                        engine: account.engine, layout: account.layout,
                                                                        build: account.bootstrap.container.configuration, timeout: left,
                                                                        logger: account.bootstrap.logger) {
                    payload.messageId = sent.messageId
                    payload.identifier = EngineMessage.Id(peerId: EnginePeer.Id(recipient.peerId), id: sent.messageId).description
                    return IntentResponse(.sendMessage, .success, reason: "sentByExtension",
                                          detail: "sent over the network by the extension; Telegram keeps it in the chat at its next launch",
                                          payload: payload)
                }
                return IntentResponse(.sendMessage, .inProgress, reason: "queued", detail: MainAppRequest.queuedDetail(appRunning: false), payload: payload)
            case .queued(appRunning: true):
                return IntentResponse(.sendMessage, .inProgress, reason: "queued", detail: MainAppRequest.queuedDetail(appRunning: true), payload: payload)
            }
        }
    }
}

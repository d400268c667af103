import ArgumentParser
import CommandLineSupport
import Container
import Formats
import RequestChannel
import SiriIntents
import TelegramCore

/// `intents set-attribute`: INSetMessageAttributeIntent.
public struct SetAttributeCommand: ParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "set-attribute",
        abstract: "Mark a message read or unread, as \"Mark my last message as read\" does.",
        discussion: """
        ID is the identifier search-messages prints, <peerId>_<namespace>_<id>. --read marks the \
        chat read up to that message; --unread marks it unread from that message on (--flagged \
        does the same, as Telegram treats flagged). The change goes to the app as a request: \
        success once applied (with the chat's unread count), inProgress (reason "queued") when \
        the app is not running or does not confirm within --deadline.

        Codes: success, inProgress, failure (locked — Telegram answers failure here, not \
        failureRequiringAppLaunch — no such message, or refused by the app), unsupported (noAccount).
        """)

    @OptionGroup public var options: IntentOptions
    @OptionGroup public var acknowledgement: AcknowledgementOptions
    @Option(help: ArgumentHelp("The message, <peerId>_<namespace>_<id>.", valueName: "id")) public var message: String
    @Flag(help: "Mark read up to the message.") public var read = false
    @Flag(help: "Mark unread from the message on.") public var unread = false
    @Flag(help: "Same as --unread (Telegram's mapping of flagged).") public var flagged = false

    public init() {}

    public func validate() throws {
        guard [read, unread, flagged].filter({ $0 }).count == 1 else {
            throw ValidationError("give exactly one of --read, --unread, --flagged")
        }
        guard MessageIdentifier.parse(message) != nil else {
            throw ValidationError("--message must be <peerId>_<namespace>_<id>, as search-messages prints it")
        }
    }

    public func run() throws {
        let started = Clock.monotonicNanoseconds()
        let id = MessageIdentifier.parse(message)!
        try IntentSession.respond(.setMessageAttribute, options: options, lockedCode: .failure) { account -> IntentResponse<MessageAttributeChange> in
            var payload = MessageAttributeChange(identifier: id.description, attribute: read ? "read" : "unread")
            // Checked here so a wrong id is answered at once instead of queued for the app to refuse.
            guard try account.engine.messages.message(id) != nil else {
                return IntentResponse(.setMessageAttribute, .failure, reason: "messageNotFound", detail: "No message \(id.description).", payload: payload)
            }
            guard id.namespace == EngineMessage.Id.cloudNamespace else {
                return IntentResponse(.setMessageAttribute, .failure, reason: "unsupportedMessage",
                                      detail: "Only cloud messages (namespace 0) have a read state.", payload: payload)
            }
            let request = try MainAppRequest.submit(.setMessageRead(peerId: id.peerId.toInt64(), messageId: id.id, read: read),
                                                    account: account, deadlineSeconds: acknowledgement.deadline, started: started)
            payload.requestId = request.requestId
            payload.queued = request.isQueued
            switch request.outcome {
            case .applied(let result):
                payload.unreadCount = result["unreadCount"].flatMap { Int32($0) }
                return IntentResponse(.setMessageAttribute, .success, payload: payload)
            case .rejected(let reason):
                return IntentResponse(.setMessageAttribute, .failure, reason: "rejected", detail: reason, payload: payload)
            case .queued(let appRunning):
                return IntentResponse(.setMessageAttribute, .inProgress, reason: "queued", detail: MainAppRequest.queuedDetail(appRunning: appRunning), payload: payload)
            }
        }
    }
}

import AppCore
import ArgumentParser
import Bootstrap
import CommandLineSupport
import Formats
import PushServer
import TelegramCore

extension PushKind: ExpressibleByArgument {}

struct PushCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "push",
        abstract: "Act as the push server: apply an update to an account and print its push.",
        discussion: """
        Stores the update in the account's Postbox as the server's update would (a new message, a \
        deletion, a read mark), then prints the push exactly as the device receives it: \
        {"aps": {...}, "p": "<base64url>"}, with "p" encrypted under the account's notification \
        secret by Telegram's algorithm. Pipe it to notify-service:

          main push --peer 12345 --text "See you at 6" | notify-service --json

        Kinds: message (MESSAGE_TEXT and friends), muted (MESSAGE_MUTED, a silent update), \
        deleted (MESSAGE_DELETED; the chat's newest message unless --message), read \
        (READ_HISTORY up to --message or the newest), edited (--message's text replaced by \
        --text; the message's push again with edit_date), reaction (--from reacts --emoji to \
        the account's --message: REACT_TEXT), pinned (--message pinned by --from: PINNED_TEXT; \
        --unpin unpins silently), read-outbox (the other side read the account's messages up \
        to --message or its newest: a silent update). --json prints a report around the push.
        """)

    @OptionGroup var options: ContainerOptions
    @Option(parsing: .unconditional, help: "The chat's peer id (as `main status` and links show it).") var peer: Int64
    @Option(help: "The message text (message and muted kinds).") var text: String?
    @Option(parsing: .unconditional, help: "The account id (default: the current account).") var account: Int64?
    @Option(help: "message, muted, deleted, read, edited, reaction, pinned or read-outbox.") var kind: PushKind = .message
    @Option(name: [.customLong("message"), .customLong("message-id")], parsing: .unconditional,
            help: "The message the push names (default: the chat's newest; read-outbox: the account's newest).") var message: Int32?
    @Option(name: [.customLong("from"), .customLong("author")], parsing: .unconditional,
            help: "Who wrote, reacted or pinned (a peer id; default: the chat's user, a group's latest incoming author).") var from: Int64?
    @Option(help: "The reaction (reaction kind): one of Telegram's, e.g. 👍.") var emoji: String?
    @Flag(help: "Unpin instead of pin (pinned kind).") var unpin = false
    @Flag(help: "Sent silently: no sound, and 🔕 in the title.") var silent = false
    @Option(parsing: .unconditional, help: "Forum topic id; the thread becomes <peer>:<topic>.") var topic: Int64?
    @Option(help: "Forum topic title, shown as the subtitle.") var topicTitle: String?
    @Flag(help: "Print a JSON report (push, account, message id, key id) instead of the bare push.") var json = false

    func validate() throws {
        if (kind == .message || kind == .muted || kind == .edited) && (text ?? "").isEmpty {
            throw ValidationError("--text is required for --kind \(kind.rawValue)")
        }
        if let text, text.utf8.count > 4096 { throw ValidationError("--text is limited to 4096 bytes (a push carries at most 4 KiB)") }
        if topicTitle != nil && topic == nil { throw ValidationError("--topic-title needs --topic") }
        if kind == .reaction && (emoji ?? "").isEmpty { throw ValidationError("--emoji is required for --kind reaction") }
        if unpin && kind != .pinned { throw ValidationError("--unpin goes with --kind pinned") }
    }

    func run() throws {
        let request = PushRequest(accountId: account, kind: kind, peerId: peer, text: text, messageId: message, authorId: from,
                                  silent: silent, topicId: topic, topicTitle: topicTitle, emoji: emoji, unpin: unpin)
        let composed = try Operations.perform(.push(request), options).expect("push") {
            if case .pushed(let composed) = $0 { return composed } else { return nil }
        }
        printJSON(json ? try JSONFile.text(composed) : try JSONFile.compactText(composed.push))
    }
}

struct PushRegistrationCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "push-registration",
        abstract: "Print what the app registers with the push server for an account.",
        discussion: """
        As Telegram's registerDevice: token type 1 (APNs), this device's token, the account's \
        256-byte notification secret (base64) and the other accounts' user ids. A push server \
        holding the secret can send pushes that notify-service decrypts. The secret is private: \
        treat this output like a password.
        """)

    @OptionGroup var options: ContainerOptions
    @Option(parsing: .unconditional, help: "The account id (default: the current account).") var account: Int64?
    @Flag(help: "Print JSON.") var json = false

    func run() throws {
        let registration = try withReadingApp(options) { app in
            try PushRegistration(app: app, account: try app.accountContext(account))
        }
        if json {
            printJSON(try JSONFile.text(registration))
        } else {
            printLines([
                "account: \(registration.accountId)",
                "token type: \(registration.tokenType) (APNs)",
                "token: \(registration.token)",
                "key id: \(registration.keyId)",
                "secret: \(registration.secret)",
                "other user ids: \(registration.otherUids.map(String.init).joined(separator: ", "))",
            ])
        }
    }
}

import ArgumentParser
import Bootstrap
import CommandLineSupport
import Container
import DrawingClient
import Formats
import FoundationEssentials
import NotificationService
import TelegramCore

/// What `content` wrote, for `--json`.
struct ContentCardReport: Codable {
    let out: String
    let bytes: Int
    let locked: Bool
    let avatar: String?
}

/// `notify-service content`: the NotificationContent extension's long-press card.
public struct ContentCommand: ParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "content",
        abstract: "Render the rich notification card for one message as a PNG.",
        discussion: """
        The card Telegram's NotificationContent extension shows when a notification is pressed: \
        the sender's avatar, the chat's title, the message text and its time. The account's \
        Postbox is opened read-only. When the app is locked the card shows only the \
        locked-message string: no name, no text, no avatar.
        """)

    @OptionGroup public var options: ContainerOptions
    @Option(parsing: .unconditional, help: "The account id.") public var account: Int64
    @Option(parsing: .unconditional, help: "The chat's peer id.") public var peer: Int64
    @Option(parsing: .unconditional, help: "The message id.") public var message: Int32
    @Option(help: "Where to write the PNG.") public var out: String
    @Flag(help: "Print JSON.") public var json = false

    public init() {}

    public func run() throws {
        let bootstrap = try ExtensionBootstrap(identity: .notifyService, containerFlag: options.container,
                                               environment: ProcessInfo.processInfo.environment, account: .id(account))
        defer { bootstrap.finish() }
        guard let engine = bootstrap.engine else { throw UnknownAccount(id: account) }
        let peerId = EnginePeer.Id(peer)
        let lockedMessage = (try? JSONFile.read(NotificationsPresentationData.self, from: bootstrap.layout.notificationsPresentationDataPath,
                                                limit: 64 * 1024))?.applicationLockedMessageString ?? PushDelivery.generic
        let card: DrawingRequest
        var avatarPath: String?
        // Checked after the bootstrap, just before anything is read for display.
        let locked = bootstrap.lock.isLocked()
        if locked {
            card = .notificationCard(avatarPath: nil, title: "Telegram", body: lockedMessage, time: "")
        } else {
            let read = try engine.messages.messageInChat(EngineMessage.Id(peerId: peerId, id: message))
            let (chat, found, author) = (read.chat, read.message, read.author)
            guard let chat else { throw ServiceFailure("unknownPeer", "no chat with peer id \(peer) in account \(account)") }
            guard let found else { throw ServiceFailure("unknownMessage", "no message \(message) in chat \(peer)") }
            let source = peerId.namespace == .cloudGroup ? (author ?? chat) : chat
            avatarPath = try? AvatarCache(mediaBox: engine.mediaBox, deviceKey: bootstrap.deviceKey).avatarPath(for: source)
            let text = found.summaryText
            let body = peerId.namespace == .cloudGroup && author != nil ? "\(author!.displayTitle): \(text)" : text
            card = .notificationCard(avatarPath: avatarPath, title: chat.displayTitle, body: body,
                                     time: MessageTime.shortTime(found.index.timestamp))
        }
        let png = try DrawingLibrary.render(card)
        try AtomicFile.write(png, to: out)
        let report = ContentCardReport(out: out, bytes: png.count, locked: locked, avatar: avatarPath)
        json ? StandardStreams.writeJSON(try JSONFile.text(report)) : StandardStreams.writeLine("wrote \(out) (\(png.count) bytes)\(locked ? ", locked: content hidden" : "")")
    }
}

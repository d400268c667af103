import AppCore
import Container
import DesktopIntegration
import Synchronization
import TelegramCore
import TelegramUI

/// Opening and saving a chat's files and links on the desktop: a MediaBox file (kept under its
/// resource id) copied under the message's name into a private folder and handed to the opener;
/// saved into the downloads folder under a name that replaces nothing; the app's own links
/// (tg://, t.me) opened as their chat here, every other link handed to the opener.
@MainActor
final class PostboxChatOpenActions: ChatOpenActions {
    let account: Account
    let opener: Opener
    let directories: XDGDirectories
    let scheme: String
    let log: InterfaceLog
    /// Shows a chat in the interface (a link's).
    let openChat: (ChatId, String) -> Void

    init(account: Account, opener: Opener, directories: XDGDirectories, scheme: String, log: InterfaceLog,
         openChat: @escaping (ChatId, String) -> Void) {
        self.account = account
        self.opener = opener
        self.directories = directories
        self.scheme = scheme
        self.log = log
        self.openChat = openChat
    }

    private var mediaBox: EngineMediaBox { account.postbox.mediaBox }
    /// Openings whose program failed, told by the reaping thread, shown by the chat's next frame.
    private let failures = OpenFailures()

    /// The opener on `target`; if its program fails, why, in words, for the chat's next frame.
    private func launch(_ target: String, named name: String) throws {
        try opener.launch(target) { [opener, failures] status in
            if let failure = opener.failure(opening: name, exitStatus: status) { failures.list.withLock { $0.append(failure) } }
        }
    }

    /// An opening's program that failed, else a download from the server that did.
    func takeFailure() -> String? {
        failures.list.withLock { $0.isEmpty ? nil : $0.removeFirst() } ?? account.serverDownloads?.takeFailure()
    }
    /// Where the named copies the opener is given are kept: the MediaBox's cache, private to the app.
    private var openedFolder: String { mediaBox.basePath + "/cached/opened" }

    func open(_ attachment: ChatAttachment) throws -> String {
        let (source, fileId) = try file(of: attachment)
        let name = Self.name(of: attachment, fileId: fileId)
        let path = try AttachmentFiles.openableCopy(source, in: openedFolder, key: fileId, as: name)
        try launch(path, named: name)
        log.info("attachment opened", metadata: ["opener": "\(opener.command[0])"])
        return "Opening \(name)"
    }

    func save(_ attachment: ChatAttachment) throws -> String {
        let (source, fileId) = try file(of: attachment)
        let path = try AttachmentFiles.save(source, into: try directories.downloads(), as: Self.name(of: attachment, fileId: fileId))
        log.info("attachment saved")
        return "Saved to \(path)"
    }

    func download(_ attachment: ChatAttachment, of message: ChatMessage.Index, in chat: ChatId) throws -> String {
        guard let downloadFromServer = account.downloadFromServer else {
            throw Missing(description: "the app is not connected to the account's server")
        }
        let id = message.messageIndex(in: chat).id
        guard let server = try account.engine.messages.message(id)?.extras.media.first?.file?.serverFile else {
            throw Missing(description: "the message has no file on the server")
        }
        downloadFromServer(id, server.resourceId)
        log.info("download asked for")
        return "Downloading \(attachment.name ?? (attachment.isPhoto ? "the photo" : "the file"))…"
    }

    func openLink(_ url: String) throws -> String? {
        if let link = try AppLink.inApp(url, scheme: scheme) {
            // A username no chat here has: the server is asked, the chat opens when it answers.
            if case .resolve(let username) = link, try account.engine.peers.peer(username: username) == nil,
               let lookUp = account.lookUpOnServer {
                lookUp(username)
                lookingUp = username
                log.info("username looked up on the server")
                return "Looking up @\(username)…"
            }
            let peer = try link.resolve(in: account.engine.peers)
            openChat(peer.id.chatId, peer.displayTitle)
            return nil
        }
        try launch(url, named: url)
        log.info("link opened", metadata: ["opener": "\(opener.command[0])"])
        return "Opening \(url)"
    }

    /// The username of the newest link sent to the server to look up, until it answers.
    private var lookingUp: String?
    /// How long a lookup may wait for the server before the chat says it failed.
    static let lookupPatience = 20.0

    func openLookedUp() {
        guard let username = lookingUp, let lookups = account.serverLookups,
              let outcome = lookups.takeOutcome(username, patience: Self.lookupPatience) else { return }
        lookingUp = nil
        switch outcome {
        case .found(let peerId):
            guard let peer = try? account.engine.peers.peer(peerId) else { return note("Cannot open @\(username): it was not stored") }
            openChat(peer.id.chatId, peer.displayTitle)
        case .nobody:
            note("Nobody has the username @\(username)")
        case .failed(let reason):
            note("Cannot look up @\(username): \(reason)")
        }
    }

    private func note(_ text: String) { failures.list.withLock { $0.append(text) } }

    private func file(of attachment: ChatAttachment) throws -> (path: String, fileId: String) {
        guard let fileId = attachment.fileId else { throw Missing(description: attachment.unavailableReason ?? "the file is not here") }
        let path = mediaBox.resourcePath(fileId)
        guard FileSystem.isRegularFile(path) else { throw Missing(description: "the file is missing") }
        return (path, fileId)
    }

    /// The message's name for it, made safe; a photo without one is a JPEG named for its id.
    static func name(of attachment: ChatAttachment, fileId: String) -> String {
        let fallback = attachment.isPhoto ? "photo-\(AttachmentFileName.safe(fileId, fallback: "1")).jpg" : "file"
        return AttachmentFileName.safe(attachment.name.map { FileSystem.lastComponent($0) }, fallback: fallback)
    }

    struct Missing: Error, CustomStringConvertible {
        let description: String
    }
}

/// What the openers' reaping threads tell the interface's thread.
private final class OpenFailures: Sendable {
    let list = Mutex<[String]>([])
}

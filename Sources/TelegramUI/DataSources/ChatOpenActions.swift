/// What opening and saving a message's file or link does, done by the app where it has a desktop
/// to hand them to: the opener for files and web links, the app itself for its own links.
/// Each throws a reason to show when it cannot; what it returns is the note to show.
@MainActor
public protocol ChatOpenActions: AnyObject {
    /// Hands the attachment to the opener under its own name.
    func open(_ attachment: ChatAttachment) throws -> String
    /// Copies the attachment into the downloads folder, never over a file there.
    func save(_ attachment: ChatAttachment) throws -> String
    /// Opens a link: the app's own (tg://, t.me) as its chat here, any other with the opener.
    /// Nil: the app showed it (nothing to note).
    func openLink(_ url: String) throws -> String?
    /// Fetches a message's file from the server (the attachment of `message` in `chat`);
    /// what it returns is the note to show.
    func download(_ attachment: ChatAttachment, of message: ChatMessage.Index, in chat: ChatId) throws -> String
    /// Why an opening that started failed when its program ended (nil: none failed since the
    /// last call); the chat asks each frame.
    func takeFailure() -> String?
    /// A link's chat that had to be looked up on the server: opened once it is found (why not,
    /// through `takeFailure`). The app calls it on each refresh.
    func openLookedUp()
}

extension ChatOpenActions {
    public func takeFailure() -> String? { nil }
    public func openLookedUp() {}
    public func download(_ attachment: ChatAttachment, of message: ChatMessage.Index, in chat: ChatId) throws -> String {
        "Downloading is not available here"
    }
}

/// A message's file or photo as opening and saving see it.
public struct ChatAttachment: Equatable, Sendable {
    /// The app's name for its file; nil when it is not here.
    public var fileId: String?
    /// The name the message gives it (nil: none; the app names it).
    public var name: String?
    public var isPhoto: Bool
    public var availability: ChatMessage.Availability

    public init(fileId: String?, name: String?, isPhoto: Bool, availability: ChatMessage.Availability) {
        self.fileId = fileId
        self.name = name
        self.isPhoto = isPhoto
        self.availability = availability
    }

    /// Why it cannot be opened or saved (nil: it can).
    public var unavailableReason: String? {
        switch availability {
        case .notIncluded: return "The file was not included in the export"
        case .missing: return "The file is missing"
        case .here: return fileId == nil ? "The file is not here" : nil
        case .onServer(nil): return "The file is on the server"
        case .onServer(let percent?): return "The file is being downloaded (\(percent)%)"
        }
    }

    /// On the server and not being fetched: Enter or s fetches it first.
    public var isDownloadable: Bool { availability == .onServer(percent: nil) }
}

extension ChatMessage {
    /// Its photo or file (a sticker, a voice note, a video are files too), if it has one.
    public var attachment: ChatAttachment? {
        for media in content.media {
            switch media {
            case .photo(let photo):
                return ChatAttachment(fileId: photo.fileId, name: photo.name, isPhoto: true, availability: photo.availability)
            case .file(let file):
                return ChatAttachment(fileId: file.fileId, name: file.name, isPhoto: false, availability: file.availability)
            default: continue
            }
        }
        return nil
    }
}

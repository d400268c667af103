import FoundationEssentials

/// One thing an extension (or a `main` command, while `main run` holds the writer lock) asks the
/// running app to change. Extensions never write a database; they write one of these into
/// `requests/pending/` and main applies it exactly once (ARCHITECTURE.md §5).
public struct AppRequest: Codable, Equatable, Sendable {
    public static let formatVersion = 1

    public var version: Int
    /// The idempotency id: the name of the request's directory in `pending/`, recorded in the
    /// Postbox in the same transaction that applies it.
    public var id: String
    /// The account it is for (Int64 as a string, as everywhere in the container).
    public var accountId: String
    /// The process type that wrote it (share, siri, app).
    public var origin: String
    public var createdAt: Int64
    public var action: RequestAction

    public init(id: String, accountId: Int64, origin: String, createdAt: Int64, action: RequestAction) {
        version = AppRequest.formatVersion
        self.id = id
        self.accountId = String(accountId)
        self.origin = origin
        self.createdAt = createdAt
        self.action = action
    }
}

/// What a request asks for.
public enum RequestAction: Codable, Equatable, Sendable {
    /// A message into a chat: text, and files staged beside the request.
    case sendMessage(peerId: Int64, text: String, attachments: [RequestAttachment])
    /// Intents' set-attribute: read or unread, from a message on.
    case setMessageRead(peerId: Int64, messageId: Int32, read: Bool)
    /// Intents' start-call: the call recorded in the call log (the call itself continues in the app).
    case recordCall(peerId: Int64, isVideo: Bool)
    /// A link for the app (`tg://resolve?domain=…`, `tg://localpeer?id=…`).
    case openURL(String)
    /// One of main's own writing commands, issued while `main run` holds the writer lock: the
    /// running app runs it and answers with its output (as opening a URL hands it to a running
    /// iOS app). `standardInput` carries the lines the command had read (a passcode), and
    /// `workingDirectory` where it was issued, so relative paths mean what they meant there.
    case mainCommand(arguments: [String], standardInput: [String], workingDirectory: String)

    public var name: String {
        switch self {
        case .sendMessage: return "sendMessage"
        case .setMessageRead: return "setMessageRead"
        case .recordCall: return "recordCall"
        case .openURL: return "openURL"
        case .mainCommand: return "mainCommand"
        }
    }

    /// What the log names it by: the action, or main's command by its name.
    public var logName: String {
        if case .mainCommand(let arguments, _, _) = self, let command = arguments.first { return command }
        return name
    }
}

/// A file shared with a message, staged in the request's directory under `fileName`.
public struct RequestAttachment: Codable, Equatable, Sendable {
    /// The name the user's file had (shown, never used as a path).
    public var displayName: String
    /// image, video, audio, vcard or document: detected from the content, not the name.
    public var kind: String
    public var mimeType: String
    public var size: Int
    public var fileName: String

    public init(displayName: String, kind: String, mimeType: String, size: Int, fileName: String) {
        self.displayName = displayName
        self.kind = kind
        self.mimeType = mimeType
        self.size = size
        self.fileName = fileName
    }
}

import FoundationEssentials

/// One thing an extension (or a `main` command, while `main run` holds the writer lock) asks the
/// running app to change. Extensions never write a database; they write one of these into
/// `requests/pending/` and main applies it exactly once.
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
    /// A sendMessage's random_id when the extension chose it: it sends the message to the
    /// server itself while main is not running (service task master), and main stores it with
    /// this random_id, so main's own send is answered with the message the server already has.
    /// Absent in requests written before it, and when main picks one.
    public var randomId: Int64?

    public init(id: String, accountId: Int64, origin: String, createdAt: Int64, action: RequestAction, randomId: Int64? = nil) {
        version = AppRequest.formatVersion
        self.id = id
        self.accountId = String(accountId)
        self.origin = origin
        self.createdAt = createdAt
        self.action = action
        self.randomId = randomId
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
    /// One of main's own operations, issued while `main run` holds the writer lock: the running
    /// app applies it and answers with its typed result (as opening a URL hands it to a running
    /// iOS app). The channel carries it without reading it.
    case appOperation(OperationEnvelope)

    public var name: String {
        switch self {
        case .sendMessage: return "sendMessage"
        case .setMessageRead: return "setMessageRead"
        case .recordCall: return "recordCall"
        case .openURL: return "openURL"
        case .appOperation: return "appOperation"
        }
    }

    /// What the log names it by: the action, or main's operation by its name.
    public var logName: String {
        if case .appOperation(let operation) = self { return operation.name }
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

/// One of main's operations as the channel carries it: its name (for the log) and its JSON, which
/// only the app decodes, strictly, by its own versioned format.
public struct OperationEnvelope: Codable, Equatable, Sendable {
    public var name: String
    public var version: Int
    public var body: String

    public init(name: String, version: Int, body: String) {
        self.name = name
        self.version = version
        self.body = body
    }
}

/// A request in the form an older main handed its commands over in: its command line. Recognised
/// only to be refused with a reason a person understands.
struct LegacyCommandRequest: Decodable {
    struct Action: Decodable {
        struct Command: Decodable {
            let arguments: [String]
        }

        let mainCommand: Command
    }

    let action: Action
}

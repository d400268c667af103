import PushServer
import TelegramCore
/// One change main's own commands ask of the app, as a value: the command line builds it, and the
/// app applies it, in this process or, while `main run` holds the writer lock, in the running app,
/// which it reaches through the request channel. Paths are absolute (the issuing process resolved
/// them) and secrets (a passcode) travel only inside the sealed request.
public enum MainOperation: Codable, Equatable, Sendable {
    case login(phone: String, name: String)
    /// A login made against a server by the issuing process; its auth key travels sealed.
    case loginOnServer(ServerLogin)
    case logout(accountId: Int64?)
    /// Catch the account up with its server (updates.getDifference).
    case sync(accountId: Int64?)
    case switchAccount(accountId: Int64)
    case updateSettings(SettingsChange)
    case setPasscode(String)
    case clearPasscode
    case lock
    case unlock(passcode: String)
    case seed(FixtureRequest)
    case importTelegramExport(ImportRequest)
    case push(PushRequest)
    case setPeerPhoto(peerId: Int64, file: String, accountId: Int64?)
    /// Merged into the stored address book by each person's identity; `replace`: instead of it.
    case importContacts(file: String, accountId: Int64?, replace: Bool)
    case open(url: String)
    /// A group, channel or supergroup made on the account's server, with `members` (users' peer ids).
    case makeChat(kind: NewChatKind, title: String, members: [Int64], accountId: Int64?)
    /// People added to a group or channel on the account's server.
    case addMembers(chat: Int64, members: [Int64], accountId: Int64?)
    case startCall(peerId: Int64, embedded: Bool, duration: Double?)
    case stopScreencast
    case endCall

    /// For the log and the progress bar's label.
    public var name: String {
        switch self {
        case .login, .loginOnServer: return "login"
        case .logout: return "logout"
        case .sync: return "sync"
        case .switchAccount: return "switchAccount"
        case .updateSettings: return "settings"
        case .setPasscode: return "setPasscode"
        case .clearPasscode: return "clearPasscode"
        case .lock: return "lock"
        case .unlock: return "unlock"
        case .seed: return "seed"
        case .importTelegramExport: return "import"
        case .push: return "push"
        case .setPeerPhoto: return "peerPhoto"
        case .importContacts: return "importContacts"
        case .open: return "open"
        case .makeChat: return "newChat"
        case .addMembers: return "addMembers"
        case .startCall: return "startCall"
        case .stopScreencast: return "stopScreencast"
        case .endCall: return "endCall"
        }
    }

    /// Writes many batches (a seed, an import, a catch-up's slices): its commits stay
    /// synchronous=NORMAL and are made durable once at the end. A catch-up may: each slice is
    /// stored with the pts it accounts for, so a crash that loses the last ones only asks the
    /// server for them again (what is sent is committed durably by the sender itself). Every other
    /// operation commits each change durably, so a failed sync fails the commit itself and
    /// "failed" is never said of a change that was made.
    public var writesInBulk: Bool {
        switch self {
        case .seed, .importTelegramExport, .sync: return true
        default: return false
        }
    }
}

extension MainOperation {
    /// `main group`'s request in the server's terms, and the account it is for; nil for the others.
    var serverChatRequest: (ServerChatCreations.Request, Int64?)? {
        switch self {
        case .makeChat(let kind, let title, let members, let accountId):
            let users = members.map(EnginePeer.Id.init)
            return (kind == .group ? .group(title: title, members: users) : .channel(title: title, about: "", supergroup: kind == .supergroup), accountId)
        case .addMembers(let chat, let members, let accountId):
            return (.addMembers(members.map(EnginePeer.Id.init), to: EnginePeer.Id(chat)), accountId)
        default:
            return nil
        }
    }
}

/// What `main group create` makes (Telegram's New Group, New Channel, a supergroup).
public enum NewChatKind: String, Codable, Sendable, CaseIterable {
    case group, channel, supergroup
}

/// `main settings --…`: the values to change; nil leaves one as it is.
public struct SettingsChange: Codable, Equatable, Sendable {
    public var showCallsTab: Bool?
    public var autolockTimeout: Int32?
    public var displayNameOnLockscreen: Bool?
    public var displayPreviews: Bool?
    public var theme: String?

    public init(showCallsTab: Bool? = nil, autolockTimeout: Int32? = nil, displayNameOnLockscreen: Bool? = nil,
                displayPreviews: Bool? = nil, theme: String? = nil) {
        self.showCallsTab = showCallsTab
        self.autolockTimeout = autolockTimeout
        self.displayNameOnLockscreen = displayNameOnLockscreen
        self.displayPreviews = displayPreviews
        self.theme = theme
    }

    public var isEmpty: Bool { self == SettingsChange() }
}

/// `main seed`'s fixture.
/// `main import telegram-export`: the export's absolute path and how to read it. `timeZone` is
/// the issuing process's choice (its `--time-zone`, or its machine zone), so the app applying it
/// reads dates the same way.
public struct ImportRequest: Codable, Equatable, Sendable {
    public var path: String
    public var accountId: Int64?
    public var batchSize: Int
    public var timeZone: String?
    /// `--me`: who made a single-chat export (an id or a name).
    public var me: String?

    public init(path: String, accountId: Int64?, batchSize: Int, timeZone: String? = nil, me: String? = nil) {
        self.path = path
        self.accountId = accountId
        self.batchSize = batchSize
        self.timeZone = timeZone
        self.me = me
    }
}

public struct FixtureRequest: Codable, Equatable, Sendable {
    public var peers: Int
    public var messages: Int
    public var seed: UInt64
    public var bigChatMessages: Int
    /// Unread incoming messages the chat after the big one ends with (FixtureGenerator).
    public var unreadChatMessages: Int

    public init(peers: Int, messages: Int, seed: UInt64, bigChatMessages: Int, unreadChatMessages: Int = 0) {
        self.peers = peers
        self.messages = messages
        self.seed = seed
        self.bigChatMessages = bigChatMessages
        self.unreadChatMessages = unreadChatMessages
    }
}

/// `main push`: the update the push server applies and pushes.
public struct PushRequest: Codable, Equatable, Sendable {
    public var accountId: Int64?
    public var kind: PushKind
    public var peerId: Int64
    public var text: String?
    public var messageId: Int32?
    public var authorId: Int64?
    public var silent: Bool
    public var topicId: Int64?
    public var topicTitle: String?
    /// A reaction push's emoji.
    public var emoji: String?
    /// A pinned push that unpins.
    public var unpin: Bool

    public init(accountId: Int64?, kind: PushKind, peerId: Int64, text: String?, messageId: Int32?, authorId: Int64?,
                silent: Bool, topicId: Int64?, topicTitle: String?, emoji: String? = nil, unpin: Bool = false) {
        self.accountId = accountId
        self.kind = kind
        self.peerId = peerId
        self.text = text
        self.messageId = messageId
        self.authorId = authorId
        self.silent = silent
        self.topicId = topicId
        self.topicTitle = topicTitle
        self.emoji = emoji
        self.unpin = unpin
    }

    private enum CodingKeys: String, CodingKey {
        case accountId, kind, peerId, text, messageId, authorId, silent, topicId, topicTitle, emoji, unpin
    }

    /// An operation from a build before reactions and pins decodes with neither.
    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        accountId = try c.decodeIfPresent(Int64.self, forKey: .accountId)
        kind = try c.decode(PushKind.self, forKey: .kind)
        peerId = try c.decode(Int64.self, forKey: .peerId)
        text = try c.decodeIfPresent(String.self, forKey: .text)
        messageId = try c.decodeIfPresent(Int32.self, forKey: .messageId)
        authorId = try c.decodeIfPresent(Int64.self, forKey: .authorId)
        silent = try c.decode(Bool.self, forKey: .silent)
        topicId = try c.decodeIfPresent(Int64.self, forKey: .topicId)
        topicTitle = try c.decodeIfPresent(String.self, forKey: .topicTitle)
        emoji = try c.decodeIfPresent(String.self, forKey: .emoji)
        unpin = try c.decodeIfPresent(Bool.self, forKey: .unpin) ?? false
    }
}

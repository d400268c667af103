/// What a Telegram Desktop JSON export says, as export_output_json.cpp writes it. Ids are
/// Telegram's bare ids (a chat's `id`, a `from_id`'s digits); kinds say which namespace they are in.

/// A peer named by `from_id`, `actor_id` or a chat: `user123`, `chat123`, `channel123`.
public struct ExportPeerRef: Hashable, Sendable {
    public enum Kind: String, Sendable { case user, chat, channel }
    public var kind: Kind
    public var id: Int64

    public init(kind: Kind, id: Int64) {
        self.kind = kind
        self.id = id
    }

    /// Telegram's ids fit in 52 bits (the Bot API's "at most 52 significant bits").
    public static let idRange: ClosedRange<Int64> = 1...((1 << 52) - 1)

    /// `user123` and the like; nil for anything else. Read byte by byte: every message has one.
    public init?(prefixed text: String) {
        var utf8 = text.utf8[...]
        let kind: Kind
        if utf8.starts(with: "user".utf8) {
            kind = .user
        } else if utf8.starts(with: "channel".utf8) {
            kind = .channel
        } else if utf8.starts(with: "chat".utf8) {
            kind = .chat
        } else {
            return nil
        }
        utf8 = utf8.dropFirst(kind.rawValue.utf8.count)
        guard !utf8.isEmpty, utf8.count <= 16 else { return nil }
        var id: Int64 = 0
        for byte in utf8 {
            guard byte >= 48 && byte <= 57 else { return nil }
            id = id * 10 + Int64(byte - 48)
        }
        guard Self.idRange.contains(id) else { return nil }
        self.init(kind: kind, id: id)
    }
}

/// `personal_information`: the account that made the export.
public struct ExportPersonalInfo: Sendable {
    /// Nil in exports before December 2018, which wrote no ids.
    public var userId: Int64?
    public var firstName: String
    public var lastName: String
    public var phoneNumber: String
    public var username: String?
    public var bio: String?
}

/// One of `profile_pictures`: the account's photos, newest first as Telegram lists them.
public struct ExportProfilePicture: Sendable {
    public var date: Int32?
    public var file: ExportFileRef
}

/// One of `contacts.list`.
public struct ExportContact: Sendable {
    /// Nil for a contact who is not on Telegram (`user_id` 0 before 2021, absent after).
    public var userId: Int64?
    public var firstName: String
    public var lastName: String
    public var phoneNumber: String
}

/// A chat's header: `name`, `type`, `id`, written before its `messages`.
public struct ExportChat: Sendable {
    public enum Kind: String, Sendable, CaseIterable {
        case personalChat = "personal_chat", botChat = "bot_chat", savedMessages = "saved_messages", replies
        case privateGroup = "private_group", privateSupergroup = "private_supergroup", publicSupergroup = "public_supergroup"
        case privateChannel = "private_channel", publicChannel = "public_channel"
        /// Telegram's verification codes chat (a service user), from 2024.
        case verificationCodes = "verification_codes"

        /// The namespace its bare id lives in: users for one-to-one chats, chats for basic groups,
        /// channels for supergroups and channels.
        public var peerKind: ExportPeerRef.Kind {
            switch self {
            case .personalChat, .botChat, .savedMessages, .replies, .verificationCodes: return .user
            case .privateGroup: return .chat
            case .privateSupergroup, .publicSupergroup, .privateChannel, .publicChannel: return .channel
            }
        }
    }

    public var name: String?
    public var kind: Kind
    /// Telegram's bare id, whichever form the export wrote it in (ExportLegacyIds).
    public var id: Int64
    /// The export wrote no id (before December 2018): `id` is made from the chat's type and name.
    public var hasSyntheticId = false
    /// From `left_chats` rather than `chats`.
    public var isLeft: Bool
    /// From a full export's lists (`chats` or `left_chats`), so whether the account is in the chat
    /// is known; false for a single-chat export's chat, which does not say.
    public var isListed = true
    public var peer: ExportPeerRef { ExportPeerRef(kind: kind.peerKind, id: id) }
}

/// A file a message, a service message or a profile picture names: a path relative to the export
/// folder, or the placeholder Telegram writes for a file it left out.
public enum ExportFileRef: Sendable, Equatable {
    case included(relativePath: String)
    /// "(File not included. Change data exporting settings to download.)" and its kin.
    case excluded(reason: String)

    static func parse(_ text: String) -> ExportFileRef {
        // tdesktop's placeholders are "(File …)", "(Photo …)", optionally after a name and a space.
        if text.hasSuffix(")"), let open = text.firstIndex(of: "("),
           text[open...].hasPrefix("(File ") || text[open...].hasPrefix("(Photo ") {
            return .excluded(reason: String(text[open...]))
        }
        return .included(relativePath: text)
    }
}


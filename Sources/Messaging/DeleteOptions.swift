import Storage

/// What Telegram offers for deleting messages (chatAvailableMessageActions' deleteLocally and
/// deleteGlobally), for all of them at once: an option is offered when every message allows it.
public struct DeleteOptions: Equatable, Sendable {
    /// "Delete for me": gone from this account only.
    public var forMe: Bool
    /// "Delete for everyone" (Telegram's revoke).
    public var forEveryone: Bool

    public init(forMe: Bool, forEveryone: Bool) {
        self.forMe = forMe
        self.forEveryone = forEveryone
    }

    public var isEmpty: Bool { !forMe && !forEveryone }

    public func allows(_ scope: DeleteScope) -> Bool { scope == .forMe ? forMe : forEveryone }

    /// Telegram iOS's rule for one message (ChatInterfaceStateContextMenus,
    /// chatAvailableMessageActionsImpl):
    /// - Saved Messages: delete (for me) only;
    /// - a channel or supergroup (Telegram's TelegramChannel): no "for me"; "for everyone" for
    ///   the account's own messages, and for any message when the account may delete all;
    /// - a basic group: "for me"; "for everyone" for own messages, or any when creator or admin;
    /// - a private chat: "for me"; "for everyone" when canPerformDeleteActions says so (own and
    ///   within the revoke interval) or the server lets incoming messages be revoked. The server's
    ///   config (revoke_pm_inbox, revoke_pm_time_limit = forever) allows both, so every message
    ///   of a private chat can go for both sides (RevokeLimits.server);
    /// - a secret chat: "for everyone" only (both devices delete it).
    public static func telegram(for message: Message, accountPeerId: PeerId?, role: ChatRole = .member,
                                limits: RevokeLimits = .server, now: Int32) -> DeleteOptions {
        let peerId = message.id.peerId
        if peerId == accountPeerId { return DeleteOptions(forMe: true, forEveryone: false) }
        let own = !message.isIncoming
        switch peerId.namespace {
        case .cloudChannel:
            return DeleteOptions(forMe: false, forEveryone: own || role.deletesAll)
        case .cloudGroup:
            return DeleteOptions(forMe: true, forEveryone: own || role.deletesAll)
        case .secretChat:
            return DeleteOptions(forMe: false, forEveryone: true)
        default:
            let withinInterval = Int64(message.index.timestamp) + Int64(limits.privateChatInterval) > Int64(now)
            return DeleteOptions(forMe: true, forEveryone: (own && withinInterval) || limits.revokesIncomingInPrivateChats)
        }
    }

    /// What every one of the messages allows.
    public static func common(_ options: [DeleteOptions]) -> DeleteOptions {
        DeleteOptions(forMe: !options.isEmpty && options.allSatisfy(\.forMe),
                      forEveryone: !options.isEmpty && options.allSatisfy(\.forEveryone))
    }
}

public enum DeleteScope: String, Codable, Sendable, CaseIterable {
    case forMe = "for-me"
    case forEveryone = "for-everyone"
}

/// The account's standing in a group or channel, as the server last said it (PeerRights); a
/// member where nothing was said (an offline account, an import).
public enum ChatRole: Sendable {
    case member, admin, creator

    public init(_ rights: PeerRights) {
        self = rights.contains(.creator) ? .creator : rights.contains(.deletesMessages) ? .admin : .member
    }

    /// Telegram's deleteAllMessages right (a basic group's creator and admins have it).
    var deletesAll: Bool { self != .member }
}

/// Telegram's LimitsConfiguration fields that bound revoking and editing.
public struct RevokeLimits: Sendable {
    public var privateChatInterval: Int32
    public var revokesIncomingInPrivateChats: Bool
    /// maxMessageEditingInterval.
    public var editInterval: Int32

    /// What the server's help.getConfig says today: private chats revoke any message at any age
    /// (revoke_pm_inbox, revoke_pm_time_limit 0x7fffffff); edits for 48 hours (edit_time_limit).
    public static let server = RevokeLimits(privateChatInterval: .max, revokesIncomingInPrivateChats: true, editInterval: 48 * 60 * 60)
}

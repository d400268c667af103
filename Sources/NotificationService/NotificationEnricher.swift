import Formats
import TelegramCore

/// Turns a verified payload into content, from one engine read of the account (PushContext)
/// (Telegram's NotificationService: names only when displayNameOnLockscreen allows, the read state
/// suppresses what was read elsewhere, a muted chat stays silent, the badge is the current
/// account's unread total). Extensions never write: a deletion or read mark is reported as a
/// removal for the system, and main applies the update itself when it syncs.
struct NotificationEnricher {
    let accountId: Int64
    let isCurrentAccount: Bool
    let settings: InAppNotificationSettings
    /// Shown instead of the text when previews are off.
    let hiddenPreviewBody: String
    let now: Int32

    struct Result {
        var content: NotificationContent
        /// Whose avatar to attach (only when names may be shown).
        var avatarPeer: EnginePeer?
    }

    func enrich(_ payload: NotificationPayload, engine: TelegramEngine) throws -> Result {
        let messageId = payload.msgId.flatMap(NotificationPayload.messageId)
        let context = try engine.notifications.context(peerId: payload.peerId, messageId: messageId,
                                                       badgeIncludingMuted: isCurrentAccount ? settings.totalUnreadCountIncludeMuted : nil, now: now)
        var result = try content(payload, context)
        if let totals = context.unreadTotals {
            let count = settings.totalUnreadCountDisplayCategory == "chats" ? totals.chats : totals.messages
            result.content.badge = Int(clamping: count)
        }
        return result
    }

    private func content(_ payload: NotificationPayload, _ context: TelegramEngine.Notifications.PushContext) throws -> Result {
        var result = try contentWithoutIds(payload, context)
        // Silent updates and removals name their chat too, so the system can group and match them.
        if result.content.status != .delivered, let peerId = payload.peerId, result.content.userInfo.isEmpty {
            result.content.userInfo = userInfo(peerId: peerId, messageId: payload.msgId.flatMap { Int32($0) })
            result.content.threadIdentifier = String(peerId.toInt64())
        }
        return result
    }

    private func contentWithoutIds(_ payload: NotificationPayload, _ context: TelegramEngine.Notifications.PushContext) throws -> Result {
        let peerId = payload.peerId
        switch payload.locKey {
        case NotificationPayload.LocKey.sessionRevoke:
            return Result(content: silent("sessionRevoked", "the server ended this session; the app logs the account out when it runs"))
        case NotificationPayload.LocKey.messageMuted:
            guard peerId != nil else { return Result(content: incomplete()) }
            return Result(content: silent("muted", "a message arrived in a muted chat: badge update only"))
        case NotificationPayload.LocKey.messageDeleted:
            guard let peerId else { return Result(content: incomplete()) }
            guard let ids = payload.deletedMessageIds else {
                throw ServiceFailure("badMessageIds", "the deletion names no valid message ids")
            }
            var content = NotificationContent(status: .removed, reason: "messageDeleted", detail: "remove the notifications of deleted messages")
            content.removal = .init(peerId: peerId.toInt64(), messageIds: ids, upToMessageId: nil)
            return Result(content: content)
        case NotificationPayload.LocKey.readHistory:
            guard let peerId, let maxIdText = payload.maxId else { return Result(content: incomplete()) }
            guard let maxId = NotificationPayload.messageId(maxIdText) else {
                throw ServiceFailure("badMessageIds", "the read mark is not a valid message id")
            }
            var content = NotificationContent(status: .removed, reason: "readHistory", detail: "the chat was read on another device")
            content.removal = .init(peerId: peerId.toInt64(), messageIds: nil, upToMessageId: maxId)
            return Result(content: content)
        default:
            return try message(payload, context)
        }
    }

    private func message(_ payload: NotificationPayload, _ context: TelegramEngine.Notifications.PushContext) throws -> Result {
        guard let peerId = payload.peerId else { return Result(content: incomplete()) }
        // Telegram's updates that show nothing (the other side read the account's messages, an
        // unpin) come with no alert: the service has nothing to show, as Telegram's shows nothing.
        guard let aps = payload.aps, let alert = aps.alert else {
            return Result(content: silent("silentUpdate", "an update with nothing to show; the app applies it when it syncs"))
        }
        let messageId: Int32?
        if let text = payload.msgId {
            guard let id = NotificationPayload.messageId(text) else { throw ServiceFailure("badMessageIds", "msg_id is not a valid message id") }
            messageId = id
        } else {
            messageId = nil
        }
        var content = NotificationContent(status: .delivered, title: alert.title ?? "", subtitle: alert.subtitle ?? "",
                                          body: alert.body ?? "")
        content.userInfo = userInfo(peerId: peerId, messageId: messageId)
        // A reaction names the account's own message, which is read: it is news of its own, and
        // its notification must not replace the message's.
        let isReaction = payload.locKey == NotificationPayload.LocKey.reactText || payload.locKey == NotificationPayload.LocKey.chatReactText
        if let messageId { content.identifier = "\(peerId.toInt64())_\(messageId)" + (isReaction ? "_reaction" : "") }
        if payload.editDate != nil {
            // The message's push again: it replaces the notification shown for that message.
            content.reason = "edited"
            content.detail = "replaces the delivered notification of message \(messageId.map(String.init) ?? "?")"
        }
        content.threadIdentifier = aps.threadId ?? String(peerId.toInt64())
        content.categoryIdentifier = category(aps.category, peerId: peerId)
        content.sound = settings.playSounds ? aps.sound : nil

        if !isReaction, let messageId, let readUpTo = context.readUpTo, readUpTo >= messageId {
            return Result(content: suppressed(content, "alreadyRead", "message \(messageId) was already read"))
        }
        let peerSettings = context.settings
        if peerSettings?.isMuted(at: now) ?? false {
            return Result(content: suppressed(content, "muted", "the chat is muted"))
        }

        let (peer, message) = (context.peer, context.message)
        // A push for media may carry no words: the stored message says what it is ("🖼 Photo").
        if content.body.isEmpty, let message { content.body = message.summaryText }
        var avatarPeer: EnginePeer?
        if settings.displayNameOnLockscreen {
            if let peer { content.title = title(of: peer, context) }
            avatarPeer = avatarSource(context)
        } else {
            // No names: a private chat's title is the sender's name, a group's body starts with it.
            switch peerId.namespace {
            case .cloudUser, .secretChat: content.title = ""
            default: if let peer { content.title = peer.displayTitle }
            }
            if peerId.namespace == .cloudGroup { content.body = message.map(\.summaryText) ?? Self.strippingAuthor(content.body) }
        }
        if let topicTitle = payload.topicTitle, !topicTitle.isEmpty { content.subtitle = topicTitle }
        if payload.silent.flatMap({ Int($0) }).map({ $0 != 0 }) ?? false, !content.title.isEmpty {
            content.title += " 🔕"
        }
        if !settings.displayPreviews || !(peerSettings?.displayPreviews ?? true) {
            content.body = hiddenPreviewBody
        }
        return Result(content: content, avatarPeer: avatarPeer)
    }

    /// A secret chat is titled with the user on the other side.
    private func title(of peer: EnginePeer, _ context: TelegramEngine.Notifications.PushContext) -> String {
        if peer.isSecretChat, let other = context.otherUser { return other.displayTitle }
        return peer.displayTitle
    }

    /// The sender's avatar: the author in a group, the other user in a secret chat, else the chat.
    private func avatarSource(_ context: TelegramEngine.Notifications.PushContext) -> EnginePeer? {
        guard let peer = context.peer else { return nil }
        switch peer.id.namespace {
        case .cloudGroup: return context.author ?? peer
        case .secretChat: return context.otherUser ?? peer
        default: return peer
        }
    }

    private func userInfo(peerId: EnginePeer.Id, messageId: Int32?) -> [String: String] {
        var info = ["peerId": String(peerId.toInt64()), "accountId": String(accountId)]
        if let messageId { info["msg_id"] = String(messageId) }
        switch peerId.namespace {
        case .cloudUser: info["from_id"] = String(peerId.id)
        case .cloudGroup: info["chat_id"] = String(peerId.id)
        case .cloudChannel: info["channel_id"] = String(peerId.id)
        case .secretChat: info["encryption_id"] = String(peerId.id)
        default: break
        }
        return info
    }

    /// Telegram's categories: reply (r) and mute (m) become their group forms (gr, gm) in groups.
    private func category(_ category: String?, peerId: EnginePeer.Id) -> String {
        guard let category else { return "" }
        guard peerId.namespace == .cloudGroup else { return category }
        switch category {
        case "r": return "gr"
        case "m": return "gm"
        default: return category
        }
    }

    static func strippingAuthor(_ body: String) -> String {
        // "Author: text" as the server writes a group message; split at the first ": ".
        let scalars = Array(body.unicodeScalars)
        for i in 0..<max(0, scalars.count - 1) where scalars[i] == ":" && scalars[i + 1] == " " {
            var rest = String.UnicodeScalarView()
            rest.append(contentsOf: scalars[(i + 2)...])
            return String(rest)
        }
        return body
    }

    private func silent(_ reason: String, _ detail: String) -> NotificationContent {
        NotificationContent(status: .suppressed, reason: reason, detail: detail)
    }

    private func suppressed(_ content: NotificationContent, _ reason: String, _ detail: String) -> NotificationContent {
        NotificationContent(status: .suppressed, reason: reason, detail: detail, threadIdentifier: content.threadIdentifier,
                            userInfo: content.userInfo)
    }

    private func incomplete() -> NotificationContent {
        silent("payloadIncomplete", "the payload names no chat or carries no alert")
    }
}

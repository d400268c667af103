import Storage
import TelegramApi

/// A service message's action from the server (a group created, a member added or gone, a pin, a
/// call), named as Telegram Desktop's export names it, so the one wording of
/// MessageServiceAction+Line serves imported and synced chats alike. Users come as ids
/// (`member_ids`); `named(_:in:)` adds their names once the update's users are stored.
enum ServerServiceActions {
    static func stored(_ action: Api.MessageAction) -> MessageServiceAction? {
        switch action {
        case .messageActionEmpty: return nil
        case .messageActionChatCreate(let title, let users): return make("create_group", ("title", .text(title)), members(users))
        case .messageActionChatEditTitle(let title): return make("edit_group_title", ("title", .text(title)))
        case .messageActionChatEditPhoto: return make("edit_group_photo")
        case .messageActionChatDeletePhoto: return make("delete_group_photo")
        case .messageActionChatAddUser(let users): return make("invite_members", members(users))
        case .messageActionChatDeleteUser(let user): return make("remove_members", members([user]))
        case .messageActionChatJoinedByLink: return make("join_group_by_link")
        case .messageActionChatJoinedByRequest: return make("join_group_by_request")
        case .messageActionChannelCreate(let title): return make("create_channel", ("title", .text(title)))
        case .messageActionChatMigrateTo(let channelId): return make("migrate_to_supergroup", ("channel_id", .integer(channelId)))
        case .messageActionChannelMigrateFrom(let title, let chatId):
            return make("migrate_from_group", ("title", .text(title)), ("chat_id", .integer(chatId)))
        case .messageActionPinMessage: return make("pin_message")
        case .messageActionHistoryClear: return make("clear_history")
        case .messageActionGameScore(_, let score): return make("score_in_game", ("score", .integer(Int64(score))))
        case .messageActionPhoneCall(_, _, let reason, let duration):
            var fields: [(String, MessageServiceAction.Value)] = []
            if let reason { fields.append(("discard_reason", .text(discardReason(reason)))) }
            if let duration { fields.append(("duration_seconds", .integer(Int64(duration)))) }
            return make("phone_call", fields)
        case .messageActionScreenshotTaken: return make("take_screenshot")
        case .messageActionCustomAction(let message): return make("custom", ("information_text", .text(message)))
        case .messageActionContactSignUp: return make("joined_telegram")
        case .messageActionGroupCall(_, let duration):
            return duration.map { make("group_call", ("duration", .integer(Int64($0)))) } ?? make("group_call")
        case .messageActionInviteToGroupCall(_, let users): return make("invite_to_group_call", members(users))
        case .messageActionSetMessagesTTL(let period, _): return make("set_messages_ttl", ("period", .integer(Int64(period))))
        case .messageActionGroupCallScheduled(_, let date): return make("group_call_scheduled", ("schedule_date", .integer(Int64(date))))
        case .messageActionTopicCreate(let title, _, _): return make("topic_created", ("title", .text(title)))
        case .messageActionSetChatTheme: return make("edit_chat_theme")
        case .messageActionGeoProximityReached(_, _, let distance): return make("proximity_reached", ("distance", .integer(Int64(distance))))
        default:
            // The rest (payments, gifts, giveaways, boosts…) by their constructor's name: still a
            // line that says what happened ("Ada: boost apply"), none invented.
            return make(constructorName(action))
        }
    }

    /// The message with its users named and its line as its text: after the update's users are
    /// stored, inside the transaction that stores the message.
    static func named(_ message: Message, in t: PostboxTransaction) throws -> Message {
        guard var service = message.extras.service else { return message }
        let account = try t.accountPeerId()
        if let ids = service.text("member_ids") {
            let names = try ids.split(separator: ",").compactMap { Int64($0) }.map { id -> String in
                let peer = PeerId(namespace: .cloudUser, id: id)
                if peer == account { return "you" }
                return try t.peer(peer)?.displayTitle ?? "a user"
            }
            service.fields.removeAll { $0.key == "members" }
            service.fields.append((key: "members", value: .list(names)))
        }
        // One action makes a channel and a supergroup; Telegram words them apart by the chat.
        if service.action == "create_channel", service["megagroup"] == nil,
           let chat = try t.peer(message.id.peerId), !chat.rights.contains(.broadcast) {
            service.fields.append((key: "megagroup", value: .flag(true)))
        }
        var actor: String?
        if let author = message.authorId {
            actor = author == account ? "You" : try t.peer(author)?.displayTitle
        }
        let pinned = try message.extras.replyTo.flatMap { try t.message(MessageId(peerId: message.id.peerId, id: $0.id)) }
        var result = message
        result.extras.service = service
        result.text = service.line(actor: actor, pinned: pinned) ?? ""
        return result
    }

    private static func make(_ action: String, _ fields: (String, MessageServiceAction.Value)...) -> MessageServiceAction {
        make(action, fields)
    }

    private static func make(_ action: String, _ fields: [(String, MessageServiceAction.Value)]) -> MessageServiceAction {
        MessageServiceAction(action: action, fields: fields.map { (key: $0.0, value: $0.1) })
    }

    private static func members(_ users: [Int64]) -> (String, MessageServiceAction.Value) {
        ("member_ids", .text(users.map(String.init).joined(separator: ",")))
    }

    private static func discardReason(_ reason: Api.PhoneCallDiscardReason) -> String {
        switch reason {
        case .phoneCallDiscardReasonMissed: "missed"
        case .phoneCallDiscardReasonDisconnect: "disconnect"
        case .phoneCallDiscardReasonHangup: "hangup"
        case .phoneCallDiscardReasonBusy: "busy"
        case .phoneCallDiscardReasonMigrateConferenceCall: "migrated to a conference call"
        }
    }

    /// "messageActionBoostApply(boosts: 2)" → "boost_apply".
    static func constructorName(_ action: Api.MessageAction) -> String {
        let name = String(describing: action).prefix { $0 != "(" }.dropFirst("messageAction".count)
        var snake = ""
        for character in name {
            if character.isUppercase, !snake.isEmpty { snake.append("_") }
            snake.append(contentsOf: character.lowercased())
        }
        return snake.isEmpty ? "unknown" : snake
    }
}

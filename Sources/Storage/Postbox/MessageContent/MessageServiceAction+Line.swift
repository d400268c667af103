/// The line a service message shows ("Ada created the group «Physics»"), kept as the message's
/// text wherever it came from: an export (tdesktop's action names and details) or the server
/// (TelegramCore's ServerServiceActions names them the same). The wording follows Telegram's.
extension MessageServiceAction {
    /// `actor`: who did it ("You" for the account); `pinned`: the pinned message, when known.
    /// nil for a custom action without its text (the caller's own text stands).
    public func line(actor named: String?, pinned: Message? = nil) -> String? {
        let actor = named ?? "Someone"
        let d = describe
        let title = d("title").map { " «\($0)»" } ?? ""
        let members = d("members") ?? ""
        // The actor named among the members: "you" there is "You" acting.
        let alone = members.lowercased() == actor.lowercased()
        switch action {
        case "custom": return d("information_text")
        case "create_group": return "\(actor) created the group\(title)"
        case "edit_group_title": return "\(actor) changed the group name to\(title)"
        case "edit_group_photo": return "\(actor) changed the group photo"
        case "delete_group_photo": return "\(actor) removed the group photo"
        case "invite_members": return alone ? "\(actor) joined the group" : "\(actor) added \(members)"
        case "remove_members": return alone ? "\(actor) left the group" : "\(actor) removed \(members)"
        case "join_group_by_link": return "\(actor) joined the group via invite link"
        case "join_group_by_request": return "\(actor) was accepted into the group"
        case "create_channel": return self["megagroup"] == .flag(true) ? "Group created\(title)" : "Channel created\(title)"
        case "migrate_to_supergroup": return "\(actor) upgraded the group to a supergroup"
        case "migrate_from_group": return "Group\(title) upgraded to a supergroup"
        case "pin_message": return pinned.map { Self.pinLine(actor: actor, pinned: $0) } ?? "\(actor) pinned a message"
        case "proximity_reached": return "\(named ?? d("from") ?? "Someone") is within \(d("distance") ?? "?") m of \(d("to") ?? "someone")"
        case "group_call_scheduled": return "\(actor) scheduled a voice chat"
        case "todo_completions": return "\(actor) marked tasks of a checklist"
        case "todo_append_tasks": return "\(actor) added tasks to a checklist"
        case "clear_history": return "History was cleared"
        case "score_in_game": return "\(actor) scored \(d("score") ?? "")"
        case "send_payment": return "Payment sent: \(d("amount") ?? "") \(d("currency") ?? "")"
        case "phone_call", "conference_call":
            let duration = d("duration_seconds").map { ", \($0) s" } ?? ""
            let reason = d("discard_reason").map { " (\($0))" } ?? ""
            return "Call\(reason)\(duration)"
        case "take_screenshot": return "\(actor) took a screenshot"
        case "joined_telegram": return "\(actor) joined Telegram"
        case "group_call": return "\(actor) started a voice chat"
        case "invite_to_group_call": return "\(actor) invited \(members) to the voice chat"
        case "set_messages_ttl": return "\(actor) set messages to auto-delete after \(d("period") ?? "?") s"
        case "topic_created": return "\(actor) created the topic\(title)"
        case "edit_chat_theme": return "\(actor) changed the chat theme"
        default:
            // Actions this list does not name still read as a sentence: "Ada: allow sending messages".
            return "\(actor): \(String(action.map { $0 == "_" ? " " : $0 }))"
        }
    }

    /// Telegram iOS's line for a pinned message (serviceMessageString, pinnedMessageUpdated): the
    /// text to 15 characters.
    public static func pinLine(actor: String, pinned message: Message) -> String {
        var clipped = String(message.text.map { $0.isNewline ? " " : $0 })
        if clipped.count > 14 { clipped = String(clipped.prefix(15)) + "..." }
        return clipped.isEmpty ? "\(actor) pinned a message" : "\(actor) pinned \"\(clipped)\""
    }

    /// A field as the line says it: a number, a text, names joined by commas.
    func describe(_ key: String) -> String? {
        switch self[key] {
        case .text(let s)?: s
        case .integer(let v)?: String(v)
        case .list(let names)?: names.joined(separator: ", ")
        case .flag, nil: nil
        }
    }
}

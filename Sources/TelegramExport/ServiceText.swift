/// The line a service message shows ("Ada created the group «Physics»"), from its `action` and
/// the details tdesktop writes beside it (export_output_json.cpp's SerializeMessage).
public enum ServiceText {
    public static func text(for message: ExportMessage) -> String {
        let actor = message.fromName ?? "Someone"
        let d = message.actionText
        let title = d("title").map { " «\($0)»" } ?? ""
        let members = d("members") ?? ""
        guard let action = message.action else {
            // A custom action: its information_text is the whole line.
            return d("information_text") ?? message.text
        }
        switch action {
        case "create_group": return "\(actor) created the group\(title)"
        case "edit_group_title": return "\(actor) changed the group name to\(title)"
        case "edit_group_photo": return "\(actor) changed the group photo"
        case "delete_group_photo": return "\(actor) removed the group photo"
        case "invite_members": return "\(actor) added \(members)"
        case "remove_members": return members == actor ? "\(actor) left the group" : "\(actor) removed \(members)"
        case "join_group_by_link": return "\(actor) joined the group via invite link"
        case "join_group_by_request": return "\(actor) was accepted into the group"
        case "create_channel": return "Channel created\(title)"
        case "migrate_to_supergroup": return "\(actor) upgraded the group to a supergroup"
        case "migrate_from_group": return "Group\(title) upgraded to a supergroup"
        case "pin_message": return "\(actor) pinned a message"
        case "proximity_reached": return "\(message.fromName ?? d("from") ?? "Someone") is within \(d("distance") ?? "?") m of \(d("to") ?? "someone")"
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
            return "\(actor): \(action.replacingUnderscores())"
        }
    }
}

private extension String {
    func replacingUnderscores() -> String { String(map { $0 == "_" ? " " : $0 }) }
}

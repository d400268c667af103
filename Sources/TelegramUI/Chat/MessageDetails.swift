/// What `i` shows about a message: when it was sent (or why the server refused it) and edited,
/// who wrote it, where it was forwarded from, what it answers, its id.
enum MessageDetails {
    static func rows(_ message: ChatMessage, author: String?) -> [(label: String, value: String)] {
        var rows: [(String, String)] = []
        if let author { rows.append(("From", author)) }
        if case .failed(let reason) = message.delivery {
            rows.append(("Not sent", reason))
        } else {
            rows.append(("Sent", TimeText.full(message.index.timestamp)))
        }
        if let edited = message.content.editedAt {
            rows.append(("Edited", TimeText.full(edited)))
        } else if message.content.isEdited {
            rows.append(("Edited", "yes"))
        }
        if let forward = message.content.forward {
            rows.append(("Forwarded from", forward.from ?? "a hidden sender"))
            if let date = forward.date { rows.append(("Originally sent", TimeText.full(date))) }
        }
        if let reply = message.content.reply {
            switch reply {
            case .message(let author, let text): rows.append(("Reply to", (author.map { $0 + ": " } ?? "") + text))
            case .otherChat: rows.append(("Reply to", "a message in another chat"))
            case .deleted: rows.append(("Reply to", "a deleted message"))
            }
        }
        if !message.content.reactions.isEmpty {
            rows.append(("Reactions", message.content.reactions.map { "\($0.emoji.isEmpty ? "◆" : $0.emoji) \($0.count)" }.joined(separator: "  ")))
        }
        rows.append(("Message ID", String(message.index.id)))
        return rows
    }
}

import Display

/// Where a message came from, above its content: "Forwarded from Barbara Liskov" and the quote of
/// the message it answers ("┃ Ada: the replied text…"), each one row, cut to fit.
enum ContextLines {
    static func rows(_ content: ChatMessage.Content, first: Int, rest: Int) -> [ChatLine] {
        var rows: [ChatLine] = []
        func room() -> Int { rows.isEmpty ? first : rest }
        if let forward = content.forward, let words = forwardLine(forward) {
            rows.append(ChatLine(parts: [(TextWrap.truncated(words, columns: room()), .accent)]))
        }
        if let reply = content.reply {
            rows.append(quote(reply, columns: room()))
        }
        return rows
    }

    /// Telegram's forward header, and Saved Messages' "saved from".
    static func forwardLine(_ forward: ChatMessage.Forward) -> String? {
        switch (forward.from, forward.savedFrom) {
        case let (from?, saved?): return "Forwarded from \(from) · saved from \(saved)"
        case let (from?, nil): return "Forwarded from \(from)"
        case let (nil, saved?): return "Saved from \(saved)"
        case (nil, nil): return "Forwarded message"
        }
    }

    /// The replied message's author and first line after a bar, cut to `columns`.
    static func quote(_ reply: ChatMessage.Reply, columns: Int) -> ChatLine {
        let bar = "┃ "
        let room = max(columns - bar.count, 0)
        switch reply {
        case .message(let author, let text):
            let name = author.map { $0 + ": " } ?? ""
            let firstLine = String(text.prefix { $0 != "\n" && $0 != "\r\n" && $0 != "\r" })
            let shownName = TextWrap.truncated(name, columns: room)
            let textRoom = room - TextWidth.of(shownName)
            return ChatLine(parts: [(bar, .accent), (shownName, .accent), (TextWrap.truncated(firstLine, columns: max(textRoom, 0)), .quote)])
        case .otherChat:
            return ChatLine(parts: [(bar, .accent), (TextWrap.truncated("a message in another chat", columns: room), .quote)])
        case .deleted:
            return ChatLine(parts: [(bar, .accent), (TextWrap.truncated("deleted message", columns: room), .quote)])
        }
    }
}

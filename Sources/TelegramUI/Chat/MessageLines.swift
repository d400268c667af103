import Display

/// One message's rows, top to bottom as Telegram's bubble has them: where it came from (the
/// forward, the replied message's quote), its media, its text, the details beside its last line
/// (signature, "edited", ✓), its reactions and its bot's buttons. The first row shares the line
/// with the time and sender when it fits there; a picture always starts on a row of its own.
struct MessageLines {
    let width: Int
    let drawsPictures: Bool

    func lines(for message: ChatMessage, head: [(String, ChatLine.Role)], status: String) -> [ChatLine] {
        let headWidth = head.reduce(0) { $0 + TextWidth.of($1.0) }
        let first = max(width - headWidth, 1), rest = max(width - ChatLine.indent, 1)
        let content = message.content
        var rows: [ChatLine] = []
        rows += ContextLines.rows(content, first: first, rest: rest)
        for media in content.media {
            rows += MediaLines.rows(media, width: rest, drawsPictures: drawsPictures)
        }
        let text = message.shownText
        if !text.isEmpty {
            let first = rows.isEmpty ? first : rest
            if message.entities.isEmpty || text != message.text {
                rows += TextWrap.lines(text, first: first, rest: rest).map { ChatLine(parts: [($0, .text)]) }
            } else {
                let styles = ChatTextEntity.styles(of: message.entities, count: text.count)
                rows += TextWrap.styledLines(text, styles: styles, first: first, rest: rest).map { ChatLine(parts: $0) }
            }
        }
        let sharesHead = rows.first.map { $0.picture == nil && $0.width <= first } ?? true
        appendMeta(Self.meta(content, status: status), to: &rows, room: { $0 == 0 && sharesHead ? first : rest })
        rows += ReactionRows.rows(content.reactions, width: rest)
        rows += ButtonRows.rows(content.buttons, width: rest)

        let indent = String(repeating: " ", count: ChatLine.indent)
        var result: [ChatLine] = sharesHead ? [] : [ChatLine(parts: head)]
        for (index, row) in rows.enumerated() {
            var line = row
            line.parts = (index == 0 && sharesHead ? head : [(indent, .time)]) + row.parts
            result.append(line)
        }
        return result.isEmpty ? [ChatLine(parts: head)] : result
    }

    /// Beside the last line, as Telegram's bubble ends: the channel post's signature, "edited", ✓.
    static func meta(_ content: ChatMessage.Content, status: String) -> [(String, ChatLine.Role)] {
        let words = [content.signature.map { "— " + $0 }, content.isEdited ? "edited" : nil].compactMap { $0 }
        var parts: [(String, ChatLine.Role)] = []
        if !words.isEmpty { parts.append((words.joined(separator: " · "), .meta)) }
        if !status.isEmpty { parts.append((status, .status)) }
        return parts
    }

    /// `meta` after the last row when it fits there, else on a row of its own.
    private func appendMeta(_ meta: [(String, ChatLine.Role)], to rows: inout [ChatLine], room: (Int) -> Int) {
        guard !meta.isEmpty else { return }
        var spaced: [(String, ChatLine.Role)] = []
        for part in meta { spaced += [(part.1 == .status ? " " : "  ", part.1), part] }
        let metaWidth = spaced.reduce(0) { $0 + TextWidth.of($1.0) }
        // A text's own trailing spaces would widen the gap before the meta.
        if let last = rows.indices.last, rows[last].picture == nil, let part = rows[last].parts.indices.last {
            while rows[last].parts[part].0.last == " " { rows[last].parts[part].0.removeLast() }
        }
        if let last = rows.indices.last, rows[last].width + metaWidth <= room(last) {
            rows[last].parts += rows[last].width == 0 ? Array(spaced.dropFirst()) : spaced
        } else {
            rows.append(ChatLine(parts: Array(spaced.dropFirst())))
        }
    }
}

import Display

/// One row of a chat's history as drawn: a date separator, or a piece of a message (its first
/// line carries the time and, in groups, the sender), wrapped to the width.
struct ChatLine: Equatable {
    enum Role: Equatable { case time, sender, text, date, status }
    var parts: [(String, Role)]
    var isDate = false

    static func == (a: ChatLine, b: ChatLine) -> Bool {
        a.isDate == b.isDate && a.parts.map(\.0) == b.parts.map(\.0) && a.parts.map(\.1) == b.parts.map(\.1)
    }

    /// The lines of `messages` (oldest first) for `width` columns.
    static func lines(for messages: [ChatMessage], width: Int, showsSenders: Bool, names: [ChatId: String],
                      maxOutgoingReadId: Int32) -> [ChatLine] {
        var result: [ChatLine] = []
        var previous: ChatMessage?
        let indent = 6  // "14:05 "
        for message in messages {
            if previous.map({ !TimeText.sameDay($0.index.timestamp, message.index.timestamp) }) ?? true {
                result.append(ChatLine(parts: [(TimeText.date(message.index.timestamp), .date)], isDate: true))
            }
            var head: [(String, Role)] = [(TimeText.clock(message.index.timestamp) + " ", .time)]
            if !message.isIncoming {
                head.append(("You: ", .sender))
            } else if showsSenders, let author = message.authorId {
                head.append(((names[author] ?? "?") + ": ", .sender))
            }
            let status = message.isIncoming ? "" : (message.index.id <= maxOutgoingReadId ? " ✓✓" : " ✓")
            let body = message.shownText
            let headWidth = head.reduce(0) { $0 + TextWidth.of($1.0) }
            let wrapped = wrap(body, first: max(width - headWidth - TextWidth.of(status), 1),
                               rest: max(width - indent - TextWidth.of(status), 1))
            for (index, piece) in wrapped.enumerated() {
                var parts = index == 0 ? head : [(String(repeating: " ", count: indent), .time)]
                parts.append((piece, .text))
                if index == wrapped.count - 1 && !status.isEmpty { parts.append((status, .status)) }
                result.append(ChatLine(parts: parts))
            }
            previous = message
        }
        return result
    }

    /// `text` cut into lines: at its own newlines, then at `first` columns for the first line and
    /// `rest` for the others, at a space where there is one in the line's second half.
    static func wrap(_ text: String, first: Int, rest: Int) -> [String] {
        var lines: [String] = []
        for paragraph in text.split(separator: "\n", omittingEmptySubsequences: false) {
            var line: [Character] = [], lineWidth = 0, lastSpace: Int? = nil
            for character in paragraph {
                let limit = lines.isEmpty ? first : rest
                let width = TextWidth.of(character)
                if lineWidth + width > limit, !line.isEmpty {
                    if let space = lastSpace, space > line.count / 2 {
                        lines.append(String(line[..<space]))
                        line = Array(line[(space + 1)...])
                    } else {
                        lines.append(String(line))
                        line = []
                    }
                    lineWidth = line.reduce(0) { $0 + TextWidth.of($1) }
                    lastSpace = nil
                }
                if character == " " { lastSpace = line.count }
                line.append(character)
                lineWidth += width
            }
            lines.append(String(line))
        }
        return lines
    }
}

import Display

/// Under a message: its reactions ("👍 5  ❤️ 2") and its bot's buttons ("[ Open ]  [ Visit ]"),
/// as many to a row as fit.
enum ReactionRows {
    static func rows(_ reactions: [ChatMessage.Reaction], width: Int) -> [ChatLine] {
        // A custom emoji has no character to show: a mark stands in for it.
        // The account's own reaction has its count in the accent, as Telegram fills its chip.
        let items = reactions.map { [((($0.emoji.isEmpty ? "◆" : $0.emoji) + " "), ChatLine.Role.text), ("\($0.count)", $0.isChosen ? .accent : .meta)] }
        return Packing.rows(items, separator: "  ", width: width)
    }
}

enum ButtonRows {
    static func rows(_ buttons: [[String]], width: Int) -> [ChatLine] {
        buttons.flatMap { row in
            Packing.rows(row.map { [("[ " + TextWrap.truncated($0, columns: max(width - 4, 1)) + " ]", ChatLine.Role.button)] },
                         separator: "  ", width: width)
        }
    }
}

/// Items laid side by side, a new row when the next does not fit; an item is never split.
enum Packing {
    static func rows(_ items: [[(String, ChatLine.Role)]], separator: String, width: Int) -> [ChatLine] {
        var rows: [ChatLine] = []
        var current = ChatLine(parts: [])
        for item in items {
            let itemWidth = item.reduce(0) { $0 + TextWidth.of($1.0) }
            if !current.parts.isEmpty, current.width + separator.count + itemWidth > width {
                rows.append(current)
                current = ChatLine(parts: [])
            }
            if !current.parts.isEmpty { current.parts.append((separator, .text)) }
            current.parts += item
        }
        if !current.parts.isEmpty { rows.append(current) }
        return rows
    }
}

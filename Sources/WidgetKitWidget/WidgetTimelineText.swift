/// `widget timeline` without --json: the entry as a person reads it.
extension WidgetTimeline {
    public var lines: [String] {
        switch state {
        case .locked:
            return [entry.text ?? ""]
        case .empty:
            let why = [reason?.rawValue, detail].compactMap { $0 }.joined(separator: ": ")
            return [entry.text ?? "", "(\(family.rawValue) widget, empty: \(why))"]
        case .chats:
            let chats = entry.chats ?? []
            var header = "\(family.rawValue) widget: \(chats.count) chat\(chats.count == 1 ? "" : "s")"
            if let updated = entry.updated {
                header += ", updated \(WidgetTime.clock(updated)) (\(WidgetTime.age(Int64(entry.date) - Int64(updated))) ago)"
            }
            var lines = [header]
            for chat in chats {
                var title = "  \(chat.title)"
                if let badge = chat.badge { title += "  [\(badge.count)\(badge.muted ? ", muted" : "")]" }
                if let time = chat.message?.time, !time.isEmpty { title += "  \(time)" }
                lines.append(title)
                if let message = chat.message {
                    lines.append("    " + (message.author.map { "\($0): " } ?? "") + message.text.split(whereSeparator: \.isNewline).joined(separator: " "))
                }
                lines.append("    \(chat.link)")
            }
            return lines
        }
    }
}

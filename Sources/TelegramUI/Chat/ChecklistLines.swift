/// A checklist: its title, each item ☑ done or ☐ not, and how many are done.
enum ChecklistLines {
    static func rows(_ checklist: ChatMessage.Checklist, width: Int) -> [ChatLine] {
        var rows = MediaLines.titled("📋 ", checklist.title, width: width)
        for item in checklist.items {
            rows += TextWrap.rows([(item.done ? "☑ " : "☐ ", .accent), (item.text, .text)], width: width, hanging: 2)
                .map { ChatLine(parts: $0) }
        }
        rows.append(ChatLine(parts: [("\(checklist.items.filter(\.done).count) of \(checklist.items.count) done", .meta)]))
        return rows
    }
}

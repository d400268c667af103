/// The line above the composer while it answers or edits a message (Telegram's reply and edit
/// panels): "↩ Reply to Ada: " or "✎ Editing: " and the message's first line.
enum ComposerContext {
    static func line(reply: ChatMessage?, edit: ChatMessage?, names: [ChatId: String]) -> (label: String, text: String)? {
        if let edit { return ("✎ Editing: ", edit.firstLine) }
        guard let reply else { return nil }
        let author = reply.isIncoming ? reply.authorId.flatMap { names[$0] } : "You"
        return ("↩ Reply to " + (author.map { $0 + ": " } ?? ""), reply.firstLine)
    }
}

import TelegramCore

/// A message as a row previews it (the chat list, the search): its first line, with its sender's
/// first name in groups ("Ada: see you", "You: on my way").
enum MessagePreview {
    /// `text` after the sender's first name, in a group or channel.
    /// `author` is the message's author as the engine read it (for a group's incoming message).
    static func withSender(_ text: String, of message: EngineMessage, author: EnginePeer?) -> String {
        // A service line names who did it already ("Ada pinned a message").
        guard !message.id.peerId.isUserLike, !message.extras.isService, message.authorId != nil else { return text }
        let name = message.isIncoming ? (author?.firstName ?? "") : "You"
        return name.isEmpty ? text : name + ": " + text
    }

    static func firstLine(_ text: String) -> String {
        // Found in the UTF-8 (line breaks are single ASCII bytes), not by walking Characters:
        // grapheme breaking every top message's text was 15 % of a chat list reload. A "\r\n"
        // ends the line too (as one Character it was neither "\r" nor "\n").
        guard let end = text.utf8.firstIndex(where: { $0 == 0x0A || $0 == 0x0D }) else { return text }
        return String(text[..<end])
    }
}

import TelegramCore

/// A message as a row previews it (the chat list, the search): its first line, with its sender's
/// first name in groups ("Ada: see you", "You: on my way"); a broadcast channel's posts are the
/// channel's, without a name, as in Telegram's list.
enum MessagePreview {
    /// `text` after the sender's first name, in a group or a supergroup.
    /// `author` is the message's author as the engine read it (for a group's incoming message);
    /// `chat` the chat's peer, when read.
    static func withSender(_ text: String, of message: EngineMessage, author: EnginePeer?, in chat: EnginePeer?) -> String {
        // A service line names who did it already ("Ada pinned a message").
        guard !message.id.peerId.isUserLike, !message.extras.isService, message.authorId != nil,
              chat?.rights.contains(.broadcast) != true else { return text }
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

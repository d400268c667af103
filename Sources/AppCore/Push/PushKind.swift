/// What `main push` sends, as Telegram's push server would for these updates.
public enum PushKind: String, CaseIterable, Sendable, Codable {
    /// A new message: stored in the Postbox, pushed with its text.
    case message
    /// A new message in a muted chat: stored, pushed as MESSAGE_MUTED (a silent badge update).
    case muted
    /// A message deleted: removed from the Postbox, pushed as MESSAGE_DELETED.
    case deleted
    /// The chat read on another device: read state advanced, pushed as READ_HISTORY.
    case read
}

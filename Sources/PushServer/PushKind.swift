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
    /// A message edited: its text replaced in place, pushed as the message's own push again
    /// (same loc-key and msg_id) with `edit_date`, so the delivered notification is replaced.
    case edited
    /// Someone reacted to one of the account's messages: pushed as REACT_TEXT (CHAT_REACT_TEXT
    /// in a group).
    case reaction
    /// A message pinned by the other side: the pin and its service line stored, pushed as
    /// PINNED_TEXT (CHAT_PINNED_TEXT in a group); with --unpin, unpinned and pushed silently.
    case pinned
    /// The other side read the account's messages (✓✓): Telegram pushes no alert for it, so it
    /// goes as a silent update the service shows nothing for.
    case readOutbox = "read-outbox"
}

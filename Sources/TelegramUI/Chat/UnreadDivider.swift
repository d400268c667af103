/// Where the unread messages began when the chat was opened (Telegram's "Unread messages" line):
/// fixed while the chat stays open, so reading does not move it from under the eye.
struct UnreadDivider: Equatable {
    /// The first unread message: the line goes above it.
    var before: ChatMessage.Index
    var count: Int

    var text: String { count == 1 ? "1 unread message" : "\(count) unread messages" }
}

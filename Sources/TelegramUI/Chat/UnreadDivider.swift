/// Where the unread messages began when the chat was opened (Telegram's "Unread messages" line):
/// fixed while the chat stays open, so reading does not move it from under the eye.
struct UnreadDivider: Equatable {
    /// The first unread message: the line goes above it.
    var before: ChatMessage.Index
    var count: Int

    var text: String { count == 1 ? "1 unread message" : "\(count) unread messages" }

    /// The divider once `removed` (deleted by another process) are gone: each incoming message
    /// at or below the line counted less, the line moved down to the next message when its own
    /// went, none when nothing it counted is left. `next` is the message after `before` now.
    func removing(_ removed: [ChatMessage], next: (ChatMessage.Index) -> ChatMessage.Index?) -> UnreadDivider? {
        let gone = removed.filter { $0.index >= before && $0.isIncoming }
        guard !gone.isEmpty else { return self }
        var result = self
        result.count -= gone.count
        if gone.contains(where: { $0.index == before }) {
            guard let moved = next(before) else { return nil }
            result.before = moved
        }
        return result.count > 0 ? result : nil
    }
}

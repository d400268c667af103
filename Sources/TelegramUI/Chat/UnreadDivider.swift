/// Where the unread messages began when the chat was opened (Telegram's "Unread messages" line)
/// and how many there were: fixed while the chat stays open, so reading does not move it from
/// under the eye. Only a deletion changes it, wherever in the chat the message was (the data
/// source counts it again: `ChatHistoryDataSource.unread(_:again:)`).
public struct UnreadDivider: Equatable, Sendable {
    /// The oldest unread message still there: the line goes above it.
    public var before: ChatMessage.Index
    public var count: Int
    /// What the data source needs to count them again: the read mark and the newest message id
    /// when they were counted (the ids they cover), and how many deletions the chat had seen.
    public var readMark: Int32
    public var newestId: Int32
    public var deletions: Int32

    public init(before: ChatMessage.Index, count: Int, readMark: Int32, newestId: Int32, deletions: Int32 = 0) {
        self.before = before
        self.count = count
        self.readMark = readMark
        self.newestId = newestId
        self.deletions = deletions
    }

    var text: String { count == 1 ? "1 unread message" : "\(count) unread messages" }
}

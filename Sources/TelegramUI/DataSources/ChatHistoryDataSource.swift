/// What a chat reads: its history a page at a time, its authors' names, how far the other side
/// has read, and the line under its title.
public protocol ChatHistoryDataSource {
    /// Up to `limit` messages older than `index` (the newest when nil), newest first.
    func messages(in chat: ChatId, before index: ChatMessage.Index?, limit: Int) throws -> [ChatMessage]
    /// The names shown beside a group's messages.
    func names(_ ids: Set<ChatId>) throws -> [ChatId: String]
    /// The newest outgoing message id the other side has read (✓✓ up to it), 0 when none.
    func maxOutgoingReadId(in chat: ChatId) throws -> Int32
    /// Under the title: `secret chat`, `@username`, or nothing.
    func subtitle(of chat: ChatId) throws -> String?
}

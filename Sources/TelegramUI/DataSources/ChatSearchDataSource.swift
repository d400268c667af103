/// What the chat-list search reads: chats by title, and messages containing the text.
public protocol ChatSearchDataSource {
    /// Matching chats first, then up to `messageLimit` messages, newest first (none when 0).
    func search(_ query: String, messageLimit: Int) throws -> [ChatSearchResult]
}

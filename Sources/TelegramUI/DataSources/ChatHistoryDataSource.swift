/// What a chat reads: its history a page at a time (from either end, or from a message in it),
/// where its unread messages start, its authors' names, how far the other side has read, the
/// line under its title and its pinned message.
public protocol ChatHistoryDataSource {
    /// Up to `limit` messages older than `index` (the newest when nil), newest first.
    func messages(in chat: ChatId, before index: ChatMessage.Index?, limit: Int) throws -> [ChatMessage]
    /// Up to `limit` messages newer than `index` (the oldest when nil), oldest first.
    func messages(in chat: ChatId, after index: ChatMessage.Index?, limit: Int) throws -> [ChatMessage]
    /// The oldest unread incoming message and how many are unread (the divider a chat opens at);
    /// nil when the chat is read.
    func firstUnread(in chat: ChatId) throws -> UnreadDivider?
    /// `divider` after what was deleted since it was counted, loaded or not: the messages it
    /// counted still there and the oldest of them; nil when none is left. Read at every refresh,
    /// so it is cheap when nothing was deleted.
    func unread(_ divider: UnreadDivider, again chat: ChatId) throws -> UnreadDivider?
    /// The names shown beside a group's messages.
    func names(_ ids: Set<ChatId>) throws -> [ChatId: String]
    /// The newest outgoing message id the other side has read (✓✓ up to it), 0 when none.
    func maxOutgoingReadId(in chat: ChatId) throws -> Int32
    /// Under the title: `secret chat`, `@username`, or nothing.
    func subtitle(of chat: ChatId) throws -> String?
    /// Who is typing in the chat now, as the header says it (the server said so): "typing…" in a
    /// private chat, "Grace is typing…" in a group; nil when no one is.
    func typing(in chat: ChatId) throws -> String?
    /// A private chat's other side online, or when last seen (nil: not known).
    func presence(in chat: ChatId) throws -> PeerPresence?
    /// The message pinned at the top of the chat, if any.
    func pinnedMessage(in chat: ChatId) throws -> ChatMessage?
    /// Why nothing can be written here (a channel only its admins post in, a group left), shown
    /// where the composer would be; nil when the account can write.
    func writeRestriction(in chat: ChatId) throws -> String?
    /// Whether the chat is a broadcast channel, whose posts are the channel's: no author, "You"
    /// included, before them.
    func isBroadcast(_ chat: ChatId) throws -> Bool
    /// What was left written in the chat, if anything.
    func draft(in chat: ChatId) throws -> ComposerDraft?
    /// Every message of the chat whose text has the query's words (as the chat list's search
    /// matches them), newest first, at most `limit`.
    func findAll(_ query: String, in chat: ChatId, limit: Int) throws -> [ChatMessage.Index]
    /// The chat's messages the server has right below `index` (the oldest loaded; nil: none
    /// is) that are not here yet: asked for, when there are some.
    func fetchOlder(in chat: ChatId, below index: ChatMessage.Index?) throws -> HistoryOnServer
    /// The chat's messages the server has right above `index` (the newest loaded; nil: none is)
    /// that are not here yet: asked for, when there are some.
    func fetchNewer(in chat: ChatId, above index: ChatMessage.Index?) throws -> HistoryOnServer
    /// Who `@` can name in the chat: the other side of a private chat, a group's recent authors.
    func mentionCandidates(in chat: ChatId) throws -> [MentionCandidate]
}

/// What the server has of a chat beyond one end of what is here.
public enum HistoryOnServer: Equatable, Sendable {
    /// Nothing: what is here goes on to the chat's start (or its newest message).
    case none
    /// Asked for; the chat refreshes when it is here.
    case fetching
    /// There, but not to be had now (why).
    case unavailable(String)
}

extension ChatHistoryDataSource {
    public func fetchOlder(in chat: ChatId, below index: ChatMessage.Index?) throws -> HistoryOnServer { .none }
    public func fetchNewer(in chat: ChatId, above index: ChatMessage.Index?) throws -> HistoryOnServer { .none }
    public func typing(in chat: ChatId) throws -> String? { nil }
    public func presence(in chat: ChatId) throws -> PeerPresence? { nil }
    public func pinnedMessage(in chat: ChatId) throws -> ChatMessage? { nil }
    public func writeRestriction(in chat: ChatId) throws -> String? { nil }
    public func isBroadcast(_ chat: ChatId) throws -> Bool { false }
    public func draft(in chat: ChatId) throws -> ComposerDraft? { nil }
    public func mentionCandidates(in chat: ChatId) throws -> [MentionCandidate] { [] }
    public func findAll(_ query: String, in chat: ChatId, limit: Int) throws -> [ChatMessage.Index] { [] }
}

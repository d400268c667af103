/// One message of a chat's history as the chat screen draws it.
public struct ChatMessage: Equatable, Sendable {
    /// Where the message sits in its chat: ordered by time, then namespace, then id, as the
    /// store orders a history.
    public struct Index: Hashable, Comparable, Sendable {
        public var timestamp: Int32
        public var namespace: Int32
        public var id: Int32

        public init(timestamp: Int32, namespace: Int32 = 0, id: Int32) {
            self.timestamp = timestamp
            self.namespace = namespace
            self.id = id
        }

        public static func < (a: Index, b: Index) -> Bool {
            (a.timestamp, a.namespace, a.id) < (b.timestamp, b.namespace, b.id)
        }
    }

    public var index: Index
    public var authorId: ChatId?
    public var text: String
    public var isIncoming: Bool
    /// What the message is when it has no text and nothing in `content` says more: shown as `[image]`.
    public var kindName: String
    /// What it carries besides its text: reply, forward, media, reactions, buttons.
    public var content: Content
    /// The text's formatting (bold, code, spoilers, links...), in its Characters.
    public var entities: [ChatTextEntity]
    /// The text as its editor writes it, its formatting as markdown (`**bold**`), for the
    /// account's own formatted messages; nil: the text itself.
    public var markdown: String?
    /// Where the account's own message is on its way to the server.
    public var delivery: Delivery = .sent

    public enum Delivery: Equatable, Sendable {
        /// The server has it (or the account is offline: stored is sent).
        case sent
        /// Waiting for the server's answer: a clock where ✓ will be.
        case sending
        /// The server refused it, with why.
        case failed(String)
    }

    public init(index: Index, authorId: ChatId?, text: String, isIncoming: Bool, kindName: String = "text",
                content: Content = Content(), entities: [ChatTextEntity] = []) {
        self.index = index
        self.authorId = authorId
        self.text = text
        self.isIncoming = isIncoming
        self.kindName = kindName
        self.content = content
        self.entities = entities
    }

    /// The first non-empty line of `shownText`: what a quote, the pinned bar or the reply line shows.
    public var firstLine: String {
        shownText.split(separator: "\n", omittingEmptySubsequences: true).first.map(String.init) ?? shownText
    }

    /// The text; its kind in brackets when it has none and carries nothing else to show.
    public var shownText: String { text.isEmpty && content.media.isEmpty && kindName != "text" ? "[\(kindName)]" : text }
}

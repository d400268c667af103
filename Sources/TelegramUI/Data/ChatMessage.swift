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
    /// What the message is when it has no text (`image`, `sticker`): shown as `[image]`.
    public var kindName: String

    public init(index: Index, authorId: ChatId?, text: String, isIncoming: Bool, kindName: String = "text") {
        self.index = index
        self.authorId = authorId
        self.text = text
        self.isIncoming = isIncoming
        self.kindName = kindName
    }

    /// The text, or its kind in brackets when it has none.
    public var shownText: String { text.isEmpty ? "[\(kindName)]" : text }
}

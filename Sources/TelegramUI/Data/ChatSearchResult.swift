/// One row of the chat-list search: a chat whose title matches, or a message containing the text.
public enum ChatSearchResult: Equatable, Sendable {
    case chat(ChatId, title: String)
    /// `text` is the message's first line, with its sender's first name in groups.
    case message(ChatId, title: String, text: String, index: ChatMessage.Index)

    public var peerId: ChatId {
        switch self {
        case .chat(let id, _), .message(let id, _, _, _): return id
        }
    }

    /// The message a message hit opens the chat at.
    public var messageIndex: ChatMessage.Index? {
        if case .message(_, _, _, let index) = self { return index }
        return nil
    }

    public var title: String {
        switch self {
        case .chat(_, let title), .message(_, let title, _, _): return title
        }
    }
}

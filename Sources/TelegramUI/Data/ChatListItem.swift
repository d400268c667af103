/// One chat of the list as the screen shows it: no content kept beyond the row (the last
/// message's first line).
public struct ChatListItem: Equatable, Sendable {
    public var peerId: ChatId
    public var title: String
    public var isPinned: Bool
    public var isMuted: Bool
    public var isSecret: Bool
    public var unreadCount: Int32
    /// The last message, with its sender's first name in groups ("Ada: see you").
    public var preview: String
    public var timestamp: Int32
    /// The avatar's initials and the profile photo's resource id: what the row's avatar shows,
    /// and so what a drawn avatar is cached by.
    public var letters: [String] = []
    public var photoResourceId: String? = nil
    /// The last message: which one, whether someone else wrote it, and its first line alone
    /// (for the in-app notification, which names the chat itself).
    public var topMessage: ChatMessage.Index? = nil
    public var topMessageIsIncoming = false
    public var topMessageText = ""
    /// What was left written in the chat: the row shows "Draft: …" in place of the last message,
    /// as Telegram's list does.
    public var draft: String? = nil

    public init(peerId: ChatId, title: String, isPinned: Bool = false, isMuted: Bool = false, isSecret: Bool = false,
                unreadCount: Int32 = 0, preview: String = "", timestamp: Int32 = 0, letters: [String] = [],
                photoResourceId: String? = nil) {
        self.peerId = peerId
        self.title = title
        self.isPinned = isPinned
        self.isMuted = isMuted
        self.isSecret = isSecret
        self.unreadCount = unreadCount
        self.preview = preview
        self.timestamp = timestamp
        self.letters = letters
        self.photoResourceId = photoResourceId
    }
}

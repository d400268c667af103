/// What WidgetRenderer draws: one home-screen widget, its chats or a notice. The drawing library
/// builds it from Formats' WidgetPicture (this module does not depend on Formats).
public struct WidgetScene: Sendable {
    /// WidgetKit's families; raw values as in WidgetPicture.Family.
    public enum Family: String, Sendable, CaseIterable {
        case small, medium, large
    }

    public struct Avatar: Sendable {
        /// The chat's photo; when nil or unreadable the letters are drawn.
        public var photoPNG: [UInt8]?
        public var letters: [String]
        public var gradientIndex: Int
        /// The account's own chat: a bookmark on Telegram's blue gradient.
        public var isSavedMessages: Bool

        public init(photoPNG: [UInt8]?, letters: [String], gradientIndex: Int, isSavedMessages: Bool = false) {
            self.photoPNG = photoPNG
            self.letters = letters
            self.gradientIndex = gradientIndex
            self.isSavedMessages = isSavedMessages
        }
    }

    public struct Row: Sendable {
        public var title: String
        public var avatar: Avatar
        /// Unread count (nil: no badge) and whether the chat is muted (a grey badge).
        public var badge: (count: Int, isMuted: Bool)?
        public var author: String?
        public var text: String
        public var time: String

        public init(title: String, avatar: Avatar, badge: (count: Int, isMuted: Bool)?, author: String?, text: String, time: String) {
            self.title = title
            self.avatar = avatar
            self.badge = badge
            self.author = author
            self.text = text
            self.time = time
        }
    }

    public var family: Family
    public var isDark: Bool
    public var rows: [Row]
    /// Drawn instead of the rows: the locked placeholder or the empty state.
    public var notice: String?

    public init(family: Family, isDark: Bool, rows: [Row], notice: String?) {
        self.family = family
        self.isDark = isDark
        self.rows = rows
        self.notice = notice
    }
}

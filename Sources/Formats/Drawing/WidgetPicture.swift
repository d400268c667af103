/// Everything the widget's home-screen picture shows, as the widget extension hands it to the
/// drawing library (DrawingRequest.widget): the family and appearance, and either chat rows or a
/// notice (the locked placeholder, the empty state). Plain values only: the library reads no
/// database, and a photo avatar is a PNG file the widget-data already named.
public struct WidgetPicture: Codable, Equatable, Sendable {
    /// WidgetKit's families, with their sizes in points.
    public enum Family: String, Codable, CaseIterable, Sendable {
        case small, medium, large

        /// How many chats the family shows: one on a small widget, a list of two with two-line
        /// messages on a medium one, eight one-line rows on a large one (what main publishes).
        public var chatCount: Int {
            switch self {
            case .small: return 1
            case .medium: return 2
            case .large: return 8
            }
        }

        /// iOS's widget sizes on a 390 pt wide phone.
        public var pointSize: (width: Int, height: Int) {
            switch self {
            case .small: return (170, 170)
            case .medium: return (364, 170)
            case .large: return (364, 382)
            }
        }
    }

    public enum Appearance: String, Codable, CaseIterable, Sendable {
        case light, dark
    }

    /// The unread badge as widget-data carries it; muted chats' badges are grey, not blue.
    public typealias Badge = WidgetDataPeer.Badge

    public struct Row: Codable, Equatable, Sendable {
        public var title: String
        /// The initials a letters avatar shows, when there is no photo.
        public var letters: [String]
        /// Telegram's widget gradient for the letters avatar (AvatarGradientIndex.widget).
        public var gradientIndex: Int
        /// A PNG to draw instead of the letters; if it can't be read, the letters are drawn.
        public var avatarPath: String?
        /// The account's own chat: Telegram draws a bookmark instead of initials.
        public var isSavedMessages: Bool
        public var badge: Badge?
        /// Who wrote the last message, shown above it (groups, and "You").
        public var author: String?
        /// The last message's text, or what it is ("Photo") when it has none; empty without one.
        public var text: String
        /// The last message's time, as the widget labels it ("14:05", "Tue", "12.03.24").
        public var time: String

        public init(title: String, letters: [String], gradientIndex: Int, avatarPath: String?, isSavedMessages: Bool = false,
                    badge: Badge?, author: String?, text: String, time: String) {
            self.title = title
            self.letters = letters
            self.gradientIndex = gradientIndex
            self.avatarPath = avatarPath
            self.isSavedMessages = isSavedMessages
            self.badge = badge
            self.author = author
            self.text = text
            self.time = time
        }
    }

    public var family: Family
    public var appearance: Appearance
    public var rows: [Row]
    /// Drawn instead of rows (the locked placeholder, the empty state's words).
    public var notice: String?

    public init(family: Family, appearance: Appearance, rows: [Row], notice: String? = nil) {
        self.family = family
        self.appearance = appearance
        self.rows = rows
        self.notice = notice
    }
}

/// One notification as the Desktop Notifications Specification's Notify takes it.
public struct DesktopNotification: Equatable, Sendable {
    /// Pixels for the `image-data` hint, `(iiibiiay)`: straight RGBA, 8 bits a sample, 4 channels.
    public struct Image: Equatable, Sendable {
        public var width: Int32
        public var height: Int32
        public var rgba: [UInt8]

        public init(width: Int32, height: Int32, rgba: [UInt8]) {
            self.width = width
            self.height = height
            self.rgba = rgba
        }
    }

    /// An action: the key the server sends back in ActionInvoked, and its label.
    public struct Action: Equatable, Sendable {
        public var key: String
        public var label: String

        public init(key: String, label: String) {
            self.key = key
            self.label = label
        }
    }

    public var appName: String
    /// The notification this one replaces (0: a new one).
    public var replacesId: UInt32
    public var summary: String
    public var body: String
    public var actions: [Action]
    /// The `category` hint (the specification's "im.received" for a message).
    public var category: String?
    /// The `desktop-entry` hint: the app's desktop file's name without ".desktop".
    public var desktopEntry: String?
    public var image: Image?
    /// KDE's `x-kde-reply-placeholder-text`, shown in the inline reply's field.
    public var replyPlaceholder: String?
    /// Milliseconds; -1 lets the server decide.
    public var expireTimeout: Int32

    public init(appName: String, replacesId: UInt32 = 0, summary: String, body: String, actions: [Action] = [],
                category: String? = nil, desktopEntry: String? = nil, image: Image? = nil, replyPlaceholder: String? = nil,
                expireTimeout: Int32 = -1) {
        self.appName = appName
        self.replacesId = replacesId
        self.summary = summary
        self.body = body
        self.actions = actions
        self.category = category
        self.desktopEntry = desktopEntry
        self.image = image
        self.replyPlaceholder = replyPlaceholder
        self.expireTimeout = expireTimeout
    }

    /// The action key the specification reserves for activating the notification itself.
    public static let defaultActionKey = "default"
    /// The action key that asks a server with the "inline-reply" capability for a reply field
    /// (KDE's and Telegram Desktop's convention); the text comes back in NotificationReplied.
    public static let inlineReplyActionKey = "inline-reply"

    /// Whether it offers a reply typed into the notification.
    public var inlineReply: Bool { actions.contains { $0.key == Self.inlineReplyActionKey } }
}

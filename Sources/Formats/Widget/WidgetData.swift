/// Telegram's WidgetData (WidgetItems.swift): what main publishes in `widget-data` for the widget's
/// timeline, which never opens the database. Keys as Telegram's; sealed with the device key
/// (WidgetDataFile), because unlike Telegram's it holds names and message text in a shared file.
public struct WidgetData: Codable, Equatable, Sendable {
    public var accountId: Int64
    public var content: Content
    public var unlockedForLockId: String?

    public init(accountId: Int64, content: Content, unlockedForLockId: String? = nil) {
        self.accountId = accountId
        self.content = content
        self.unlockedForLockId = unlockedForLockId
    }

    /// `{"discriminator": 0}` (empty: no account or nothing to show) or `{"discriminator": 1, "peers": …}`.
    public enum Content: Codable, Equatable, Sendable {
        case empty
        case peers(WidgetDataPeers)

        private enum CodingKeys: String, CodingKey { case discriminator, peers }

        public init(from decoder: Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            switch try c.decode(Int32.self, forKey: .discriminator) {
            case 0: self = .empty
            case 1: self = .peers(try c.decode(WidgetDataPeers.self, forKey: .peers))
            case let other:
                throw DecodingError.dataCorruptedError(forKey: .discriminator, in: c, debugDescription: "unknown widget content \(other)")
            }
        }

        public func encode(to encoder: Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            switch self {
            case .empty:
                try c.encode(Int32(0), forKey: .discriminator)
            case .peers(let peers):
                try c.encode(Int32(1), forKey: .discriminator)
                try c.encode(peers, forKey: .peers)
            }
        }
    }
}

public struct WidgetDataPeers: Codable, Equatable, Sendable {
    public var accountPeerId: Int64
    public var peers: [WidgetDataPeer]
    /// When main wrote it (unix seconds): the timeline's date, and how stale the data is.
    public var updateTimestamp: Int32

    public init(accountPeerId: Int64, peers: [WidgetDataPeer], updateTimestamp: Int32) {
        self.accountPeerId = accountPeerId
        self.peers = peers
        self.updateTimestamp = updateTimestamp
    }
}

public struct WidgetDataPeer: Codable, Equatable, Sendable {
    public struct Badge: Codable, Equatable, Sendable {
        public var count: Int
        public var isMuted: Bool

        public init(count: Int, isMuted: Bool) {
            self.count = count
            self.isMuted = isMuted
        }
    }

    public struct Message: Codable, Equatable, Sendable {
        public struct Author: Codable, Equatable, Sendable {
            public var isMe: Bool
            public var title: String

            public init(isMe: Bool, title: String) {
                self.isMe = isMe
                self.title = title
            }
        }

        public var author: Author?
        public var text: String
        /// Telegram's keyed content: one of text, image, video, file, gif, music, voiceMessage,
        /// videoMessage, sticker, call, mapLocation, game, poll, autodeleteTimer.
        public var content: String
        public var timestamp: Int32

        public init(author: Author?, text: String, content: String, timestamp: Int32) {
            self.author = author
            self.text = text
            self.content = content
            self.timestamp = timestamp
        }
    }

    /// The packed peer id (PeerId.toInt64()).
    public var id: Int64
    public var name: String
    public var lastName: String?
    public var letters: [String]
    /// The profile photo's absolute MediaBox path, when there is one.
    public var avatarPath: String?
    public var badge: Badge?
    public var message: Message?

    public init(id: Int64, name: String, lastName: String?, letters: [String], avatarPath: String?, badge: Badge?, message: Message?) {
        self.id = id
        self.name = name
        self.lastName = lastName
        self.letters = letters
        self.avatarPath = avatarPath
        self.badge = badge
        self.message = message
    }
}

/// The widget's own settings file (`widget/configuration.json`): the chats the user chose with
/// `widget configure --select`, which main then publishes. Peer ids only, no content.
public struct WidgetConfiguration: Codable, Equatable, Sendable {
    public var accountId: Int64
    public var peerIds: [Int64]

    public init(accountId: Int64, peerIds: [Int64]) {
        self.accountId = accountId
        self.peerIds = peerIds
    }
}

/// `widgetPresentationData.json`: the strings the widget shows without the app.
public struct WidgetPresentationData: Codable, Equatable, Sendable {
    public var widgetLockedString: String
    public var widgetEmptyString: String

    public init(strings: PresentationStrings) {
        widgetLockedString = strings.widgetLockedString
        widgetEmptyString = strings.widgetEmptyString
    }
}

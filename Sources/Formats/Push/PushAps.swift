/// The `aps` dictionary of a push, the fields Telegram's NotificationService reads.
public struct PushAps: Codable, Equatable, Sendable {
    /// `alert` is either a string or {title, subtitle, body}.
    public struct Alert: Codable, Equatable, Sendable {
        public var title: String?
        public var subtitle: String?
        public var body: String?

        public init(title: String? = nil, subtitle: String? = nil, body: String? = nil) {
            self.title = title
            self.subtitle = subtitle
            self.body = body
        }

        private enum CodingKeys: String, CodingKey { case title, subtitle, body }

        public init(from decoder: Decoder) throws {
            if let text = try? decoder.singleValueContainer().decode(String.self) {
                self.init(body: text)
                return
            }
            let c = try decoder.container(keyedBy: CodingKeys.self)
            self.init(title: c.lenientString(.title), subtitle: c.lenientString(.subtitle), body: c.lenientString(.body))
        }
    }

    public var alert: Alert?
    public var category: String?
    public var threadId: String?
    public var sound: String?
    public var badge: Int?
    public var mutableContent: Int?

    public init(alert: Alert? = nil, category: String? = nil, threadId: String? = nil, sound: String? = nil,
                badge: Int? = nil, mutableContent: Int? = nil) {
        self.alert = alert
        self.category = category
        self.threadId = threadId
        self.sound = sound
        self.badge = badge
        self.mutableContent = mutableContent
    }

    private enum CodingKeys: String, CodingKey {
        case alert, category, sound, badge
        case threadId = "thread-id"
        case mutableContent = "mutable-content"
    }

    // A field of an unexpected type is ignored, as Telegram's `as? String` casts ignore it.
    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        alert = try? c.decodeIfPresent(Alert.self, forKey: .alert)
        category = c.lenientString(.category)
        threadId = c.lenientString(.threadId)
        sound = c.lenientString(.sound)
        badge = try? c.decodeIfPresent(Int.self, forKey: .badge)
        mutableContent = try? c.decodeIfPresent(Int.self, forKey: .mutableContent)
    }
}

extension KeyedDecodingContainer {
    /// The string at `key`, or nil when it is absent or not a string.
    func lenientString(_ key: Key) -> String? {
        (try? decodeIfPresent(String.self, forKey: key)) ?? nil
    }
}

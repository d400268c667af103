/// set-attribute's payload: which message, which way, and the chat's unread count after it.
public struct MessageAttributeChange: IntentPayload {
    public var identifier: String?
    /// read or unread.
    public var attribute: String?
    public var unreadCount: Int32?
    public var requestId: String?
    public var queued = false

    public init(identifier: String? = nil, attribute: String? = nil, unreadCount: Int32? = nil, requestId: String? = nil) {
        self.identifier = identifier
        self.attribute = attribute
        self.unreadCount = unreadCount
        self.requestId = requestId
    }

    public static var empty: MessageAttributeChange { MessageAttributeChange() }

    private enum CodingKeys: String, CodingKey { case identifier, attribute, unreadCount, requestId, queued }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(identifier, forKey: .identifier)
        try c.encode(attribute, forKey: .attribute)
        try c.encode(unreadCount, forKey: .unreadCount)
        try c.encode(requestId, forKey: .requestId)
        try c.encode(queued, forKey: .queued)
    }

    public var lines: [String] {
        var lines: [String] = []
        if let identifier, let attribute { lines.append("message: \(identifier), \(attribute)") }
        if let unreadCount { lines.append("unread in the chat: \(unreadCount)") }
        if queued, let requestId { lines.append("queued as request \(requestId)") }
        return lines
    }
}

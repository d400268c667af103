/// One entry of the Calls tab: with whom, when, which way, and whether it was missed.
public struct CallItem: Equatable, Sendable {
    public var peerId: ChatId
    public var title: String
    public var timestamp: Int32
    public var isOutgoing: Bool
    public var isMissed: Bool
    public var isVideo: Bool

    public init(peerId: ChatId, title: String, timestamp: Int32, isOutgoing: Bool = false, isMissed: Bool = false,
                isVideo: Bool = false) {
        self.peerId = peerId
        self.title = title
        self.timestamp = timestamp
        self.isOutgoing = isOutgoing
        self.isMissed = isMissed
        self.isVideo = isVideo
    }
}

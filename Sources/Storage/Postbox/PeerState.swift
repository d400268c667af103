import Formats

/// Telegram's combined read state for one chat. An incoming message is unread when its id is
/// above `maxIncomingReadId`, ids compared as signed numbers: a group's history exported inside
/// the supergroup it became (ids shifted by −1,000,000,000) is below every mark ≥ 0, a new chat's
/// mark of 0 included, so it is read with the supergroup's first messages.
public struct ReadState: BinaryCodable, Equatable, Sendable {
    public var maxIncomingReadId: Int32
    public var maxOutgoingReadId: Int32
    /// The unread incoming messages stored here: exact, kept with every write.
    public var unreadCount: Int32
    /// Messages deleted from the chat so far (wrapping): a screen that counted some of its
    /// messages (the unread divider) sees that one may have gone, wherever it was.
    public var deletions: Int32
    /// Unread messages the server counted that lie in a hole not fetched yet (a chat with more
    /// unread than a first sync fetches), as Telegram's read state keeps the server's count; they
    /// leave it as holes are filled or read past.
    public var unseenInHoles: Int32 = 0

    /// The count a person is shown (the list's badge, the totals): what is stored and what the
    /// server counted beyond it.
    public var shownUnreadCount: Int32 { unreadCount &+ unseenInHoles }

    public init(maxIncomingReadId: Int32 = 0, maxOutgoingReadId: Int32 = 0, unreadCount: Int32 = 0, deletions: Int32 = 0) {
        self.maxIncomingReadId = maxIncomingReadId
        self.maxOutgoingReadId = maxOutgoingReadId
        self.unreadCount = unreadCount
        self.deletions = deletions
    }

    public func encode(to w: inout BinaryWriter) {
        w.write(maxIncomingReadId)
        w.write(maxOutgoingReadId)
        w.write(unreadCount)
        w.write(deletions)
        // Only where there are some: a read state without is written as before.
        if unseenInHoles != 0 { w.write(unseenInHoles) }
    }

    public init(from r: inout BinaryReader) throws {
        maxIncomingReadId = try r.readInt32()
        maxOutgoingReadId = try r.readInt32()
        unreadCount = try r.readInt32()
        // Written before deletions were counted: none seen yet.
        deletions = r.isAtEnd ? 0 : try r.readInt32()
        unseenInHoles = r.isAtEnd ? 0 : try r.readInt32()
    }
}

public struct PeerNotificationSettings: BinaryCodable, Equatable, Sendable {
    /// Unix time until which the chat is muted; Int32.max for "forever", 0 for not muted.
    public var muteUntil: Int32
    public var sound: String
    public var displayPreviews: Bool

    public static let defaultSettings = PeerNotificationSettings(muteUntil: 0, sound: "default", displayPreviews: true)

    public init(muteUntil: Int32, sound: String, displayPreviews: Bool) {
        self.muteUntil = muteUntil
        self.sound = sound
        self.displayPreviews = displayPreviews
    }

    public func isMuted(at now: Int32) -> Bool { muteUntil > now }

    public func encode(to w: inout BinaryWriter) {
        w.write(muteUntil)
        w.write(sound)
        w.write(displayPreviews)
    }

    public init(from r: inout BinaryReader) throws {
        muteUntil = try r.readInt32()
        sound = try r.readString()
        displayPreviews = try r.readBool()
    }
}

/// One entry of the call log (the Calls tab, INSearchCallHistory).
public struct CallRecord: BinaryCodable, Equatable, Sendable {
    public var callId: Int64
    public var peerId: PeerId
    public var timestamp: Int32
    public var duration: Int32
    public var isOutgoing: Bool
    public var isMissed: Bool
    public var isVideo: Bool

    public init(callId: Int64, peerId: PeerId, timestamp: Int32, duration: Int32, isOutgoing: Bool, isMissed: Bool, isVideo: Bool) {
        self.callId = callId
        self.peerId = peerId
        self.timestamp = timestamp
        self.duration = duration
        self.isOutgoing = isOutgoing
        self.isMissed = isMissed
        self.isVideo = isVideo
    }

    public func encode(to w: inout BinaryWriter) {
        w.write(callId)
        w.write(peerId.toInt64())
        w.write(timestamp)
        w.write(duration)
        w.write(isOutgoing)
        w.write(isMissed)
        w.write(isVideo)
    }

    public init(from r: inout BinaryReader) throws {
        callId = try r.readInt64()
        peerId = PeerId(try r.readInt64())
        timestamp = try r.readInt32()
        duration = try r.readInt32()
        isOutgoing = try r.readBool()
        isMissed = try r.readBool()
        isVideo = try r.readBool()
    }
}

/// Totals kept up to date by every write transaction, so readers never count 200,000 rows.
public struct PostboxCounters: BinaryCodable, Equatable, Sendable, Codable {
    public var peerCount: Int64 = 0
    public var messageCount: Int64 = 0
    public var totalUnreadMessages: Int64 = 0
    public var totalUnreadChats: Int64 = 0

    public init() {}

    public func encode(to w: inout BinaryWriter) {
        w.write(peerCount)
        w.write(messageCount)
        w.write(totalUnreadMessages)
        w.write(totalUnreadChats)
    }

    public init(from r: inout BinaryReader) throws {
        peerCount = try r.readInt64()
        messageCount = try r.readInt64()
        totalUnreadMessages = try r.readInt64()
        totalUnreadChats = try r.readInt64()
    }
}

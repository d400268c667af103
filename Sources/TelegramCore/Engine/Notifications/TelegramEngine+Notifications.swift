import Storage

extension TelegramEngine.Notifications {
    /// The 256-byte key pushes for this account are encrypted with, once main has made it.
    public func secret() throws -> [UInt8]? {
        try postbox.read { try $0.notificationSecret() }
    }

    /// Everything a push's notification may show or be silenced by, read in one transaction
    /// (Telegram's NotificationService reads its chat, message and badge from one view).
    /// - peerId, messageId: the chat and message the push names, when it names them;
    /// - badgeIncludingMuted: the unread total's kind for the badge, or nil for no badge (a push
    ///   for an account other than the current one).
    public func context(peerId: EnginePeer.Id?, messageId: Int32?, badgeIncludingMuted: Bool?, now: Int32) throws -> PushContext {
        try postbox.read { t in
            var context = PushContext()
            if let badgeIncludingMuted { context.unreadTotals = try t.unreadTotals(includeMuted: badgeIncludingMuted, now: now) }
            guard let peerId else { return context }
            context.readUpTo = try t.readState(peerId)?.maxIncomingReadId
            context.settings = try t.notificationSettings(peerId)
            context.peer = try t.peer(peerId)
            context.otherUser = try context.peer?.associatedPeerId.flatMap { try t.peer($0) }
            context.message = try messageId.flatMap { try t.message(EngineMessage.Id(peerId: peerId, id: $0)) }
            context.author = try context.message?.authorId.flatMap { try t.peer($0) }
            return context
        }
    }

    public struct PushContext {
        /// The chat's incoming messages up to this id are read.
        public var readUpTo: Int32?
        public var settings: PeerNotificationSettings?
        public var peer: EnginePeer?
        /// A secret chat's user on the other side.
        public var otherUser: EnginePeer?
        public var message: EngineMessage?
        public var author: EnginePeer?
        public var unreadTotals: UnreadTotals?
    }
}

import Storage

/// The chat list's own use cases (Telegram's togglePeerChatPinnedInteractively and
/// updatePeerMuteSetting): a chat pinned to the top of the list or let go, muted or heard again.
/// Each is one durable transaction by the writer, recorded for the server (an account on one:
/// `ServerOperation.pinChat` / `.muteChat`) and followed by a word to the account's connection.
extension TelegramEngine.ChatList {
    /// Telegram's limit of pinned chats in the main list for an account without Premium.
    public static let pinnedLimit = 5

    public struct TooManyPinned: Error, CustomStringConvertible {
        public let limit: Int
        public var description: String { "at most \(limit) chats can be pinned: unpin one first" }
    }

    /// Pins the chat at the top of the pinned ones, or unpins it; whether it is pinned now.
    /// Throws `TooManyPinned` for one more than the limit.
    @discardableResult
    public func togglePinned(_ peerId: EnginePeer.Id) throws -> Bool {
        let pinned = try postbox.transaction(durable: true) { t -> Bool in
            var order = try t.pinnedChats()
            let pinning = !order.contains(peerId)
            if pinning {
                guard order.count < Self.pinnedLimit else { throw TooManyPinned(limit: Self.pinnedLimit) }
                order.insert(peerId, at: 0)
            } else {
                order.removeAll { $0 == peerId }
            }
            try t.setPinnedChats(order)
            try t.recordForServer(.pinChat(peerId, pinned: pinning))
            return pinning
        }
        changesForServer?()
        return pinned
    }

    /// Mutes the chat for good, or unmutes it; whether it is muted now (`now`: what "muted"
    /// means for a mute that ran out).
    @discardableResult
    public func toggleMuted(_ peerId: EnginePeer.Id, now: Int32) throws -> Bool {
        let muted = try postbox.transaction(durable: true) { t -> Bool in
            var settings = try t.notificationSettings(peerId) ?? .defaultSettings
            let muting = !settings.isMuted(at: now)
            settings.muteUntil = muting ? Int32.max : 0
            try t.setNotificationSettings(peerId, settings)
            try t.recordForServer(.muteChat(peerId))
            return muting
        }
        changesForServer?()
        return muted
    }
}

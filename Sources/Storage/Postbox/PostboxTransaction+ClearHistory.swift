import KeyValueStore

/// A chat's whole history deleted here (Telegram's clearHistory and removePeerChat): its messages
/// go as deleteMessages takes them (unread counts, counters, the search index and pins follow),
/// and so do its holes: nothing of it is left to fetch. A chat deleted also leaves the list (its
/// pin with it); a message that comes later brings it back, as on Telegram.
extension PostboxTransaction {
    /// Deletes every message of the chat, both namespaces. Returns how many there were and the
    /// newest cloud id it knew of (stored, or above a hole): what the server is asked to delete up to.
    @discardableResult
    public func clearHistory(_ peerId: PeerId) throws -> (count: Int, newestCloudId: Int32) {
        var count = 0
        var newest = try historyHoles(peerId).first.map { $0.upperBound &+ 1 } ?? 0
        while true {
            let page = try historyMessages(peerId, before: nil, limit: Self.clearPage)
            newest = max(newest, page.lazy.filter { $0.id.namespace == MessageId.cloudNamespace }.map(\.id.id).max() ?? 0)
            let deleted = try deleteMessages(page.map(\.id))
            count += deleted.count
            if deleted.isEmpty { break }
        }
        try fillHistoryHole(peerId, Int32.min ... Int32.max)
        // No hole is left, so nothing the server counted is unseen.
        try setServerUnreadCount(peerId, 0)
        return (count, newest)
    }

    /// Takes the chat's row out of the list, and its draft; its history is not touched.
    public func removeFromChatList(_ peerId: PeerId) throws {
        if let entry = try chatListKey(peerId) { try valueBox.remove(PostboxTable.chatList, entry.key) }
        try valueBox.remove(PostboxTable.chatListIndex, PostboxKeys.peer(peerId))
        try setDraft(peerId, nil)
    }

    private static let clearPage = 500
}

/// One chat a picker offers.
public struct PickableChat: Sendable {
    public let peer: Peer
    public let pinned: Bool
}

extension PostboxTransaction {
    /// The chats Telegram's pickers offer (the share sheet, the widget's options): the top of the
    /// chat list, pinned first, or search results — never secret chats or deleted accounts and,
    /// for a picker that sends (`writable`), none the account cannot write to (a channel it only
    /// reads, a group it left).
    public func pickableChats(query: String?, recent: Int = 50, searchLimit: Int = 30, writable: Bool = false) throws -> [PickableChat] {
        if let query {
            return try searchPeers(matching: query, limit: searchLimit).compactMap { peer in
                guard !writable || peer.writeRestriction == nil else { return nil }
                return PickableChat(peer: peer, pinned: try chatListKey(peer.id)?.pinningIndex != nil)
            }
        }
        return try topChatListEntries(count: recent).compactMap { entry in
            guard let peer = entry.peer, !peer.isSecretChat, !peer.isDeleted, !writable || peer.writeRestriction == nil else { return nil }
            return PickableChat(peer: peer, pinned: entry.pinningIndex != nil)
        }
    }
}

/// One chat a picker offers.
public struct PickableChat: Sendable {
    public let peer: Peer
    public let pinned: Bool
}

extension PostboxTransaction {
    /// The chats Telegram's pickers offer (the share sheet, the widget's options): the top of the
    /// chat list, pinned first, or search results — never secret chats or deleted accounts.
    public func pickableChats(query: String?, recent: Int = 50, searchLimit: Int = 30) throws -> [PickableChat] {
        if let query {
            return try searchPeers(matching: query, limit: searchLimit).map {
                PickableChat(peer: $0, pinned: try chatListKey($0.id)?.pinningIndex != nil)
            }
        }
        return try topChatListEntries(count: recent).compactMap { entry in
            guard let peer = entry.peer, !peer.isSecretChat, !peer.isDeleted else { return nil }
            return PickableChat(peer: peer, pinned: entry.pinningIndex != nil)
        }
    }
}

import Storage
import TelegramApi

/// Chats whose last message here went with the server's deletions (the other side deleted a
/// private chat for both, another of the account's devices deleted it): asked of the server with
/// messages.getPeerDialogs, as Telegram Desktop asks (requestDialogEntry) when deletions take the
/// message its list shows. One the server has no dialog of leaves the list; one it has (older
/// messages not fetched here) comes back with its top message. A chat emptied here by the
/// person (Clear History) keeps its row: its deletions are not the server's.
extension AccountStateManager {
    /// The chats among `deleted`'s that are in the list with no message left.
    static func emptied(by deleted: [MessageId], in t: PostboxTransaction) throws -> Set<PeerId> {
        try Set(deleted.map(\.peerId)).filter { try isEmptyRow($0, in: t) }
    }

    /// A row in the list with no message behind it.
    private static func isEmptyRow(_ chat: PeerId, in t: PostboxTransaction) throws -> Bool {
        try t.chatListKey(chat) != nil && t.historyMessages(chat, before: nil, limit: 1).isEmpty
    }

    /// Asks the server about the chats emptied since the last call; how many rows went or came
    /// back. Throws (keeping them for the next call) when the server cannot be asked.
    @discardableResult
    public func checkEmptiedChats() throws -> Int {
        guard !emptiedChats.isEmpty else { return 0 }
        let peers = InputPeers(postbox: postbox, accountPeer: accountPeer)
        let asked = emptiedChats.sorted { $0.id < $1.id }.compactMap { chat in (try? peers.peer(chat)).map { (chat, $0) } }
        guard !asked.isEmpty else {
            emptiedChats = []
            return 0
        }
        let answer = try client.invoke(Api.functions.messages.GetPeerDialogs(peers: asked.map { .inputDialogPeer(peer: $0.1) }), timeout: timeout)
        guard case .peerDialogs(let dialogs, let messages, let chats, let users, _) = answer else { return 0 }
        let kept = Set(dialogs.compactMap { dialog -> PeerId? in
            guard case .dialog(_, _, _, let peer, _, _, _, _, _, _, _, _, _, _, _) = dialog else { return nil }
            return ServerObjects.chatPeer(peer)
        })
        let changed = try postbox.transaction { t -> Int in
            _ = try ServerObjects.store(users, in: t)
            _ = try ServerObjects.store(chats, in: t)
            var changed = 0
            for (chat, _) in asked where !kept.contains(chat) {
                // Only if still empty (a message may have come meanwhile), and not with a draft the
                // person is writing there: that keeps the row, as it keeps Telegram's.
                guard try Self.isEmptyRow(chat, in: t), try t.draft(chat) == nil else { continue }
                try t.removeFromChatList(chat)
                changed += 1
            }
            let holes = try Self.holes(below: dialogs, in: t)
            let tops = try messages.compactMap { ServerObjects.message($0, accountPeer: accountPeer) }.map { try ServerObjects.named($0, in: t) }
                .filter { try t.message($0.id) == nil }
            if !tops.isEmpty {
                try t.addMessages(tops)
                try t.recordServerMessageChats(tops.map(\.id))
                changed += tops.count
            }
            for (chat, range) in holes { try t.addHistoryHole(chat, range) }
            return changed
        }
        logger.info("emptied chats asked of the server", metadata: ["asked": "\(asked.count)", "kept": "\(kept.count)", "changed": "\(changed)"])
        emptiedChats = []
        return changed
    }
}

import MTProtoKit
import Storage
import TelegramApi

/// One page of a chat's history fetched into a hole (messages.getHistory from the hole's top
/// down, as Telegram's fetchMessageHistoryHole does): the messages and their authors stored, and
/// the ids the page covers no longer a hole, in one transaction. A short page is the start of
/// the chat: the rest of the hole holds nothing.
enum HistoryHoleFiller {
    static let pageSize: Int32 = 100

    /// Fills the top of the hole below `cursor` in `peerId`; how many messages came (0: none
    /// was missing there).
    static func fill(_ peerId: PeerId, below cursor: Int32, postbox: Postbox, client: MTProtoClient, accountPeer: PeerId,
                     timeout: Double) throws -> Int {
        guard let hole = try postbox.read({ try $0.historyHole(peerId, below: cursor) }) else { return 0 }
        let peer = try InputPeers(postbox: postbox, accountPeer: accountPeer).peer(peerId)
        let answer = try client.invoke(Api.functions.messages.GetHistory(peer: peer, offsetId: hole.upperBound &+ 1, offsetDate: 0, addOffset: 0,
                                                                          limit: pageSize, maxId: 0, minId: 0, hash: 0), timeout: timeout)
        let (messages, users): ([Api.Message], [Api.User])
        switch answer {
        case .messages(let list, _, let people), .messagesSlice(_, _, _, _, _, let list, _, let people),
             .channelMessages(_, _, _, _, let list, _, _, let people):
            (messages, users) = (list, people)
        case .messagesNotModified:
            (messages, users) = ([], [])
        }
        // Only what falls in the hole: a message already here keeps what this device added to
        // it (a fetched file), and a server that answers outside what was asked adds nothing.
        let stored = messages.compactMap { ServerObjects.message($0, accountPeer: accountPeer) }
            .filter { $0.id.peerId == peerId && $0.id.namespace == MessageId.cloudNamespace && hole.contains($0.id.id) }
        let lowest = messages.compactMap(ServerObjects.messageId).filter { hole.contains($0) }.min()
        let filled = messages.count < pageSize || lowest == nil ? hole : lowest! ... hole.upperBound
        try postbox.transaction { t in
            _ = try ServerObjects.store(users, in: t)
            let named = try stored.map { try ServerObjects.namingForward($0, in: t) }
            if !named.isEmpty {
                try t.addMessages(named)
                try t.recordServerMessageChats(named.map(\.id))
            }
            try t.fillHistoryHole(peerId, filled)
        }
        return stored.count
    }
}

import MTProtoKit
import Storage
import TelegramApi

/// One page of a chat's history fetched into a hole (messages.getHistory from the hole's top
/// down, as Telegram's fetchMessageHistoryHole does): the messages and their authors stored, and
/// the ids the page covers no longer a hole, in one transaction. The hole is filled to its
/// bottom only when the server says the answer is the whole chat (messages.messages) or an
/// empty page: a short slice may only be the server's limit, so the next page is asked for.
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
        let (messages, chats, users, whole): ([Api.Message], [Api.Chat], [Api.User], Bool)
        switch answer {
        case .messages(let list, let groups, let people):
            (messages, chats, users, whole) = (list, groups, people, true)
        case .messagesSlice(_, _, _, _, _, let list, let groups, let people), .channelMessages(_, _, _, _, let list, _, let groups, let people):
            (messages, chats, users, whole) = (list, groups, people, false)
        case .messagesNotModified:
            throw MTProtoError.badResult(method: "messages.getHistory", reason: "not modified, though no hash was given")
        }
        // Only what falls in the hole: a message already here keeps what this device added to
        // it (a fetched file), and a server that answers outside what was asked adds nothing.
        let stored = messages.compactMap { ServerObjects.message($0, accountPeer: accountPeer) }
            .filter { $0.id.peerId == peerId && $0.id.namespace == MessageId.cloudNamespace && hole.contains($0.id.id) }
        let lowest = messages.compactMap(ServerObjects.messageId).filter { hole.contains($0) }.min()
        let filled: ClosedRange<Int32>
        if whole || messages.isEmpty {
            filled = hole
        } else if let lowest {
            filled = lowest ... hole.upperBound
        } else {
            // Messages, none of them in what was asked: nothing is learnt, and asking again
            // would bring the same (the chat is asked for again after the failure's pause).
            throw MTProtoError.badResult(method: "messages.getHistory", reason: "no message below \(hole.upperBound &+ 1) in the page")
        }
        try postbox.transaction { t in
            _ = try ServerObjects.store(users, in: t)
            _ = try ServerObjects.store(chats, in: t)
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

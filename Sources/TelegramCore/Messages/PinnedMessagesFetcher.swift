import MTProtoKit
import Storage
import TelegramApi

/// A chat's pinned messages as the server has them (messages.search with
/// inputMessagesFilterPinned, as Telegram iOS fills a chat's pinned-message tag): a first sync
/// sees only a pinned top message, and a pin made before it is in no difference. The messages not
/// stored yet are stored with their authors (one in a hole stays out of the history's pages until
/// the hole is fetched) and the chat's pins become the server's list, in one transaction.
enum PinnedMessagesFetcher {
    /// At most this many: the newest pinned. With more, those known stay and these are added.
    static let limit: Int32 = 100

    /// Whether the chat's pins changed.
    static func fetch(_ peerId: PeerId, postbox: Postbox, client: MTProtoClient, accountPeer: PeerId, timeout: Double) throws -> Bool {
        let peer = try InputPeers(postbox: postbox, accountPeer: accountPeer).peer(peerId)
        let answer = try client.invoke(Api.functions.messages.Search(peer: peer, q: "", filter: .inputMessagesFilterPinned, minDate: 0, maxDate: 0,
                                                                     offsetId: 0, addOffset: 0, limit: limit, maxId: 0, minId: 0, hash: 0),
                                       timeout: timeout)
        let (list, chats, users, count): ([Api.Message], [Api.Chat], [Api.User], Int32?)
        switch answer {
        case .messages(let m, let c, let u): (list, chats, users, count) = (m, c, u, nil)
        case .messagesSlice(_, let total, _, _, _, let m, let c, let u): (list, chats, users, count) = (m, c, u, total)
        case .channelMessages(_, _, let total, _, let m, _, let c, let u): (list, chats, users, count) = (m, c, u, total)
        case .messagesNotModified:
            throw MTProtoError.badResult(method: "messages.search", reason: "not modified, though no hash was given")
        }
        // Only what the server marks pinned in this chat: an answer with anything else is not believed.
        let pinned = list.compactMap { ServerObjects.pinnedMessage($0, accountPeer: accountPeer) }
            .filter { $0.pinned && $0.message.id.peerId == peerId && $0.message.id.namespace == MessageId.cloudNamespace }
            .map(\.message)
        let whole = count.map { Int($0) <= pinned.count } ?? true
        return try postbox.transaction { t in
            _ = try ServerObjects.store(users, in: t)
            _ = try ServerObjects.store(chats, in: t)
            let missing = try pinned.filter { try t.message($0.id) == nil }.map { try ServerObjects.named($0, in: t) }
            if !missing.isEmpty {
                try t.addMessages(missing)
                try t.recordServerMessageChats(missing.map(\.id))
            }
            let before = try t.pinnedMessages(peerId)
            if whole {
                try t.setServerPinnedMessages(peerId, Set(pinned.map(\.id.id)))
            } else {
                for message in pinned.sorted(by: { $0.id.id > $1.id.id }) { try t.learnPinnedMessage(message.id) }
            }
            return try t.pinnedMessages(peerId) != before
        }
    }
}

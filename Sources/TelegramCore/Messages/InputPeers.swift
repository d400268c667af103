import Storage
import TelegramApi

/// A chat as the server accepts it from this account: the account itself, a user with the
/// access_hash the server gave with it, or a basic group by its id (core.telegram.org/api/peers).
struct InputPeers {
    let postbox: Postbox
    let accountPeer: PeerId

    /// Why a chat cannot be named to the server: sending again will not change it.
    struct Unnamable: Error, CustomStringConvertible {
        let reason: String
        var description: String { reason }
    }

    func peer(_ peerId: PeerId) throws -> Api.InputPeer {
        if peerId == accountPeer { return .inputPeerSelf }
        if peerId.namespace == .cloudGroup { return .inputPeerChat(chatId: peerId.id) }
        guard peerId.namespace == .cloudUser else { throw Unnamable(reason: "only private chats and basic groups reach the server yet") }
        guard let hash = try postbox.read({ try $0.accessHash(peerId) }) else {
            throw Unnamable(reason: "the server never introduced this user to the account (no access_hash)")
        }
        return .inputPeerUser(userId: peerId.id, accessHash: hash)
    }
}

extension InputPeers {
    /// A reply to a message of the same chat, as sendMessage and saveDraft name it.
    static func reply(to id: Int32) -> Api.InputReplyTo {
        .inputReplyToMessage(replyToMsgId: id, topMsgId: nil, replyToPeerId: nil, quoteText: nil, quoteEntities: nil, quoteOffset: nil,
                             monoforumPeerId: nil, todoItemId: nil)
    }
}

extension AccountUpdateState {
    /// After an answer that moved the account's pts (messages.affectedMessages, a sent message):
    /// the stored pts takes it when the answer is the next step from it; otherwise it stays, and
    /// a getDifference fills what lies between.
    static func advance(to pts: Int32, count: Int32, in t: PostboxTransaction) throws {
        guard var state = try read(t), state.pts + count == pts else { return }
        state.pts = pts
        try state.write(t)
    }
}

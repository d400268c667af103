import Storage
import TelegramApi

/// A chat as the server accepts it from this account: the account itself, a user or a channel
/// with the access_hash the server gave with it, or a basic group by its id
/// (core.telegram.org/api/peers).
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
        guard peerId.namespace == .cloudUser || peerId.namespace == .cloudChannel else {
            throw Unnamable(reason: "secret chats do not reach the server")
        }
        guard let hash = try postbox.read({ try $0.accessHash(peerId) }) else {
            throw Unnamable(reason: "the server never introduced this \(peerId.namespace == .cloudUser ? "user" : "channel") to the account (no access_hash)")
        }
        return peerId.namespace == .cloudUser ? .inputPeerUser(userId: peerId.id, accessHash: hash)
            : .inputPeerChannel(channelId: peerId.id, accessHash: hash)
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
    /// After an answer that moved the account's pts (messages.affectedMessages, a sent message),
    /// or a channel's (`chat` a channel: its own pts): the stored pts takes it when the answer is
    /// the next step from it; otherwise it stays, and a difference fills what lies between.
    static func advance(to pts: Int32, count: Int32, in t: PostboxTransaction, chat: PeerId? = nil) throws {
        if let chat, chat.namespace == .cloudChannel {
            if let stored = try t.channelPts(chat), stored + count == pts { try t.setChannelPts(chat, pts) }
            return
        }
        guard var state = try read(t), state.pts + count == pts else { return }
        state.pts = pts
        try state.write(t)
    }
}

extension InputPeers {
    /// A channel as channels.* requests name it.
    func channel(_ peerId: PeerId) throws -> Api.InputChannel {
        guard let channel = try postbox.read({ try ChannelUpdates.input(peerId, in: $0) }) else {
            throw Unnamable(reason: "the server never introduced this channel to the account (no access_hash)")
        }
        return channel
    }
}

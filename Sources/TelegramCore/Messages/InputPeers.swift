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

extension InputPeers {
    /// A channel as channels.* requests name it.
    func channel(_ peerId: PeerId) throws -> Api.InputChannel {
        guard let channel = try postbox.read({ try ChannelUpdates.input(peerId, in: $0) }) else {
            throw Unnamable(reason: "the server never introduced this channel to the account (no access_hash)")
        }
        return channel
    }
}

extension InputPeers {
    /// A user as a group's or a channel's member list names them.
    func user(_ peerId: PeerId) throws -> Api.InputUser {
        if peerId == accountPeer { return .inputUserSelf }
        guard peerId.namespace == .cloudUser else { throw Unnamable(reason: "only users can be members") }
        guard let hash = try postbox.read({ try $0.accessHash(peerId) }) else {
            throw Unnamable(reason: "the server never introduced this user to the account (no access_hash)")
        }
        return .inputUser(userId: peerId.id, accessHash: hash)
    }
}

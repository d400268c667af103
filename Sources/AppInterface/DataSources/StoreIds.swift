import TelegramCore
import TelegramUI

/// The screens' ids and the store's, one to one: a `ChatId` carries the packed peer id it came from.
extension EnginePeer.Id {
    var chatId: ChatId { ChatId(kind: chatKind, id: id, packed: toInt64()) }

    private var chatKind: ChatId.Kind {
        switch namespace {
        case .cloudUser: return .user
        case .cloudGroup: return .group
        case .cloudChannel: return .channel
        case .secretChat: return .secretChat
        default: return .other
        }
    }

    /// A one-to-one chat (a user or a secret chat): no sender names on its messages.
    var isUserLike: Bool { namespace == .cloudUser || namespace == .secretChat }
}

extension ChatId {
    var peerId: EnginePeer.Id { EnginePeer.Id(packed) }
}

extension EngineMessageIndex {
    var chatIndex: ChatMessage.Index { ChatMessage.Index(timestamp: timestamp, namespace: id.namespace, id: id.id) }
}

extension ChatMessage.Index {
    /// The store's index of this message in `chat`.
    func messageIndex(in chat: ChatId) -> EngineMessageIndex {
        EngineMessageIndex(id: EngineMessage.Id(peerId: chat.peerId, namespace: namespace, id: id), timestamp: timestamp)
    }
}

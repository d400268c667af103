import AppCore
import Storage
import TelegramUI

/// The chat's actions on its messages, through AppCore's MessageActions.
extension AccountContextHost {
    var actions: MessageActions { MessageActions(account: account) }

    private func ids(_ ids: [Int32], in chat: ChatId) -> [MessageId] { ids.map { MessageId(peerId: chat.peerId, id: $0) } }

    func send(_ text: String, entities: [MessageTextEntity], replyTo: Int32?, to chat: ChatId) throws -> [Int32] {
        try actions.send(text: text, entities: entities, replyTo: replyTo.map { MessageReply(id: $0) }, to: chat.peerId).map(\.id)
    }

    func edit(_ id: Int32, in chat: ChatId, text: String, entities: [MessageTextEntity]) throws {
        try actions.edit(MessageId(peerId: chat.peerId, id: id), text: text, entities: entities)
    }

    func delete(_ ids: [Int32], in chat: ChatId, scope: DeleteScope) throws {
        try actions.delete(self.ids(ids, in: chat), scope: scope)
    }

    func forward(_ ids: [Int32], from chat: ChatId, to target: ChatId) throws -> [Int32] {
        try actions.forward(self.ids(ids, in: chat), to: target.peerId).map(\.id)
    }

    func toggleReaction(_ emoji: String, on id: Int32, in chat: ChatId) throws {
        try actions.toggleReaction(emoji, on: MessageId(peerId: chat.peerId, id: id))
    }

    func setPinned(_ id: Int32, in chat: ChatId, pinned: Bool) throws {
        try actions.setPinned(MessageId(peerId: chat.peerId, id: id), pinned: pinned)
    }

    func saveDraft(_ draft: ChatDraft, in chat: ChatId) throws {
        try actions.saveDraft(chat.peerId, text: draft.text, entities: draft.entities, replyTo: draft.replyTo)
    }

    func draft(of chat: ChatId) throws -> ChatDraft? { try actions.draft(of: chat.peerId) }

    func pinnedMessageId(of chat: ChatId) throws -> Int32? { try actions.pinnedMessage(of: chat.peerId)?.id.id }

    func deleteOptions(_ ids: [Int32], in chat: ChatId) throws -> DeleteOptions {
        try actions.deleteOptions(for: self.ids(ids, in: chat))
    }

    func isOwn(_ id: Int32, in chat: ChatId) throws -> Bool { try actions.isOwn(MessageId(peerId: chat.peerId, id: id)) }

    func canEdit(_ id: Int32, in chat: ChatId) throws -> Bool { try actions.canEdit(MessageId(peerId: chat.peerId, id: id)) }

    var reactions: [String] { actions.reactions }
}

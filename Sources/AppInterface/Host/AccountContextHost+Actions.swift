import AppCore
import Messaging
import TelegramCore
import TelegramUI

extension AccountContextHost {
    func chatActions(log: InterfaceLog, clipboard: @escaping (String) -> Void) -> any ChatMessageActions {
        EngineChatActions(account: account, log: log, clipboard: clipboard)
    }

    func attachmentSource(wake: WakePipe, log: InterfaceLog) -> (any ChatAttachmentSource)? {
        FileAttachments(account: account, wake: wake, log: log)
    }
}

/// A chat's actions on its messages, through the engine's use cases (each one durable
/// transaction by main, then a word to the account's connection), in the screens' terms.
@MainActor
final class EngineChatActions: ChatMessageActions {
    let account: Account
    let log: InterfaceLog
    let clipboard: (String) -> Void

    init(account: Account, log: InterfaceLog, clipboard: @escaping (String) -> Void) {
        self.account = account
        self.log = log
        self.clipboard = clipboard
    }

    private var messages: TelegramEngine.Messages { account.engine.messages }

    private func ids(_ indices: [ChatMessage.Index], in chat: ChatId) -> [EngineMessage.Id] {
        indices.map { EngineMessage.Id(peerId: chat.peerId, namespace: $0.namespace, id: $0.id) }
    }

    func send(_ text: String, replyTo: ChatMessage.Index?, in chat: ChatId) throws {
        // Telegram's markdown (`**bold**`, `[text](url)`...) becomes the message's entities.
        let (plain, entities) = EngineMessageMarkdown.parse(text)
        try messages.send(text: plain, entities: entities, replyTo: replyTo.map { EngineMessageReply(id: $0.id, namespace: $0.namespace) }, to: chat.peerId)
        log.info("message sent from the interface", metadata: ["peer": "\(chat.packed)"])
    }

    func edit(_ message: ChatMessage.Index, text: String, in chat: ChatId) throws {
        let (plain, entities) = EngineMessageMarkdown.parse(text)
        try messages.edit(EngineMessage.Id(peerId: chat.peerId, namespace: message.namespace, id: message.id), text: plain, entities: entities)
    }

    func deleteChoices(for messages: [ChatMessage.Index], in chat: ChatId) throws -> [DeleteChoice] {
        let options = try self.messages.deleteOptions(for: ids(messages, in: chat))
        var choices: [DeleteChoice] = []
        // Telegram's sheet: "for me" first where there is one, "for everyone" (or, where it is the
        // only way, plain "Delete") after it.
        if options.forMe { choices.append(DeleteChoice(title: options.forEveryone ? "Delete for me" : "Delete", forEveryone: false)) }
        if options.forEveryone { choices.append(DeleteChoice(title: options.forMe ? "Delete for everyone" : "Delete", forEveryone: true)) }
        guard !choices.isEmpty else { throw MessageActionRefusal("these messages cannot be deleted here") }
        return choices
    }

    func delete(_ messages: [ChatMessage.Index], choice: DeleteChoice, in chat: ChatId) throws {
        try self.messages.delete(ids(messages, in: chat), scope: choice.forEveryone ? .forEveryone : .forMe)
    }

    func forwardTargets() throws -> [ForwardTarget] {
        // The chats a picker offers: no secret chats, no deleted accounts, none it cannot write to.
        let accountPeerId = try account.engine.peers.accountPeerId()
        return try account.engine.peers.pickableChats(query: nil, recent: 500, searchLimit: 0, writable: true).map { chat in
            ForwardTarget(chat: chat.peer.id.chatId,
                          title: chat.peer.id == accountPeerId ? EngineDataSources.savedMessagesTitle : chat.peer.displayTitle)
        }
    }

    func forward(_ messages: [ChatMessage.Index], from chat: ChatId, to target: ChatId) throws {
        try self.messages.forward(ids(messages, in: chat), to: target.peerId)
    }

    var reactions: [String] { messages.reactions }

    func toggleReaction(_ emoji: String, on message: ChatMessage.Index, in chat: ChatId) throws {
        try messages.toggleReaction(emoji, on: EngineMessage.Id(peerId: chat.peerId, namespace: message.namespace, id: message.id))
    }

    func setPinned(_ message: ChatMessage.Index?, in chat: ChatId) throws {
        try messages.setPinned(message.map { EngineMessage.Id(peerId: chat.peerId, namespace: $0.namespace, id: $0.id) }, in: chat.peerId)
    }

    func saveDraft(_ draft: ComposerDraft?, in chat: ChatId) throws {
        guard let draft, !draft.isEmpty else { return try messages.clearDraft(in: chat.peerId) }
        // What was typed, markdown and all, so it comes back as it was written.
        try messages.saveDraft(draft.text, replyTo: draft.replyTo.map { EngineMessageReply(id: $0.id, namespace: $0.namespace) }, in: chat.peerId)
    }

    func copy(_ text: String) { clipboard(text) }
}

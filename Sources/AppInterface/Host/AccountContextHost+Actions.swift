import AppCore
import Messaging
import Storage
import TelegramUI

extension AccountContextHost {
    func chatActions(log: InterfaceLog, clipboard: @escaping (String) -> Void) -> any ChatMessageActions {
        PostboxChatActions(account: account, log: log, clipboard: clipboard)
    }

    func attachmentSource(wake: WakePipe, log: InterfaceLog) -> (any ChatAttachmentSource)? {
        FileAttachments(account: account, wake: wake, log: log)
    }
}

/// A chat's actions on its messages, through Messaging's MessageActions (each one durable
/// transaction by main), in the screens' terms.
@MainActor
final class PostboxChatActions: ChatMessageActions {
    let account: AccountContext
    let log: InterfaceLog
    let clipboard: (String) -> Void

    init(account: AccountContext, log: InterfaceLog, clipboard: @escaping (String) -> Void) {
        self.account = account
        self.log = log
        self.clipboard = clipboard
    }

    private var actions: MessageActions { MessageActions(postbox: account.postbox) }

    private func ids(_ indices: [ChatMessage.Index], in chat: ChatId) -> [MessageId] {
        indices.map { MessageId(peerId: chat.peerId, namespace: $0.namespace, id: $0.id) }
    }

    func send(_ text: String, replyTo: ChatMessage.Index?, in chat: ChatId) throws {
        // Telegram's markdown (`**bold**`, `[text](url)`...) becomes the message's entities.
        let (plain, entities) = MessageMarkdown.parse(text)
        _ = try actions.send(text: plain, entities: entities, replyTo: replyTo.map { MessageReply(id: $0.id, namespace: $0.namespace) }, to: chat.peerId)
        account.changesForServer?()
        log.info("message sent from the interface", metadata: ["peer": "\(chat.packed)"])
    }

    func edit(_ message: ChatMessage.Index, text: String, in chat: ChatId) throws {
        let (plain, entities) = MessageMarkdown.parse(text)
        _ = try actions.edit(MessageId(peerId: chat.peerId, namespace: message.namespace, id: message.id), text: plain, entities: entities)
        account.changesForServer?()
    }

    func deleteChoices(for messages: [ChatMessage.Index], in chat: ChatId) throws -> [DeleteChoice] {
        let options = try actions.deleteOptions(for: ids(messages, in: chat))
        var choices: [DeleteChoice] = []
        // Telegram's sheet: "for me" first where there is one, "for everyone" (or, where it is the
        // only way, plain "Delete") after it.
        if options.forMe { choices.append(DeleteChoice(title: options.forEveryone ? "Delete for me" : "Delete", forEveryone: false)) }
        if options.forEveryone { choices.append(DeleteChoice(title: options.forMe ? "Delete for everyone" : "Delete", forEveryone: true)) }
        guard !choices.isEmpty else { throw MessageActionRefusal("these messages cannot be deleted here") }
        return choices
    }

    func delete(_ messages: [ChatMessage.Index], choice: DeleteChoice, in chat: ChatId) throws {
        _ = try actions.delete(ids(messages, in: chat), scope: choice.forEveryone ? .forEveryone : .forMe)
        account.changesForServer?()
    }

    func forwardTargets() throws -> [ForwardTarget] {
        // The chats a picker offers: no secret chats, no deleted accounts.
        let accountPeerId = try account.engine.peers.accountPeerId()
        return try account.engine.peers.pickableChats(query: nil, recent: 500, searchLimit: 0).map { chat in
            ForwardTarget(chat: chat.peer.id.chatId,
                          title: chat.peer.id == accountPeerId ? EngineDataSources.savedMessagesTitle : chat.peer.displayTitle)
        }
    }

    func forward(_ messages: [ChatMessage.Index], from chat: ChatId, to target: ChatId) throws {
        _ = try actions.forward(ids(messages, in: chat), to: target.peerId)
        account.changesForServer?()
    }

    var reactions: [String] { actions.reactions }

    func toggleReaction(_ emoji: String, on message: ChatMessage.Index, in chat: ChatId) throws {
        _ = try actions.toggleReaction(emoji, on: MessageId(peerId: chat.peerId, namespace: message.namespace, id: message.id))
        account.changesForServer?()
    }

    func setPinned(_ message: ChatMessage.Index?, in chat: ChatId) throws {
        if let message {
            _ = try actions.setPinned(MessageId(peerId: chat.peerId, namespace: message.namespace, id: message.id), pinned: true)
        } else if let pinned = try actions.pinnedMessage(of: chat.peerId) {
            _ = try actions.setPinned(pinned.id, pinned: false)
        }
        account.changesForServer?()
    }

    func saveDraft(_ draft: ComposerDraft?, in chat: ChatId) throws {
        defer { account.changesForServer?() }
        guard let draft, !draft.isEmpty else { return try actions.clearDraft(chat.peerId) }
        // What was typed, markdown and all, so it comes back as it was written.
        try actions.saveDraft(chat.peerId, text: draft.text, replyTo: draft.replyTo.map { MessageReply(id: $0.id, namespace: $0.namespace) })
    }

    func copy(_ text: String) { clipboard(text) }
}

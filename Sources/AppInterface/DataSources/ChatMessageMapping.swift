import TelegramCore
import TelegramUI

/// A stored message as the chat screen draws it, mapped from the engine's page: the replied
/// message (its author and first line) comes from what the page read with it, so mapping and
/// drawing never read. Media go through ChatMediaMapping.
struct ChatMessageMapping {
    let associated: EngineHistoryPage.Associated
    let media: ChatMediaMapping

    init(_ associated: EngineHistoryPage.Associated, mediaBox: EngineMediaBox, downloads: ServerFileDownloads? = nil) {
        self.associated = associated
        media = ChatMediaMapping(mediaBox: mediaBox, downloads: downloads)
    }

    func chatMessage(_ message: EngineMessage) -> ChatMessage {
        let extras = message.extras
        var content = ChatMessage.Content(
            reply: extras.replyTo.map { reply($0, in: message.id.peerId) },
            forward: extras.forward.map { ChatMessage.Forward(from: $0.from, savedFrom: $0.savedFrom, date: $0.date) },
            isEdited: extras.editTimestamp != nil, viaBot: extras.viaBotUsername, signature: extras.signature,
            isService: extras.isService, media: media.media(of: message),
            reactions: extras.reactions.map { ChatMessage.Reaction(emoji: $0.emoji, count: Int($0.count), isChosen: $0.isChosen) },
            buttons: extras.buttons.map { $0.map(\.text) })
        content.editedAt = extras.editTimestamp
        if case .message? = content.reply, let reply = extras.replyTo,
           let timestamp = associated.message(reply.target(in: message.id.peerId))?.index.timestamp {
            content.replyTarget = ChatMessage.Index(timestamp: timestamp, namespace: reply.namespace, id: reply.id)
        }
        var chat = ChatMessage(index: message.index.chatIndex, authorId: message.authorId?.chatId, text: serviceLine(of: message) ?? message.text,
                           isIncoming: message.isIncoming, kindName: message.contentKind.name, content: content,
                           entities: ChatTextEntityMapping.entities(extras.entities, in: message.text))
        if !message.isIncoming, !extras.entities.isEmpty, !extras.isService {
            chat.markdown = EngineMessageMarkdown.markdown(message.text, entities: extras.entities)
        }
        if let outgoing = extras.outgoing { chat.delivery = outgoing.failure.map { .failed($0) } ?? .sending }
        return chat
    }

    /// The replied message's author and first line (its summary when it is media), if it is here.
    private func reply(_ reply: EngineMessageReply, in chat: EnginePeer.Id) -> ChatMessage.Reply {
        if let other = reply.peerId, other != chat { return .otherChat }
        guard let replied = associated.message(reply.target(in: chat)) else { return .deleted }
        return .message(author: authorName(of: replied), text: MessagePreview.firstLine(replied.summaryText))
    }

    /// A pin's line naming the pinned message once it is here, as Telegram words the line when it
    /// draws it: the line stored with a pin from before the message came said "pinned a message".
    private func serviceLine(of message: EngineMessage) -> String? {
        guard let service = message.extras.service, service.action == "pin_message", let reply = message.extras.replyTo,
              let pinned = associated.message(reply.target(in: message.id.peerId)), let actor = authorName(of: message) else { return nil }
        return service.line(actor: actor, pinned: pinned)
    }

    /// "You" for the account's own message, else the sender's name, or the name the message kept.
    private func authorName(of message: EngineMessage) -> String? {
        if !message.isIncoming { return "You" }
        if let author = message.authorId, let peer = associated.peer(author) { return peer.displayTitle }
        return message.extras.authorName
    }
}

import Storage
import TelegramCore
import TelegramUI

/// A stored message as the chat screen draws it, mapped while its page is read, in the page's
/// transaction: the replied message is looked up by id then (its author and first line), so a
/// frame never reads. Media go through ChatMediaMapping.
struct ChatMessageMapping {
    let transaction: PostboxTransaction
    let media: ChatMediaMapping

    init(_ transaction: PostboxTransaction, mediaBox: MediaBox, downloads: ServerFileDownloads? = nil) {
        self.transaction = transaction
        media = ChatMediaMapping(mediaBox: mediaBox, downloads: downloads)
    }

    func chatMessage(_ message: Message) throws -> ChatMessage {
        let extras = message.extras
        var content = ChatMessage.Content(
            reply: try extras.replyTo.map { try reply($0, in: message.id.peerId) },
            forward: extras.forward.map { ChatMessage.Forward(from: $0.from, savedFrom: $0.savedFrom, date: $0.date) },
            isEdited: extras.editTimestamp != nil, viaBot: extras.viaBotUsername, signature: extras.signature,
            isService: extras.isService, media: media.media(of: message),
            reactions: extras.reactions.map { ChatMessage.Reaction(emoji: $0.emoji, count: Int($0.count), isChosen: $0.isChosen) },
            buttons: extras.buttons.map { $0.map(\.text) })
        content.editedAt = extras.editTimestamp
        if case .message? = content.reply, let reply = extras.replyTo,
           let timestamp = try transaction.message(reply.target(in: message.id.peerId))?.index.timestamp {
            content.replyTarget = ChatMessage.Index(timestamp: timestamp, namespace: reply.namespace, id: reply.id)
        }
        var chat = ChatMessage(index: message.index.chatIndex, authorId: message.authorId?.chatId, text: message.text,
                           isIncoming: message.isIncoming, kindName: message.contentKind.name, content: content,
                           entities: ChatTextEntityMapping.entities(extras.entities, in: message.text))
        if !message.isIncoming, !extras.entities.isEmpty, !extras.isService {
            chat.markdown = MessageMarkdown.markdown(message.text, entities: extras.entities)
        }
        if let outgoing = extras.outgoing { chat.delivery = outgoing.failure.map { .failed($0) } ?? .sending }
        return chat
    }

    /// The replied message's author and first line (its summary when it is media), if it is here.
    private func reply(_ reply: MessageReply, in chat: PeerId) throws -> ChatMessage.Reply {
        if let other = reply.peerId, other != chat { return .otherChat }
        guard let replied = try transaction.message(reply.target(in: chat)) else { return .deleted }
        return .message(author: try authorName(of: replied), text: MessagePreview.firstLine(MessageSummary.text(of: replied)))
    }

    /// "You" for the account's own message, else the sender's name, or the name the message kept.
    private func authorName(of message: Message) throws -> String? {
        if !message.isIncoming { return "You" }
        if let author = message.authorId, let peer = try transaction.peer(author) { return peer.displayTitle }
        return message.extras.authorName
    }
}

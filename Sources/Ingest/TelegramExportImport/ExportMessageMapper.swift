import Storage
import TelegramExport

/// An export message as a Postbox message: Telegram's id and date, the sender, the plain text and
/// what the message carries (MessageExtras), and what kind of content it shows.
public enum ExportMessageMapper {
    static func contentKind(_ message: ExportMessage) -> MessageContentKind {
        if message.isService { return message.action == "phone_call" || message.action == "conference_call" ? .call : .text }
        if let media = message.media { return MessageContentKind(fileKind: media.type) }
        switch message.attachment {
        case .location?: return .mapLocation
        case .poll?: return .poll
        default: return .text
        }
    }

    /// `availability`: where the message's file is (copied, left out by the export, or missing).
    static func extras(_ message: ExportMessage, file availability: MessageFile.Availability?, peerId: (ExportPeerRef) -> PeerId,
                       authorName: String?, vcard: String?) -> MessageExtras {
        var extras = MessageExtras(
            entities: message.entities.map {
                MessageTextEntity(type: $0.type, offset: Int32(clamping: $0.offset), length: Int32(clamping: $0.length), value: $0.value)
            },
            replyTo: message.reply.map { MessageReply(id: $0.id, peerId: $0.peer.map(peerId)) },
            forward: message.forward.map { MessageForward(from: $0.name, fromId: $0.fromId.map(peerId), savedFrom: $0.savedFrom) },
            editTimestamp: message.edited, viaBot: message.viaBot.map { String($0.drop { $0 == "@" }) }, signature: message.signature,
            buttons: message.buttons.map { $0.map { MessageButton(type: $0.type, text: $0.text, data: $0.data) } },
            authorName: authorName)
        if message.isService {
            extras.service = service(message)
            return extras
        }
        extras.reactions = message.reactions.map { reaction in
            switch reaction.type {
            case "paid": return MessageReaction(emoji: "⭐", count: reaction.count)
            case "custom_emoji": return MessageReaction(emoji: reaction.emoji ?? "", documentId: reaction.documentId, count: reaction.count)
            default: return MessageReaction(emoji: reaction.emoji ?? "", count: reaction.count)
            }
        }
        if let media = message.media, let availability {
            extras.media.append(.file(MessageFile(
                kind: media.type, fileName: media.fileName, mimeType: media.mimeType, size: media.fileSize, duration: media.duration,
                width: media.width, height: media.height, availability: availability, performer: media.performer, title: media.title,
                stickerEmoji: media.stickerEmoji, hasSpoiler: media.hasSpoiler, selfDestructSeconds: media.selfDestructSeconds)))
        }
        switch message.attachment {
        case .poll(let question, let answers, let total, let closed)?:
            extras.media.append(.poll(MessagePoll(question: question, answers: answers.map { .init(text: $0.text, voters: $0.voters, chosen: $0.chosen) },
                                                  totalVoters: total, isClosed: closed)))
        case .todo(let title, let items, let append, let complete)?:
            extras.media.append(.todo(MessageTodo(title: title, items: items.map { .init(id: $0.id, text: $0.text) },
                                                  othersCanAppend: append, othersCanComplete: complete)))
        case .contact(let first, let last, let phone, _)?:
            extras.media.append(.contact(MessageContact(firstName: first, lastName: last, phone: phone, vcard: vcard)))
        case .location(let latitude, let longitude, let title, let address, let live)?:
            extras.media.append(.location(MessageLocation(latitude: latitude, longitude: longitude, title: title, address: address,
                                                          livePeriod: live)))
        case .game(let title, let description, let link)?:
            extras.media.append(.game(MessageGame(title: title, description: description, link: link)))
        case .invoice(let title, let description, let amount, let currency)?:
            extras.media.append(.invoice(MessageInvoice(title: title, description: description, amount: amount, currency: currency)))
        case nil:
            break
        }
        return extras
    }

    /// A service action's value as the store keeps it: numbers, texts, lists of names, flags;
    /// anything else (an object, a list of numbers) as its JSON text, so it is still kept.
    static func serviceValue(_ value: JSONValue) -> MessageServiceAction.Value {
        switch value {
        case .integer(let v): return .integer(v)
        case .string(let s): return .text(s)
        case .bool(let b): return .flag(b)
        case .array(let items):
            let strings = items.compactMap { item -> String? in
                switch item {
                case .string(let s): return s
                case .null: return "someone"
                default: return nil
                }
            }
            if strings.count == items.count { return .list(strings) }
            return .text(JSONText.serialize(value))
        default: return .text(JSONText.serialize(value))
        }
    }

    /// A service message's text is the line it shows ("Ada created the group «Physics»").
    public static func text(_ message: ExportMessage) -> String {
        text(message, service: message.isService ? service(message) : nil)
    }

    /// The text, with the service action `extras` already made (not made twice per message).
    static func text(_ message: ExportMessage, service: MessageServiceAction?) -> String {
        service?.line(actor: message.fromName) ?? message.text
    }

    static func service(_ message: ExportMessage) -> MessageServiceAction {
        MessageServiceAction(action: message.action ?? "custom", fields: message.actionFields.map { ($0.key, serviceValue($0.value)) })
    }
}

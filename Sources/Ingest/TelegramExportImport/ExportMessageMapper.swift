import Storage
import TelegramExport

/// An export message as a Postbox message: Telegram's id and date, the sender, the plain text and
/// its entities, reply, forward, edit, the service line, and what kind of content it shows.
enum ExportMessageMapper {
    static func contentKind(_ message: ExportMessage) -> MessageContentKind {
        if message.isService { return message.action == "phone_call" ? .call : .text }
        guard let media = message.media else { return .text }
        switch media.type {
        case "photo": return .image
        case "video_file": return .video
        case "animation": return .gif
        case "audio_file": return .music
        case "voice_message": return .voiceMessage
        case "video_message": return .videoMessage
        case "sticker": return .sticker
        case "location", "venue": return .mapLocation
        case "poll": return .poll
        case "contact", "game", "invoice": return .text
        default: return .file
        }
    }

    static func extras(_ message: ExportMessage) -> MessageExtras {
        var extras = MessageExtras(
            entities: message.entities.map {
                MessageTextEntity(type: $0.type, offset: Int32(clamping: $0.offset), length: Int32(clamping: $0.length), value: $0.value)
            },
            replyTo: message.replyToMessageId.map { MessageReply(id: $0) }, forward: message.forwardedFrom.map { MessageForward(from: $0) },
            editTimestamp: message.edited, service: message.isService ? MessageServiceAction(action: message.action ?? "") : nil)
        if let media = message.media, case .excluded(let reason)? = media.file {
            extras.media = [.file(MessageFile(kind: media.type, fileName: media.fileName, mimeType: media.mimeType, size: media.fileSize,
                                              availability: .notIncluded(reason: reason)))]
        }
        return extras
    }

    static func text(_ message: ExportMessage) -> String {
        message.isService ? ServiceText.text(for: message) : message.text
    }
}

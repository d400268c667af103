import Storage
import TelegramApi

/// A message's formatting between the Postbox's entities (Telegram Desktop's export names,
/// which the composer's markdown also writes) and the server's MessageEntity constructors.
/// Offsets and lengths are UTF-16 units on both sides.
enum ServerEntities {
    /// nil when there are none (sendMessage leaves the field out).
    static func api(_ entities: [MessageTextEntity]) -> [Api.MessageEntity]? {
        let mapped = entities.compactMap(api)
        return mapped.isEmpty ? nil : mapped
    }

    static func api(_ e: MessageTextEntity) -> Api.MessageEntity? {
        let (o, l) = (e.offset, e.length)
        switch e.type {
        case "bold": return .messageEntityBold(offset: o, length: l)
        case "italic": return .messageEntityItalic(offset: o, length: l)
        case "underline": return .messageEntityUnderline(offset: o, length: l)
        case "strikethrough": return .messageEntityStrike(offset: o, length: l)
        case "code": return .messageEntityCode(offset: o, length: l)
        case "pre": return .messageEntityPre(offset: o, length: l, language: e.value ?? "")
        case "spoiler": return .messageEntitySpoiler(offset: o, length: l)
        case "blockquote": return .messageEntityBlockquote(collapsed: false, offset: o, length: l)
        case "text_link": return e.value.map { .messageEntityTextUrl(offset: o, length: l, url: $0) }
        // The server finds links, mentions, hashtags … in the text itself.
        default: return nil
        }
    }

    /// The entities of a message from the server that the Postbox keeps.
    static func stored(_ entities: [Api.MessageEntity]?) -> [MessageTextEntity] {
        (entities ?? []).compactMap { entity in
            switch entity {
            case .messageEntityBold(let o, let l): MessageTextEntity(type: "bold", offset: o, length: l)
            case .messageEntityItalic(let o, let l): MessageTextEntity(type: "italic", offset: o, length: l)
            case .messageEntityUnderline(let o, let l): MessageTextEntity(type: "underline", offset: o, length: l)
            case .messageEntityStrike(let o, let l): MessageTextEntity(type: "strikethrough", offset: o, length: l)
            case .messageEntityCode(let o, let l): MessageTextEntity(type: "code", offset: o, length: l)
            case .messageEntityPre(let o, let l, let language): MessageTextEntity(type: "pre", offset: o, length: l, value: language.isEmpty ? nil : language)
            case .messageEntitySpoiler(let o, let l): MessageTextEntity(type: "spoiler", offset: o, length: l)
            case .messageEntityBlockquote(_, let o, let l): MessageTextEntity(type: "blockquote", offset: o, length: l)
            case .messageEntityTextUrl(let o, let l, let url): MessageTextEntity(type: "text_link", offset: o, length: l, value: url)
            case .messageEntityUrl(let o, let l): MessageTextEntity(type: "link", offset: o, length: l)
            case .messageEntityMention(let o, let l): MessageTextEntity(type: "mention", offset: o, length: l)
            case .messageEntityHashtag(let o, let l): MessageTextEntity(type: "hashtag", offset: o, length: l)
            case .messageEntityEmail(let o, let l): MessageTextEntity(type: "email", offset: o, length: l)
            default: nil
            }
        }
    }
}

/// A message object as SerializeMessage writes it, read into ExportMessage: every key a message
/// has is read into its place or, for a service message, kept as its action's data; what is left
/// is counted as not kept.
extension ExportUnitDecoder {
    /// 2013-08-14, Telegram's first release.
    static let telegramLaunch: Int32 = 1_376_438_400

    /// nil for a message tdesktop itself could not export (`"type": "unsupported"`).
    mutating func message(_ object: JSONObject, offset: Int, chat: ExportChat) throws -> ExportMessage? {
        let head = ExportFields(object: object, what: "a message in chat \(chat.id)")
        guard let rawId = try head.integer("id") else { throw head.fail("'id' is missing") }
        let f = ExportFields(object: object, what: "message \(rawId) in chat \(chat.id)")
        guard let id = try f.messageId("id") else { throw f.fail("'id' is missing") }
        let type = try f.string("type")
        switch type {
        case "message", "service": break
        case "unsupported": return nil
        case nil: throw f.fail("'type' is missing")
        case let other?: throw f.fail("unknown message type \"\(other.prefix(40))\" (expected message or service)")
        }
        let isService = type == "service"
        guard let (date, dateIsLocal) = try instant(f, "date") else { throw f.fail("'date_unixtime' and 'date' are missing") }
        if dateIsLocal {
            localDates += 1
        } else if idStyle == .unknown {
            // date_unixtime came in 2022, after string ids (2021).
            idStyle = .prefixed
        }
        var edited = try instant(f, "edited")?.value
        // Until d0994019ca (2020-06) the writer put "edited" on every message, the epoch (in local
        // time) when it never was: no edit happened before Telegram existed.
        if let at = edited, at < Self.telegramLaunch { edited = nil }

        var message = ExportMessage(
            id: id, date: date, dateIsLocal: dateIsLocal, edited: edited, isService: isService, fromId: nil, fromName: nil,
            text: "", entities: [], offset: offset)
        let fromKey = isService && (f.has("actor") || f.has("actor_id")) ? "actor" : "from"
        message.fromId = try f.peer(fromKey + "_id", chat: chat, style: &idStyle)
        message.fromName = try f.string(fromKey)
        if let text = f.value("text") {
            (message.text, message.entities) = try ExportText.decode(text, fields: f, key: "text", unknown: &notKept)
        } else if let entities = f.value("text_entities") {
            (message.text, message.entities) = try ExportText.decode(entities, fields: f, key: "text_entities", unknown: &notKept)
        }

        if isService {
            message.action = try f.string("action")
            if message.action == "edit_group_photo" || message.action == "suggest_profile_photo" {
                message.media = try photo(f)
            }
            // Everything else the service line came with is its action's data.
            message.actionFields = f.unread
            return message
        }

        if f.allRead { return message }
        if let replyId = try f.messageId("reply_to_message_id") {
            message.reply = ExportReply(id: replyId, peer: try f.peer("reply_to_peer_id", chat: chat, style: &idStyle))
        }
        if f.has("forwarded_from") || f.has("forwarded_from_id") || f.has("saved_from") {
            message.forward = ExportForward(name: try f.string("forwarded_from"),
                                            fromId: try f.peer("forwarded_from_id", chat: chat, style: &idStyle),
                                            savedFrom: try f.string("saved_from"))
        }
        message.viaBot = try f.string("via_bot")
        message.signature = try f.string("author")
        message.media = try media(f)
        message.attachment = try attachment(f)
        message.reactions = try reactions(f)
        message.buttons = try buttons(f)
        f.countUnread(prefix: "message", into: &notKept)
        return message
    }
}

/// Turns one collected object of the export (a message, a contact, a profile picture, the
/// personal information) into its model, counting the keys it does not know.
struct ExportUnitDecoder {
    var unknown: [String: Int] = [:]

    static let messageKeys: Set<String> = [
        "id", "type", "date", "date_unixtime", "edited", "edited_unixtime", "from", "from_id", "actor", "actor_id",
        "action", "text", "text_entities", "reply_to_message_id", "reply_to_peer_id", "forwarded_from", "forwarded_from_id",
        "saved_from", "author", "via_bot", "photo", "photo_file_size", "width", "height", "file", "file_name", "file_size",
        "thumbnail", "thumbnail_file_size", "media_type", "mime_type", "duration_seconds", "sticker_emoji", "performer",
        "title", "self_destruct_period_seconds", "contact_information", "contact_vcard", "location_information",
        "live_location_period_seconds", "place_name", "address", "poll", "game_title", "game_description", "game_link",
        "invoice_information", "members", "message_id", "inviter", "discard_reason", "duration", "information_text",
        "score", "game_message_id", "amount", "currency", "invoice_message_id", "recurring", "reason_domain",
        "reason_app_id", "reason_app_name", "values", "to", "to_id", "distance", "period", "schedule_date", "emoticon",
        "cost", "months", "new_title", "new_icon_emoji_id", "button_id", "peer_id", "reactions", "inline_bot_buttons",
        "media_spoiler", "is_outgoing",
    ]
    /// Service details a service line may name.
    static let detailKeys = ["title", "members", "duration_seconds", "discard_reason", "information_text", "score",
                             "amount", "currency", "period", "new_title", "inviter", "emoticon"]

    /// nil for a message tdesktop itself could not export (`"type": "unsupported"`).
    mutating func message(_ object: JSONObject, offset: Int, chatId: Int64) throws -> ExportMessage? {
        let head = ExportFields(object: object, what: "a message in chat \(chatId)")
        guard let rawId = try head.integer("id") else { throw head.fail("'id' is missing") }
        let f = ExportFields(object: object, what: "message \(rawId) in chat \(chatId)")
        guard rawId >= 1 && rawId <= Int64(Int32.max) else { throw f.fail("'id' \(rawId) is out of range (1...\(Int32.max))") }
        let type = try f.string("type")
        switch type {
        case "message", "service": break
        case "unsupported": return nil
        case nil: throw f.fail("'type' is missing")
        case let other?: throw f.fail("unknown message type \"\(other.prefix(40))\" (expected message or service)")
        }
        f.countUnknown(known: Self.messageKeys, prefix: "message", into: &unknown)
        let isService = type == "service"
        guard let date = try f.unixTime("date_unixtime") ?? ExportDate.parse(try f.string("date")) else {
            throw f.fail("'date_unixtime' is missing")
        }
        var message = ExportMessage(
            id: Int32(rawId), date: date, edited: try f.unixTime("edited_unixtime"), isService: isService,
            fromId: try f.peer(isService ? "actor_id" : "from_id") ?? f.peer("from_id"),
            fromName: try f.string(isService ? "actor" : "from") ?? f.string("from"),
            text: "", entities: [], replyToMessageId: try f.messageId("reply_to_message_id"),
            forwardedFrom: try f.string("forwarded_from"), action: try f.string("action"), actionDetails: [:],
            media: try media(f), offset: offset)
        if let text = object["text"] {
            (message.text, message.entities) = try ExportText.decode(text, fields: f, key: "text", unknown: &unknown)
        } else if let entities = object["text_entities"] {
            (message.text, message.entities) = try ExportText.decode(entities, fields: f, key: "text_entities", unknown: &unknown)
        }
        if isService {
            for key in Self.detailKeys {
                switch object[key] {
                case .string(let s)?: message.actionDetails[key] = s
                case .integer(let v)?: message.actionDetails[key] = String(v)
                case .array(let items)?:
                    message.actionDetails[key] = items.map { if case .string(let s) = $0 { return s } else { return "someone" } }
                        .joined(separator: ", ")
                default: break
                }
            }
        }
        return message
    }

    private func media(_ f: ExportFields) throws -> ExportMedia? {
        if let photo = try f.file("photo") {
            return ExportMedia(type: "photo", file: photo, fileName: nil, fileSize: try f.count("photo_file_size"),
                               mimeType: "image/jpeg", thumbnail: nil)
        }
        if let file = try f.file("file") {
            return ExportMedia(type: try f.string("media_type") ?? "file", file: file, fileName: try f.string("file_name"),
                               fileSize: try f.count("file_size"), mimeType: try f.string("mime_type"),
                               thumbnail: try f.file("thumbnail"))
        }
        for (key, type) in [("poll", "poll"), ("location_information", "location"), ("contact_information", "contact"),
                            ("place_name", "venue"), ("game_title", "game"), ("invoice_information", "invoice")]
        where f.object[key] != nil {
            return ExportMedia(type: type, file: nil, fileName: nil, fileSize: nil, mimeType: nil, thumbnail: nil)
        }
        return nil
    }

    mutating func personalInformation(_ object: JSONObject) throws -> ExportPersonalInfo {
        let f = ExportFields(object: object, what: "personal_information")
        f.countUnknown(known: ["user_id", "first_name", "last_name", "phone_number", "username", "bio"],
                       prefix: "personal_information", into: &unknown)
        guard let userId = try f.integer("user_id") else { throw f.fail("'user_id' is missing") }
        guard ExportPeerRef.idRange.contains(userId) else { throw f.fail("'user_id' \(userId) is out of range") }
        return ExportPersonalInfo(userId: userId, firstName: try f.string("first_name") ?? "", lastName: try f.string("last_name") ?? "",
                                  phoneNumber: try f.string("phone_number") ?? "",
                                  username: try f.string("username").map { $0.hasPrefix("@") ? String($0.dropFirst()) : $0 })
    }

    mutating func contact(_ object: JSONObject) throws -> ExportContact {
        let f = ExportFields(object: object, what: "a contact")
        f.countUnknown(known: ["user_id", "first_name", "last_name", "phone_number", "date", "date_unixtime"],
                       prefix: "contact", into: &unknown)
        let userId = try f.integer("user_id")
        if let userId, !ExportPeerRef.idRange.contains(userId) { throw f.fail("'user_id' \(userId) is out of range") }
        return ExportContact(userId: userId, firstName: try f.string("first_name") ?? "", lastName: try f.string("last_name") ?? "",
                             phoneNumber: try f.string("phone_number") ?? "")
    }

    mutating func profilePicture(_ object: JSONObject) throws -> ExportProfilePicture {
        let f = ExportFields(object: object, what: "a profile picture")
        f.countUnknown(known: ["date", "date_unixtime", "photo"], prefix: "profile_picture", into: &unknown)
        guard let photo = try f.file("photo") else { throw f.fail("'photo' is missing") }
        return ExportProfilePicture(date: try f.unixTime("date_unixtime"), file: photo)
    }
}

/// `date` as older exports (without `date_unixtime`) write it: "2019-03-01T12:34:56", Qt's ISO
/// date in the exporting machine's local time, read here as UTC (the zone is not written).
enum ExportDate {
    static func parse(_ text: String?) -> Int32? {
        guard let text else { return nil }
        let digits = text.split(whereSeparator: { !$0.isNumber }).compactMap { Int($0) }
        guard digits.count == 6 else { return nil }
        let (y, mo, d, h, mi, s) = (digits[0], digits[1], digits[2], digits[3], digits[4], digits[5])
        guard (1970...2037).contains(y), (1...12).contains(mo), (1...31).contains(d), h < 24, mi < 60, s < 61 else { return nil }
        // Days from the civil date (Howard Hinnant's algorithm).
        let yy = mo <= 2 ? y - 1 : y
        let era = yy / 400
        let yoe = yy - era * 400
        let doy = (153 * (mo + (mo > 2 ? -3 : 9)) + 2) / 5 + d - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        let days = era * 146_097 + doe - 719_468
        return Int32(clamping: days * 86_400 + h * 3_600 + mi * 60 + s)
    }
}

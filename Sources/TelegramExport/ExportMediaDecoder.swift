/// A message's media, attachments, reactions and buttons as SerializeMessage writes them.
extension ExportUnitDecoder {
    func photo(_ f: ExportFields) throws -> ExportMedia? {
        guard let photo = try f.file("photo") else { return nil }
        return ExportMedia(type: "photo", file: photo, fileName: nil, fileSize: try f.count("photo_file_size"), mimeType: "image/jpeg",
                           thumbnail: nil, width: try f.count32("width"), height: try f.count32("height"),
                           hasSpoiler: try f.bool("media_spoiler") ?? false, selfDestructSeconds: try f.count32("self_destruct_period_seconds"))
    }

    func media(_ f: ExportFields) throws -> ExportMedia? {
        if let photo = try photo(f) { return photo }
        guard let file = try f.file("file") else { return nil }
        var media = ExportMedia(type: try f.string("media_type") ?? "file", file: file, fileName: try f.string("file_name"),
                                fileSize: try f.count("file_size"), mimeType: try f.string("mime_type"), thumbnail: try f.file("thumbnail"))
        f.markRead("thumbnail_file_size")
        media.duration = try f.count32("duration_seconds")
        media.width = try f.count32("width")
        media.height = try f.count32("height")
        media.performer = try f.string("performer")
        media.title = try f.string("title")
        media.stickerEmoji = try f.string("sticker_emoji")
        media.hasSpoiler = try f.bool("media_spoiler") ?? false
        media.selfDestructSeconds = try f.count32("self_destruct_period_seconds")
        return media
    }

    mutating func attachment(_ f: ExportFields) throws -> ExportAttachment? {
        if let poll = try f.object("poll") {
            var answers: [ExportAttachment.PollAnswer] = []
            for case let answer in try poll.array("answers") ?? [] {
                guard case .object(let o) = answer else { throw poll.fail("an answer should be an object") }
                let a = ExportFields(object: o, what: poll.what + ", an answer")
                answers.append(.init(text: try a.plainText("text", unknown: &notKept) ?? "", voters: try a.count32("voters") ?? 0,
                                     chosen: try a.bool("chosen") ?? false))
                a.countUnread(prefix: "poll.answer", into: &notKept)
            }
            let result = ExportAttachment.poll(question: try poll.plainText("question", unknown: &notKept) ?? "", answers: answers,
                                               totalVoters: try poll.count32("total_voters") ?? 0, closed: try poll.bool("closed") ?? false)
            poll.countUnread(prefix: "poll", into: &notKept)
            return result
        }
        if let todo = try f.object("todo_list") {
            var items: [ExportAttachment.TodoItem] = []
            // The writer names the items "answers" (SerializeMessage's TodoList case).
            for case let item in try todo.array("answers") ?? todo.array("items") ?? [] {
                guard case .object(let o) = item else { throw todo.fail("an item should be an object") }
                let i = ExportFields(object: o, what: todo.what + ", an item")
                items.append(.init(id: Int32(clamping: try i.integer("id") ?? Int64(items.count + 1)), text: try i.plainText("text", unknown: &notKept) ?? ""))
                i.countUnread(prefix: "todo_list.item", into: &notKept)
            }
            let result = ExportAttachment.todo(title: try todo.plainText("title", unknown: &notKept) ?? "", items: items,
                                               othersCanAppend: try todo.bool("others_can_append") ?? false,
                                               othersCanComplete: try todo.bool("others_can_complete") ?? false)
            todo.countUnread(prefix: "todo_list", into: &notKept)
            return result
        }
        if let contact = try f.object("contact_information") {
            let result = ExportAttachment.contact(firstName: try contact.string("first_name") ?? "", lastName: try contact.string("last_name") ?? "",
                                                  phone: try contact.string("phone_number") ?? "", vcard: try f.file("contact_vcard"))
            f.markRead("contact_vcard_file_size")
            contact.countUnread(prefix: "contact_information", into: &notKept)
            return result
        }
        let place = try f.string("place_name")
        if f.has("location_information") || place != nil {
            var latitude: Double?, longitude: Double?
            if let point = try f.object("location_information") {
                latitude = try point.double("latitude")
                longitude = try point.double("longitude")
                point.countUnread(prefix: "location_information", into: &notKept)
            }
            return .location(latitude: latitude, longitude: longitude, title: place, address: try f.string("address"),
                             livePeriod: try f.count32("live_location_period_seconds"))
        }
        if let title = try f.string("game_title") {
            return .game(title: title, description: try f.string("game_description") ?? "", link: try f.string("game_link"))
        }
        if let invoice = try f.object("invoice_information") {
            let result = ExportAttachment.invoice(title: try invoice.string("title") ?? "", description: try invoice.string("description") ?? "",
                                                  amount: try invoice.integer("amount") ?? 0, currency: try invoice.string("currency") ?? "")
            invoice.markRead("receipt_message_id")
            invoice.countUnread(prefix: "invoice_information", into: &notKept)
            return result
        }
        return nil
    }

    mutating func reactions(_ f: ExportFields) throws -> [ExportReaction] {
        var result: [ExportReaction] = []
        for item in try f.array("reactions") ?? [] {
            guard case .object(let o) = item else { throw f.fail("a reaction should be an object") }
            let r = ExportFields(object: o, what: f.what + ", a reaction")
            result.append(ExportReaction(type: try r.string("type") ?? "emoji", emoji: try r.string("emoji"),
                                         documentId: try r.string("document_id"), count: try r.count32("count") ?? 0))
            // Who reacted lately: names and dates the chat does not show.
            r.markRead("recent")
            r.countUnread(prefix: "reaction", into: &notKept)
        }
        return result
    }

    mutating func buttons(_ f: ExportFields) throws -> [[ExportButton]] {
        var rows: [[ExportButton]] = []
        for row in try f.array("inline_bot_buttons") ?? [] {
            guard case .array(let items) = row else { throw f.fail("a row of 'inline_bot_buttons' should be an array") }
            var buttons: [ExportButton] = []
            for item in items {
                guard case .object(let o) = item else { throw f.fail("a button should be an object") }
                let b = ExportFields(object: o, what: f.what + ", a button")
                let data = try b.string("data").flatMap { $0.isEmpty ? nil : $0 } ?? b.string("dataBase64")
                buttons.append(ExportButton(type: try b.string("type") ?? "default", text: try b.string("text") ?? "", data: data))
                b.markRead("forward_text", "button_id")
                b.countUnread(prefix: "inline_bot_button", into: &notKept)
            }
            rows.append(buttons)
        }
        return rows
    }
}

import FuzzSupport
import Ingest
import TelegramExport

/// A Telegram Desktop export's result.json, as `main import telegram-export` reads it: the stream
/// reader (yajl, the \xHH rewriting, the structure, the message decoder) and a service message's line.
/// Properties: any bytes end in a summary or a TelegramExportError, never a trap; an error's byte
/// offset lies inside the input; the same bytes fed in two pieces, split anywhere, give the same
/// parts and the same outcome (the same error, its offset aside) as fed whole: the \xHH rewriting
/// and yajl's state across chunks.
final class Recorder: TelegramExportConsumer {
    var parts: [String] = []
    func personalInformation(_ info: ExportPersonalInfo) { parts.append("me \(info.userId ?? 0)") }
    func profilePicture(_ picture: ExportProfilePicture) { parts.append("picture \(picture.file)") }
    func contact(_ contact: ExportContact) { parts.append("contact \(contact.userId ?? 0) \(contact.phoneNumber)") }
    func chatStarted(_ chat: ExportChat) { parts.append("chat \(chat.kind) \(chat.id)") }
    func message(_ message: ExportMessage, in chat: ExportChat) {
        parts.append("message \(chat.id)/\(message.id) \(message.text.utf8.count) \(message.entities.count) \(ExportMessageMapper.text(message).utf8.count)")
    }
    func chatEnded(_ chat: ExportChat) { parts.append("end \(chat.id)") }
}

func read(_ input: [UInt8], split: Int) -> (parts: [String], outcome: String) {
    let recorder = Recorder()
    let reader = TelegramExportReader(consumer: recorder)
    do {
        try input[..<split].withUnsafeBytes { try reader.feed($0) }
        try input[split...].withUnsafeBytes { try reader.feed($0) }
        let summary = try reader.finish()
        return (recorder.parts, "ok \(summary.bytes) \(summary.unsupportedMessages) \(summary.fieldsNotKept.count)")
    } catch let error as TelegramExportError {
        if let offset = error.offset {
            invariant(offset >= 0 && offset <= input.count, "error offset \(offset) outside \(input.count) bytes: \(error)")
        }
        // The offset may differ with the split: yajl names where it stopped, and a token cut by a
        // chunk's end is counted from the next chunk. The message must not.
        return (recorder.parts, "error \(error.message)")
    } catch {
        violated("not a TelegramExportError: \(error) for \(describe(input))")
    }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let input = fuzzBytes(start, count)
    let whole = read(input, split: input.count)
    let split = input.isEmpty ? 0 : Int(input[input.count / 2]) % (input.count + 1)
    let pieces = read(input, split: split)
    invariant(whole.parts == pieces.parts && whole.outcome == pieces.outcome,
              "split at \(split) read differently: \(whole.outcome) vs \(pieces.outcome) for \(describe(input))")
    return 0
}

@_cdecl("LLVMFuzzerInitialize")
public func initialize(_ argc: UnsafeMutableRawPointer, _ argv: UnsafeMutableRawPointer) -> CInt {
    Seeds.writeIfRequested {
        [
            ("single-chat.json", Array(#"{"name": "G", "type": "personal_chat", "id": 42, "messages": [{"id": 1, "type": "message", "date_unixtime": "1700000000", "from": "G", "from_id": "user42", "text": ["a ", {"type": "bold", "text": "b"}, {"type": "text_link", "text": "c", "href": "https://t.me"}], "text_entities": []}, {"id": 2, "type": "service", "date_unixtime": "1700000001", "actor": "G", "actor_id": "user42", "action": "phone_call", "duration_seconds": 5, "text": ""}, {"id": 3, "type": "unsupported"}]}"#.utf8)),
            ("escapes.json", Array(#"{"chats": {"list": [{"name": null, "type": "private_group", "id": 7, "messages": [{"id": 1, "type": "message", "date_unixtime": "1", "text": "tab\t\x0B\u2028"}]}]}}"#.utf8)),
            ("full.json", Array(#"{"about": "x", "personal_information": {"user_id": 1, "first_name": "A", "last_name": "B", "phone_number": "+1", "username": "@a"}, "profile_pictures": [{"date_unixtime": "1", "photo": "(Photo not included. Change data exporting settings to download.)"}], "contacts": {"about": "", "list": [{"user_id": 2, "first_name": "C", "last_name": "", "phone_number": "+2", "date_unixtime": "1"}]}, "frequent_contacts": {"list": []}, "left_chats": {"list": [{"name": "N", "type": "public_channel", "id": 1500000001, "messages": [{"id": 9, "type": "message", "date_unixtime": "5", "from_id": "channel1500000001", "photo": "chats/p.jpg", "text": ""}]}]}}"#.utf8)),
        ]
    }
    return 0
}

import Foundation
import Testing
@testable import Storage
@testable import TelegramExport

/// Collects what the reader hands out, in order, as lines that are easy to compare.
final class Recorder: TelegramExportConsumer {
    var events: [String] = []
    var messages: [ExportMessage] = []
    var contacts: [ExportContact] = []
    var info: ExportPersonalInfo?
    var pictures: [ExportProfilePicture] = []

    func personalInformation(_ info: ExportPersonalInfo) { self.info = info; events.append("me \(info.userId ?? 0)") }
    func profilePicture(_ picture: ExportProfilePicture) { pictures.append(picture); events.append("picture") }
    func contact(_ contact: ExportContact) { contacts.append(contact); events.append("contact \(contact.userId ?? 0)") }
    func chatStarted(_ chat: ExportChat) { events.append("chat \(chat.kind.rawValue) \(chat.id)\(chat.isLeft ? " left" : "")") }
    func message(_ message: ExportMessage, in chat: ExportChat) {
        messages.append(message)
        events.append("message \(chat.id)/\(message.id) \(message.isService ? "service" : "message") \(message.text)")
    }
    func chatEnded(_ chat: ExportChat) { events.append("end \(chat.id)") }
}

/// Reads `json` fed in pieces of `chunk` bytes.
func read(_ json: String, chunk: Int = 1 << 20, zone: ZoneInfo = .fixed(seconds: 0)) throws -> (Recorder, TelegramExportReadSummary) {
    let recorder = Recorder()
    let reader = TelegramExportReader(consumer: recorder, zone: zone)
    let bytes = Array(json.utf8)
    var start = 0
    while start < bytes.count {
        let end = min(bytes.count, start + chunk)
        try bytes[start..<end].withUnsafeBytes { try reader.feed($0) }
        start = end
    }
    return (recorder, try reader.finish())
}

func failure(_ json: String, chunk: Int = 1 << 20) -> TelegramExportError? {
    do {
        _ = try read(json, chunk: chunk)
        return nil
    } catch let error as TelegramExportError {
        return error
    } catch {
        Issue.record("not a TelegramExportError: \(error)")
        return nil
    }
}

/// An export in JsonWriter's layout (keys, nesting and value types as export_output_json.cpp writes them).
private let fullExport = #"""
{
 "about": "Here is the data you requested.",
 "personal_information": {
  "user_id": 777,
  "first_name": "Ada",
  "last_name": "Lovelace",
  "phone_number": "+1 555 010 0001",
  "username": "@ada",
  "bio": "Analytical"
 },
 "profile_pictures": [
  {
   "date": "2023-11-14T22:11:40",
   "date_unixtime": "1699999900",
   "photo": "profile_pictures/photo_1@14-11-2023_22-11-40.jpg"
  }
 ],
 "contacts": {
  "about": "This is your contact list.",
  "list": [
   {
    "user_id": 42,
    "first_name": "Grace",
    "last_name": "Hopper",
    "phone_number": "+1 555 020 0042",
    "date": "2023-11-14T21:56:40",
    "date_unixtime": "1699999000"
   },
   {
    "date": "2023-11-14T21:56:40",
    "date_unixtime": "1699999000"
   }
  ]
 },
 "frequent_contacts": {
  "about": "Frequent contacts.",
  "list": [{"id": 42, "category": "people", "type": "user", "name": "Grace", "rating": 1.5}]
 },
 "chats": {
  "about": "This page lists all chats from this export.",
  "list": [
   {
    "name": "Grace Hopper",
    "type": "personal_chat",
    "id": 42,
    "messages": [
     {
      "id": 1,
      "type": "message",
      "date": "2023-11-14T22:13:20",
      "date_unixtime": "1700000000",
      "edited": "2023-11-14T22:14:20",
      "edited_unixtime": "1700000060",
      "from": "Grace Hopper",
      "from_id": "user42",
      "text": "plain \u2028 and a tab\there\x0B!",
      "text_entities": [{"type": "plain", "text": "plain"}]
     },
     {
      "id": 2,
      "type": "message",
      "date": "2023-11-14T22:15:00",
      "date_unixtime": "1700000100",
      "from": "Ada Lovelace",
      "from_id": "user777",
      "reply_to_message_id": 1,
      "forwarded_from": "Barbara Liskov",
      "text": ["😀 ", {"type": "bold", "text": "bold"}, " ", {"type": "text_link", "text": "site", "href": "https://telegram.org"},
               " ", {"type": "mention_name", "text": "Grace", "user_id": 42}, {"type": "pre", "text": "let x", "language": "swift"},
               {"type": "custom_emoji", "text": "👍", "document_id": "5368324170671202286"}],
      "text_entities": []
     },
     {
      "id": 3,
      "type": "service",
      "date_unixtime": "1700000200",
      "actor": "Grace Hopper",
      "actor_id": "user42",
      "action": "phone_call",
      "duration_seconds": 42,
      "discard_reason": "hangup",
      "text": "",
      "text_entities": []
     },
     {
      "id": 4,
      "type": "unsupported"
     },
     {
      "id": 5,
      "type": "message",
      "date_unixtime": "1700000300",
      "from": "Grace Hopper",
      "from_id": "user42",
      "file": "(File not included. Change data exporting settings to download.)",
      "file_name": "report.pdf",
      "file_size": 123456,
      "thumbnail": "(File not included. Change data exporting settings to download.)",
      "mime_type": "application/pdf",
      "reactions": [{"type": "emoji", "count": 1, "emoji": "👍"}],
      "text": "",
      "text_entities": []
     }
    ]
   },
   {
    "name": "Physics",
    "type": "private_group",
    "id": 9001,
    "messages": []
   }
  ]
 },
 "left_chats": {
  "about": "Chats you left.",
  "list": [
   {
    "name": "News",
    "type": "public_channel",
    "id": 1500000001,
    "messages": [
     {
      "id": 10,
      "type": "message",
      "date_unixtime": "1700000400",
      "from": "News",
      "from_id": "channel1500000001",
      "photo": "chats/chat_002/photos/photo_10@14-11-2023.jpg",
      "photo_file_size": 2048,
      "width": 640,
      "height": 480,
      "text": "caption"
     }
    ]
   }
  ]
 }
}
"""#

@Suite("Telegram Desktop export reader")
struct TelegramExportReaderTests {
    @Test("A full export: personal information, pictures, contacts, chats and left chats, in file order")
    func fullExport() throws {
        let (r, summary) = try read(TelegramExportReaderTests_fullExport)
        #expect(r.events == [
            "me 777", "picture", "contact 42", "contact 0",
            "chat personal_chat 42",
            "message 42/1 message plain \u{2028} and a tab\there\u{0B}!",
            "message 42/2 message 😀 bold site Gracelet x👍",
            "message 42/3 service ",
            "message 42/5 message ",
            "end 42",
            "chat private_group 9001", "end 9001",
            "chat public_channel 1500000001 left", "message 1500000001/10 message caption", "end 1500000001",
        ])
        #expect(summary.unsupportedMessages == 1)
        // Every field of a message, a contact, a picture or the account is kept; the ranking of
        // frequent contacts has no place here, and the report says so.
        #expect(summary.fieldsNotKept == ["export.frequent_contacts": 1], "\(summary.fieldsNotKept)")
        #expect(!summary.isSingleChat)
        #expect(r.info?.username == "ada")
        #expect(r.pictures.first?.file == .included(relativePath: "profile_pictures/photo_1@14-11-2023_22-11-40.jpg"))
        let first = r.messages[0]
        #expect(first.date == 1_700_000_000 && first.edited == 1_700_000_060)
        #expect(first.fromId == ExportPeerRef(kind: .user, id: 42) && first.fromName == "Grace Hopper")
        let second = r.messages[1]
        #expect(second.reply == ExportReply(id: 1, peer: nil) && second.forward?.name == "Barbara Liskov")
        // Offsets in UTF-16 units: "😀 " is three, "👍" two.
        #expect(second.entities == [
            ExportTextEntity(type: "bold", offset: 3, length: 4, value: nil),
            ExportTextEntity(type: "text_link", offset: 8, length: 4, value: "https://telegram.org"),
            ExportTextEntity(type: "mention_name", offset: 13, length: 5, value: "42"),
            ExportTextEntity(type: "pre", offset: 18, length: 5, value: "swift"),
            ExportTextEntity(type: "custom_emoji", offset: 23, length: 2, value: "5368324170671202286"),
        ])
        let call = r.messages[2]
        #expect(call.isService && call.action == "phone_call" && call.actionText("duration_seconds") == "42")
        let file = r.messages[3]
        #expect(file.media?.file == .excluded(reason: "(File not included. Change data exporting settings to download.)"))
        #expect(file.media?.fileName == "report.pdf" && file.media?.fileSize == 123_456 && file.media?.type == "file")
        let photo = r.messages[4]
        #expect(photo.media?.type == "photo" && photo.media?.file == .included(relativePath: "chats/chat_002/photos/photo_10@14-11-2023.jpg"))
        #expect(photo.fromId == ExportPeerRef(kind: .channel, id: 1_500_000_001))
    }

    @Test("The same events whatever the chunk size, \\x escapes split across chunks included")
    func chunking() throws {
        let (whole, _) = try read(TelegramExportReaderTests_fullExport)
        for chunk in [1, 2, 3, 7, 64, 1000] {
            let (pieces, _) = try read(TelegramExportReaderTests_fullExport, chunk: chunk)
            #expect(pieces.events == whole.events, "chunk \(chunk)")
        }
    }

    @Test("A single-chat export: one chat object at the root")
    func singleChat() throws {
        let json = #"{"name": "Grace", "type": "personal_chat", "id": 42, "messages": [{"id": 7, "type": "message", "date_unixtime": "1700000000", "from": "Grace", "from_id": "user42", "text": "hi"}]}"#
        let (r, summary) = try read(json)
        #expect(summary.isSingleChat)
        #expect(r.events == ["chat personal_chat 42", "message 42/7 message hi", "end 42"])
    }

    @Test("Every chat type maps to its namespace")
    func chatKinds() {
        let kinds = Dictionary(uniqueKeysWithValues: ExportChat.Kind.allCases.map { ($0.rawValue, $0.peerKind) })
        #expect(kinds["personal_chat"] == .user && kinds["bot_chat"] == .user && kinds["saved_messages"] == .user)
        #expect(kinds["private_group"] == .chat)
        for name in ["private_supergroup", "public_supergroup", "private_channel", "public_channel"] { #expect(kinds[name] == .channel) }
    }

    @Test("Unknown but well-formed fields are skipped and counted as not kept")
    func unknownFields() throws {
        let json = #"{"future_section": {"a": [1, 2, {"b": null}]}, "chats": {"list": [{"name": "G", "type": "personal_chat", "id": 42, "colour": "red", "messages": [{"id": 1, "type": "message", "date_unixtime": "1700000000", "from_id": "user42", "text": "x", "new_thing": {"deep": [1]}}, {"id": 2, "type": "message", "date_unixtime": "1700000001", "text": "y", "new_thing": 5}]}]}}"#
        let (r, summary) = try read(json)
        #expect(r.messages.count == 2)
        #expect(summary.fieldsNotKept == ["export.future_section": 1, "chat.colour": 1, "message.new_thing": 2])
    }

    @Test("Bad input: an error naming the byte offset, never a crash")
    func badInput() throws {
        let truncated = String(TelegramExportReaderTests_fullExport.prefix(1500))
        let cut = try #require(failure(truncated))
        #expect(cut.offset == truncated.utf8.count, "\(cut)")
        #expect(cut.description.contains("premature EOF"), "\(cut)")

        #expect(failure("[1, 2]")?.description == "byte 1: not a Telegram Desktop export: the file should hold one JSON object, it begins with an array")
        #expect(failure("")?.message.contains("empty") == true)
        #expect(failure(#"{"a": 1}"#)?.message.contains("not a Telegram Desktop export") == true)
        #expect(failure("not json at all").map { (0...2).contains($0.offset ?? -1) } == true, "yajl stops at the first letter it cannot read")

        let prefix = #"{"chats": {"list": [{"name": "G", "type": "personal_chat", "id": 42, "messages": ["#
        let offset = prefix.utf8.count
        let cases: [(String, String)] = [
            (#"{"id": "seven", "type": "message", "date_unixtime": "1"}"#, "'id' should be an integer, not a string"),
            (#"{"id": 5000000000, "type": "message", "date_unixtime": "1"}"#, "'id' 5000000000 is not a message id"),
            (#"{"id": 1, "type": "sticker", "date_unixtime": "1"}"#, "unknown message type \"sticker\""),
            (#"{"id": 1, "type": "message", "date_unixtime": "yesterday"}"#, "'date_unixtime' should be a Unix time"),
            (#"{"id": 1, "type": "message", "date_unixtime": "1", "from_id": "robot7"}"#, "'from_id' should be user…, chat… or channel…"),
            (#"{"id": 1, "type": "message", "date_unixtime": "1", "from_id": "user99999999999999999"}"#, "'from_id' should be user…"),
            (#"{"id": 1, "type": "message", "date_unixtime": "1", "text": 5}"#, "'text' should be a string or an array"),
            (#"{"id": 1, "type": "message", "date_unixtime": "1", "text": [{"text": "no type"}]}"#, "'type' is missing"),
            (#"{"id": 1, "type": "message", "date_unixtime": "1", "reply_to_message_id": 0}"#, "'reply_to_message_id' 0 is not a message id"),
        ]
        for (message, expected) in cases {
            let error = try #require(failure(prefix + message + "]}]}}"), "accepted: \(message)")
            #expect(error.offset == offset, "\(error)")
            #expect(error.message.contains(expected), "\(error)")
            #expect(error.message.contains("chat 42"), "\(error)")
        }
        #expect(failure(#"{"chats": {"list": [{"name": "G", "type": "secret_chat", "id": 42, "messages": []}]}}"#)?.message
            .contains("not one Telegram Desktop writes") == true)
        #expect(failure(#"{"chats": {"list": [{"name": "G", "type": "personal_chat", "id": 0, "messages": []}]}}"#)?.message
            .contains("out of range") == true)
        #expect(failure(#"{"chats": {"list": [{"name": "G", "id": 4, "messages": []}]}}"#)?.message.contains("no 'type'") == true)
        #expect(failure(#"{"chats": [1, 2]}"#)?.message == "'chats' should be an object, not an array")
        #expect(failure(#"{"chats": {"list": [{"name": "G", "type": "personal_chat", "id": 4, "messages": [1]}]}}"#)?.message
            .contains("should be an object") == true)
        let deep = String(repeating: "[", count: 100) + String(repeating: "]", count: 100)
        #expect(failure(prefix + #"{"id": 1, "type": "message", "date_unixtime": "1", "x": "# + deep + "}]}]}}")?.message
            .contains("nested more than") == true)
        #expect(failure(#"{"chats": {"list": []}} trailing"#) != nil)
        // A message far larger than any Telegram message: refused, not held.
        let wide = "[" + Array(repeating: "1", count: JSONTreeBuilder.maxValues + 1).joined(separator: ",") + "]"
        #expect(failure(prefix + #"{"id": 1, "type": "message", "date_unixtime": "1", "x": "# + wide + "}]}]}}")?.message
            .contains("more than \(JSONTreeBuilder.maxValues) values") == true)
        let long = String(repeating: "a", count: JSONTreeBuilder.maxStringBytes / 2 + 1)
        #expect(failure(prefix + #"{"id": 1, "type": "message", "date_unixtime": "1", "a": ""# + long + #"", "b": ""# + long + #""}]}]}}"#)?
            .message.contains("MiB of text") == true)
        // A value yajl would have to hold whole, in a field that is skipped: refused at its start
        // once it runs past the limit at a chunk's end, never buffered to its own end.
        let head = #"{"about": "x", "unknown_field": ""#
        let endless = head + String(repeating: "b", count: JSONStream.longestValue + 2 << 20) + #"", "chats": {"list": []}}"#
        let huge = try #require(failure(endless))
        #expect(huge.message.contains("more than \(JSONStream.longestValue >> 20) MiB"), "\(huge)")
        #expect(huge.offset.map { $0 <= head.utf8.count } == true, "\(huge)")
    }

    @Test("Old exports' ISO dates (no date_unixtime) are wall-clock times")
    func isoDates() {
        #expect(ExportDate.parse("2023-11-14T22:13:20") == 1_700_000_000)
        #expect(ExportDate.parse("1970-01-01T00:00:00") == 0)
        #expect(ExportDate.parse("garbage") == nil)
        #expect(ExportDate.parse("2023-02-30T00:00:00") == nil)
    }
}

private let TelegramExportReaderTests_fullExport = fullExport


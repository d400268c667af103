import Formats
import Testing
@testable import Storage

@Suite("Message content: media and attributes, sealed with the message")
struct MessageContentEncodingTests {
    let index = MessageIndex(id: MessageId(peerId: PeerId(namespace: .cloudUser, id: 42), id: 7), timestamp: 1_700_000_000)

    static let everything = MessageExtras(
        entities: [MessageTextEntity(type: "bold", offset: 0, length: 4), MessageTextEntity(type: "text_link", offset: 0, length: 2, value: "https://t.me")],
        replyTo: MessageReply(id: -999_681_092, peerId: PeerId(namespace: .cloudChannel, id: 77)),
        forward: MessageForward(from: "Barbara", fromId: PeerId(namespace: .cloudUser, id: 9), date: 1_600_000_000, savedFrom: "News"),
        editTimestamp: 1_700_000_100,
        service: MessageServiceAction(action: "phone_call", fields: [("duration_seconds", .integer(42)), ("discard_reason", .text("hangup")),
                                                                     ("members", .list(["Ada", "Grace"])), ("is_active", .flag(true))]),
        media: [.file(MessageFile(kind: "audio_file", fileName: "song.mp3", mimeType: "audio/mpeg", size: 3_000_000, duration: 215,
                                  width: nil, height: nil, availability: .notIncluded(reason: "(File not included.)"), performer: "Queen",
                                  title: "Bohemian Rhapsody", stickerEmoji: nil, hasSpoiler: true, selfDestructSeconds: 10)),
                .file(MessageFile(kind: "photo", size: 10, width: 64, height: 48, availability: .missing)),
                .file(MessageFile(kind: "file", fileName: "plan.pdf", size: 26,
                                  availability: .onServer(ServerFile(isPhoto: false, id: -5, accessHash: Int64.max, fileReference: [0, 1, 255],
                                                                     datacenter: 4, thumbSize: "")))),
                .file(MessageFile(kind: "photo", width: 1280, height: 720,
                                  availability: .onServer(ServerFile(isPhoto: true, id: 9, accessHash: -1, fileReference: [],
                                                                     datacenter: 2, thumbSize: "y")))),
                .poll(MessagePoll(question: "Lunch?", answers: [.init(text: "Yes", voters: 3, chosen: true), .init(text: "No", voters: 1)],
                                  totalVoters: 4, isClosed: true)),
                .contact(MessageContact(firstName: "Ada", lastName: "Lovelace", phone: "+44 20", vcard: "BEGIN:VCARD")),
                .location(MessageLocation(latitude: 51.5007, longitude: -0.1246, title: "Big Ben", address: "Westminster", livePeriod: 900)),
                .todo(MessageTodo(title: "Trip", items: [.init(id: 1, text: "Tickets", done: true), .init(id: 2, text: "Hotel")],
                                  othersCanAppend: true, othersCanComplete: false)),
                .game(MessageGame(title: "Lumberjack", description: "Chop", link: "https://t.me/gamebot?game=lumber")),
                .invoice(MessageInvoice(title: "Pizza", description: "Large", amount: 1299, currency: "EUR"))],
        reactions: [MessageReaction(emoji: "👍", count: 5), MessageReaction(emoji: "", documentId: "5368324170671202286", count: 1)],
        viaBot: "gif", signature: "Editor",
        buttons: [[MessageButton(type: "url", text: "Open", data: "https://t.me")], [MessageButton(type: "callback", text: "Vote")]],
        authorName: "Old Name")

    @Test("A text message is still version 1, one with files version 2; one with media or attributes version 4, read back whole")
    func versions() throws {
        let plain = Message(index: index, authorId: nil, text: "hi", isIncoming: true)
        #expect(plain.encoded().first == 1)
        let media = Message(index: index, authorId: nil, text: "", isIncoming: true, contentKind: .image, mediaResourceIds: ["r"])
        #expect(media.encoded().first == 2)
        #expect(try Message(index: index, decoding: media.encoded()) == media)
        let rich = Message(index: index, authorId: PeerId(namespace: .cloudChannel, id: 5), text: "bold", isIncoming: false,
                           contentKind: .file, mediaResourceIds: ["a", "b"], extras: Self.everything)
        let bytes = rich.encoded()
        #expect(bytes.first == 4)
        let back = try Message(index: index, decoding: bytes)
        #expect(back == rich)
        #expect(back.extras.location?.latitude == 51.5007 && back.extras.service?.integer("duration_seconds") == 42)
        // Cut short anywhere, it is an error, not a crash.
        for end in 1..<bytes.count { #expect(throws: (any Error).self) { try Message(index: index, decoding: Array(bytes[..<end])) } }
    }

    @Test("A field a later version adds is skipped by its length; a corrupt count is refused")
    func unknownAndCorrupt() throws {
        var w = BinaryWriter()
        w.write(UInt8(4)); w.write(false); w.write("t"); w.write(true); w.write(MessageContentKind.text.rawValue); w.write(false)
        w.write(Int32(0))
        w.write(UInt8(200)); w.write([UInt8](repeating: 7, count: 12))  // a field from the future
        w.write(UInt8(8)); var via = BinaryWriter(); via.write("bot"); w.write(via.bytes)
        w.write(UInt8(0))
        let message = try Message(index: index, decoding: w.bytes)
        #expect(message.extras.viaBot == "bot")

        var bad = BinaryWriter()
        bad.write(UInt8(4)); bad.write(false); bad.write("t"); bad.write(true); bad.write(MessageContentKind.text.rawValue); bad.write(false)
        bad.write(Int32(0))
        var entities = BinaryWriter(); entities.write(Int32.max)
        bad.write(UInt8(1)); bad.write(entities.bytes); bad.write(UInt8(0))
        #expect(throws: (any Error).self) { try Message(index: index, decoding: bad.bytes) }
        var future = w.bytes
        future[0] = 9
        #expect(throws: (any Error).self) { try Message(index: index, decoding: future) }
    }

    @Test("Rows written as version 3 (before media were typed) still decode, their left-out file kept")
    func version3Rows() throws {
        var w = BinaryWriter()
        w.write(UInt8(3)); w.write(true); w.write(Int64(99)); w.write("caption"); w.write(true); w.write(MessageContentKind.file.rawValue)
        w.write(false)
        w.write(Int32(0))  // no media resources
        w.write(Int32(1)); w.write("bold"); w.write(Int32(0)); w.write(Int32(4)); w.writeOptional(nil as String?)
        w.write(true); w.write(Int32(3))  // reply
        w.writeOptional("Barbara")  // forward
        w.write(true); w.write(Int32(1_700_000_100))  // edited
        w.write(false)  // not a service message
        w.write(true); w.write("a.pdf"); w.write(Int64(99)); w.write("application/pdf")
        let message = try Message(index: index, decoding: w.bytes)
        #expect(message.extras.replyTo == MessageReply(id: 3))
        #expect(message.extras.forward?.from == "Barbara" && message.extras.editTimestamp == 1_700_000_100)
        #expect(message.extras.file?.fileName == "a.pdf" && message.extras.file?.size == 99 && message.extras.file?.isIncluded == false)
        // Written again, it becomes version 4 and reads the same.
        #expect(try Message(index: index, decoding: message.encoded()) == message)
    }

    @Test("A writer keeps to the bounds a reader accepts: longer lists are cut and counted, and the row reads back")
    func clippedToBounds() throws {
        let answers = (0..<5_000).map { MessagePoll.Answer(text: "a\($0)", voters: 1) }
        let extras = MessageExtras(media: [.poll(MessagePoll(question: "?", answers: answers, totalVoters: 5_000, isClosed: false))],
                                   reactions: (0..<4_100).map { MessageReaction(emoji: "\($0)", count: 1) })
        var cut: [String: Int] = [:]
        let clipped = extras.clipped(cut: &cut)
        #expect(cut == ["message.poll.answers": 904, "message.reactions": 4])
        let message = Message(index: index, authorId: nil, text: "", isIncoming: true, extras: clipped)
        #expect(try Message(index: index, decoding: message.encoded()) == message)
        // Unclipped, the row would not read back: the bound is real.
        let unclipped = Message(index: index, authorId: nil, text: "", isIncoming: true, extras: extras)
        #expect(throws: (any Error).self) { try Message(index: index, decoding: unclipped.encoded()) }
    }

    @Test("Summaries as Telegram's lists show media, and the words a search finds them by")
    func summaries() {
        func message(_ media: MessageMedia, text: String = "") -> Message {
            Message(index: index, authorId: nil, text: text, isIncoming: true, extras: MessageExtras(media: [media]))
        }
        #expect(MessageSummary.text(of: message(.poll(MessagePoll(question: "Lunch?", answers: [], totalVoters: 0, isClosed: false)))) == "📊 Poll: Lunch?")
        #expect(MessageSummary.text(of: message(.location(MessageLocation(latitude: 1, longitude: 2)))) == "📍 Location")
        #expect(MessageSummary.text(of: message(.contact(MessageContact(firstName: "Ada", lastName: "Lovelace", phone: "1")))) == "👤 Contact: Ada Lovelace")
        #expect(MessageSummary.text(of: message(.file(MessageFile(kind: "file", fileName: "report.pdf")))) == "📎 report.pdf")
        #expect(MessageSummary.text(of: message(.file(MessageFile(kind: "photo")), text: "look")) == "🖼 look")
        // A message that kept only its file (an older import) is summarized by its kind.
        let keptFile = Message(index: index, authorId: nil, text: "", isIncoming: true, contentKind: .voiceMessage, mediaResourceIds: ["v"])
        #expect(MessageSummary.text(of: keptFile) == "🎤 Voice message")
        #expect(MessageSummary.text(of: Message(index: index, authorId: nil, text: "caption", isIncoming: true, contentKind: .image)) == "🖼 caption")
        let poll = message(.poll(MessagePoll(question: "Where to?", answers: [.init(text: "Lisbon", voters: 1)], totalVoters: 1, isClosed: false)))
        #expect(MessageSummary.searchableText(of: poll).contains("Lisbon"))
    }
}

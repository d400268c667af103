import TelegramUI

extension FakeStore {
    public static let designers = ChatId.group(4)

    /// One message of each kind a message can carry, in a group (so senders show), all sent at
    /// `contentTimestamp` (one day, one clock time, in any time zone): a reply, a forward, an
    /// edit, a long text, a bot's message with buttons, a channel-style signature, reactions, a poll, a contact,
    /// places, a checklist, files left out and missing, voice, video, audio, a sticker, a photo
    /// (drawn when the screen has pictures), a service line, a game and an invoice.
    public static func contentFixture() -> FakeStore {
        let store = FakeStore()
        let ada = FakeStore.ada, grace = ChatId.user(5)
        store.authors = [ada: "Ada Lovelace", grace: "Grace Hopper", .user(1): "Me"]
        var id: Int32 = 0
        func message(_ author: ChatId, _ text: String, _ content: ChatMessage.Content = .init(), incoming: Bool = true,
                     kind: String = "text") -> ChatMessage {
            id += 1
            return ChatMessage(index: .init(timestamp: contentTimestamp, id: id), authorId: author, text: text,
                               isIncoming: incoming, kindName: kind, content: content)
        }
        typealias C = ChatMessage.Content
        store.histories[designers] = [
            message(ada, "Ada created the group «Designers»", C(isService: true)),
            message(grace, "Shall we meet on Thursday at the engine room?"),
            message(ada, "The Analytical Engine weaves 代数的なパターン just as the Jacquard loom weaves 👩‍👩‍👧 flowers and leaves, and it might act upon other things besides number"),
            message(ada, "Yes, bring the punched cards", C(reply: .message(author: "Grace Hopper", text: "Shall we meet on Thursday at the engine room?\nsecond line"),
                                                          reactions: [.init(emoji: "👍", count: 5), .init(emoji: "❤️", count: 2), .init(emoji: "", count: 1)])),
            message(.user(1), "Fixed the typo", C(reply: .deleted, isEdited: true), incoming: false),
            message(ada, "Interesting", C(reply: .otherChat)),
            message(grace, "The first bug was a moth", C(forward: .init(from: "Barbara Liskov", savedFrom: "Computing History"))),
            message(ada, "Here is a GIF", C(viaBot: "gif", buttons: [["Open", "Visit site"], ["Share with friends"]])),
            message(grace, "Issue 12 is out", C(isEdited: true, signature: "Grace Hopper")),
            message(ada, "", C(media: [.poll(.init(question: "Where shall we have lunch?", answers: [
                .init(text: "The Analytical Engine café", voters: 8, chosen: true), .init(text: "Sushi at the little place by the river that Charles recommended last week", voters: 5),
                .init(text: "Nowhere", voters: 0)], totalVoters: 13, isClosed: true))])),
            message(grace, "", C(media: [.contact(.init(name: "Charles Babbage", phone: "+44 20 7946 0000"))])),
            message(ada, "", C(media: [.location(.init(latitude: 48.858_26, longitude: 2.294_5, title: "Eiffel Tower",
                                                      address: "Champ de Mars, 5 Av. Anatole France, Paris"))])),
            message(grace, "", C(media: [.location(.init(latitude: -33.856_78, longitude: 151.215_3, livePeriod: 900))])),
            message(ada, "", C(media: [.location(.init(latitude: 51.5, longitude: -0.12))])),
            message(grace, "", C(media: [.checklist(.init(title: "Before the demo", items: [
                .init(text: "Oil the gears", done: true), .init(text: "Punch the cards"), .init(text: "Invite the Royal Society", done: true)]))])),
            message(ada, "the report", C(media: [.file(.init(kind: .document, name: "report.pdf", size: 1_258_291, mimeType: "application/pdf",
                                                                   availability: .notIncluded))]), kind: "file"),
            message(grace, "", C(media: [.file(.init(kind: .document, name: "notes.txt", size: 850, availability: .missing))]), kind: "file"),
            message(ada, "", C(media: [.file(.init(kind: .voice, size: 3000, duration: 3))]), kind: "voiceMessage"),
            message(grace, "", C(media: [.file(.init(kind: .video, name: "launch.mp4", size: 3_565_158, duration: 65))]), kind: "video"),
            message(ada, "", C(media: [.file(.init(kind: .audio, name: "track.mp3", duration: 205, performer: "Ada", title: "Engine Song"))]), kind: "music"),
            message(grace, "", C(media: [.file(.init(kind: .sticker, emoji: "😀"))]), kind: "sticker"),
            message(ada, "look at this", C(media: [.photo(.init(width: 64, height: 48, fileId: "photo-1"))]), kind: "image"),
            message(grace, "", C(media: [.photo(.init(width: 1280, height: 960, availability: .notIncluded))]), kind: "image"),
            message(ada, "", C(media: [.game(title: "Lumberjack", description: "Chop as fast as you can")])),
            message(grace, "", C(media: [.invoice(title: "Engine parts", description: "Brass gears, 12 pieces", price: "12.50 GBP")])),
            message(ada, "Ada pinned «Where shall we have lunch?»", C(isService: true)),
        ]
        return store
    }

    public static let contentTimestamp: Int32 = 1_700_000_000
}

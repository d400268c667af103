@testable import AppCore
@testable import AppInterface
import Container
import Storage
import TelegramCore
import TelegramUI
import Testing

/// What a stored message carries, as the screens get it from the Postbox: the chat's content
/// model (the replied message looked up while the page is read, a photo's file looked for in the
/// MediaBox), and Telegram's one-line summary in the chat list, the search rows and the widget.
@Suite("AppInterface: what a message carries, read from the store")
struct ChatContentMappingTests {
    typealias Fixture = PostboxFixture
    static let group = Fixture.group

    static func message(_ id: Int32, _ text: String, from author: PeerId = Fixture.ada, kind: MessageContentKind = .text,
                        resources: [String] = [], _ extras: MessageExtras = MessageExtras()) -> Message {
        Message(index: MessageIndex(id: MessageId(peerId: group, id: id), timestamp: 1_800_000_000 + id), authorId: author,
                text: text, isIncoming: author != Fixture.me, contentKind: kind, mediaResourceIds: resources, extras: extras)
    }

    /// Engine Club with two messages of its own, then one of each kind; the photo's file written
    /// into the MediaBox, the other photo's file named but gone.
    static func withContent(_ body: (Postbox) throws -> Void) throws {
        try Fixture.withPostbox(messages: 2) { postbox in
            try postbox.mediaBox.createDirectories()
            try AtomicFile.write([0x89, 0x50, 0x4E, 0x47], to: postbox.mediaBox.resourcePath("photo-here"))
            let photo = MessageFile(kind: "photo", width: 64, height: 48)
            try postbox.transaction { t in
                try t.addMessages([
                    message(10, "Shall we meet?\nat the engine room"),
                    message(11, "Yes", from: Fixture.me, MessageExtras(replyTo: MessageReply(id: 10), editTimestamp: 1_800_000_100)),
                    message(12, "Which one?", MessageExtras(replyTo: MessageReply(id: 999))),
                    message(13, "Seen elsewhere", MessageExtras(replyTo: MessageReply(id: 10, peerId: Fixture.ada))),
                    message(14, "look", kind: .image, resources: ["photo-here"], MessageExtras(media: [.file(photo)])),
                    message(15, "", kind: .image, resources: ["photo-gone"], MessageExtras(media: [.file(photo)])),
                    message(16, "", kind: .sticker, resources: ["sticker-file"]),
                    message(17, "Nice", MessageExtras(replyTo: MessageReply(id: 14), forward: MessageForward(from: "Barbara"),
                                                      reactions: [MessageReaction(emoji: "👍", count: 5)], viaBot: "gif",
                                                      buttons: [[MessageButton(type: "url", text: "Open", data: "https://t.me")]])),
                    message(18, "", MessageExtras(media: [.poll(MessagePoll(question: "Lunch?", answers: [.init(text: "Pizza", voters: 3, chosen: true)],
                                                                        totalVoters: 3, isClosed: true))])),
                ])
            }
            try body(postbox)
        }
    }

    @Test func aPageCarriesRepliesMediaAndAttributes() throws {
        try Self.withContent { postbox in
            let page = try EngineDataSources(engine: TelegramEngine(postbox: postbox)).messages(in: Self.group.chatId, before: nil, limit: 100)
            let byId = Dictionary(uniqueKeysWithValues: page.map { ($0.index.id, $0.content) })
            #expect(byId[11]?.reply == .message(author: "Ada Lovelace", text: "Shall we meet?"), "the replied message's first line")
            #expect(byId[11]?.isEdited == true)
            #expect(byId[11]?.replyTarget?.id == 10 && byId[17]?.replyTarget?.id == 14, "a jump knows where the replied message is")
            #expect(byId[12]?.replyTarget == nil && byId[13]?.replyTarget == nil, "nowhere to jump: deleted, or in another chat")
            #expect(byId[12]?.reply == .deleted)
            #expect(byId[13]?.reply == .otherChat)
            #expect(byId[17]?.reply == .message(author: "Ada Lovelace", text: "🖼 look"), "media is quoted by its summary")
            #expect(byId[17]?.forward == ChatMessage.Forward(from: "Barbara") && byId[17]?.viaBot == "gif")
            #expect(byId[17]?.reactions == [ChatMessage.Reaction(emoji: "👍", count: 5)] && byId[17]?.buttons == [["Open"]])
            #expect(byId[14]?.media == [.photo(ChatMessage.Photo(width: 64, height: 48, availability: .here, fileId: "photo-here"))],
                    "a photo whose file is here can be drawn")
            #expect(byId[15]?.media == [.photo(ChatMessage.Photo(width: 64, height: 48, availability: .missing))],
                    "a photo whose file is gone says so")
            #expect(byId[16]?.media == [.file(ChatMessage.File(kind: .sticker, availability: .missing))],
                    "a message that kept only its kind is shown as that kind")
            #expect(byId[18]?.media == [.poll(ChatMessage.Poll(question: "Lunch?", answers: [.init(text: "Pizza", voters: 3, chosen: true)],
                                                              totalVoters: 3, isClosed: true))])
        }
    }

    /// The chat list, the search rows and the widget say what a media message is.
    @Test func summariesInTheListTheSearchAndTheWidget() throws {
        try Self.withContent { postbox in
            let source = EngineDataSources(engine: TelegramEngine(postbox: postbox))
            let list = try source.chatList(limit: 10, now: 1_900_000_000, unreadIncludingMuted: false)
            let row = try #require(list.items.first { $0.peerId == Self.group.chatId })
            #expect(row.preview == "Ada: 📊 Poll: Lunch?" && row.topMessageText == "📊 Poll: Lunch?")

            let hits = try source.search("look", messageLimit: 10).compactMap { result -> String? in
                if case .message(_, _, let text, _) = result { return text } else { return nil }
            }
            #expect(hits == ["Ada: 🖼 look"], "\(hits)")

            let chats = try TelegramEngine(postbox: postbox).chatList.widgetChats(chosen: [Self.group], limit: 8, now: 1_900_000_000).chats
            let widget = WidgetPeerBuilder(mediaBox: postbox.mediaBox).peer(try #require(chats.first))
            #expect(widget.message?.text == "📊 Poll: Lunch?" && widget.message?.author?.title == "Ada Lovelace")
        }
    }

    /// A broadcast channel's posts are the channel's: the list and the widget show them without
    /// an author, the account's own included ("You:" is for groups).
    @Test func aBroadcastChannelsPostsCarryNoAuthorInTheListOrTheWidget() throws {
        try Fixture.withPostbox(messages: 2) { postbox in
            let channel = PeerId(namespace: .cloudChannel, id: 4_242)
            try postbox.transaction { t in
                var peer = Peer(id: channel, title: "Release notes")
                peer.rights = [.broadcast, .creator]
                try t.updatePeer(peer)
                try t.addMessages([Message(index: MessageIndex(id: MessageId(peerId: channel, id: 1), timestamp: 1_900_000_000),
                                           authorId: Fixture.me, text: "v2 is out", isIncoming: false)])
            }
            let list = try EngineDataSources(engine: TelegramEngine(postbox: postbox)).chatList(limit: 10, now: 1_900_000_100, unreadIncludingMuted: false)
            let row = try #require(list.items.first { $0.peerId == channel.chatId })
            #expect(row.preview == "v2 is out")
            let chats = try TelegramEngine(postbox: postbox).chatList.widgetChats(chosen: [channel], limit: 8, now: 1_900_000_100).chats
            let widget = WidgetPeerBuilder(mediaBox: postbox.mediaBox).peer(try #require(chats.first))
            #expect(widget.message?.text == "v2 is out" && widget.message?.author == nil)
        }
    }
}

@testable import AppInterface
import Display
import Storage
import TelegramCore
import TelegramUI
import Testing

/// The screens' data sources over a real Postbox, and the screens over them: what the store holds
/// reaches the rows as the chat list, a chat, the search and the tabs show it.
@MainActor
@Suite("AppInterface: data sources over a Postbox")
struct EngineDataSourcesTests {
    typealias Fixture = PostboxFixture

    @Test func idsRoundTripBetweenTheScreensAndTheStore() {
        for peer in [Fixture.me, Fixture.group, PeerId(namespace: .secretChat, id: 1 << 40), PeerId(namespace: .cloudChannel, id: 77)] {
            #expect(peer.chatId.peerId == peer)
        }
        #expect(Fixture.group.chatId.kind == .group && !Fixture.group.chatId.isOneToOne)
        #expect(PeerId(namespace: .secretChat, id: 9).chatId.isOneToOne)
        let index = MessageIndex(id: MessageId(peerId: Fixture.group, namespace: 1, id: 42), timestamp: 1_700_000_000)
        #expect(index.chatIndex.messageIndex(in: Fixture.group.chatId) == index)
    }

    /// A row previews its top message's first line: up to the first \n, \r or \r\n, whatever
    /// comes before it (combining marks, emoji, wide characters) kept whole.
    @Test func previewIsTheFirstLine() {
        #expect(MessagePreview.firstLine("one line") == "one line")
        #expect(MessagePreview.firstLine("first\nsecond") == "first")
        #expect(MessagePreview.firstLine("first\r\nsecond") == "first")
        #expect(MessagePreview.firstLine("first\rsecond") == "first")
        #expect(MessagePreview.firstLine("\nafter an empty line") == "")
        #expect(MessagePreview.firstLine("e\u{301}👩‍👩‍👧中文\nrest") == "e\u{301}👩‍👩‍👧中文")
        #expect(MessagePreview.firstLine("") == "")
    }

    @Test func chatListShowsNewestFirstWithSendersAndBadges() throws {
        try Fixture.withPostbox(messages: 30) { postbox in
            let list = ChatListController(source: EngineDataSources(engine: TelegramEngine(postbox: postbox)))
            list.reload(now: 1_800_000_000)
            #expect(list.chats.map(\.title) == ["Engine Club", "Ada Lovelace"])
            #expect(list.chats[0].peerId == Fixture.group.chatId)
            #expect(list.chats[0].preview == "Ada: message 30", "a group's last message names its sender")
            #expect(list.chats[0].topMessageText == "message 30" && list.chats[0].topMessageIsIncoming)
            #expect(list.chats[0].unreadCount == 15)
            #expect(list.tabBarItem?.badge == "2", "two unmuted chats with unread messages")
        }
    }

    /// The badge counts every unread chat, however few the list has read.
    @Test func theBadgeCountsChatsNotReadYet() throws {
        try Fixture.withPostbox(messages: 2) { postbox in
            try postbox.transaction { t in
                try t.addMessages((0 ..< 150).map { n in
                    let peer = PeerId(namespace: .cloudUser, id: Int64(1_000 + n))
                    return Message(index: MessageIndex(id: MessageId(peerId: peer, id: 1), timestamp: 1_600_000_000 - Int32(n)),
                                   authorId: peer, text: "hello", isIncoming: true)
                })
            }
            let page = try EngineDataSources(engine: TelegramEngine(postbox: postbox)).chatList(limit: 60, now: 1_800_000_000, unreadIncludingMuted: false)
            #expect(page.items.count == 60 && page.unreadChats == 152)
        }
    }

    /// The account's chat with itself is listed as Telegram lists it, not under its own name.
    @Test func theAccountsOwnChatIsSavedMessages() throws {
        try Fixture.withPostbox(messages: 2) { postbox in
            try postbox.transaction { t in
                let note = MessageIndex(id: MessageId(peerId: Fixture.me, id: 1), timestamp: 1_700_001_000)
                try t.addMessages([Message(index: note, authorId: Fixture.me, text: "note to self", isIncoming: false)])
            }
            let page = try EngineDataSources(engine: TelegramEngine(postbox: postbox)).chatList(limit: 10, now: 1_800_000_000, unreadIncludingMuted: false)
            let saved = try #require(page.items.first { $0.peerId == Fixture.me.chatId })
            #expect(saved.title == "Saved Messages" && saved.letters == ["S", "M"], "\(saved)")
        }
    }

    /// A chat over the Postbox: the newest page first, older ones as it scrolls, never the whole
    /// history; the senders' names and the subtitle from the peers.
    @Test func aChatReadsPagesAsItScrolls() throws {
        try Fixture.withPostbox(messages: 1000) { postbox in
            // Read, so it opens at the bottom (an unread chat opens at its divider: the next test).
            try postbox.transaction { t in _ = try t.markIncomingRead(Fixture.group, upTo: 1000) }
            let chat = ChatController(source: EngineDataSources(engine: TelegramEngine(postbox: postbox)), peerId: Fixture.group.chatId, title: "Engine Club")
            let window = Window(rootController: NavigationController(mode: .single, root: chat),
                                context: PresentationContext(theme: .dayMonochrome))
            window.layout(size: Size(width: 60, height: 20))
            var surface = Surface(width: 0, height: 0)
            window.render(into: &surface)
            #expect(surface.textLines.contains { $0.contains("Ada Lovelace: message 1000") })
            for _ in 0 ..< 30 { window.handle(.key(.pageUp)) }
            window.render(into: &surface)
            let shown = surface.textLines.compactMap { $0.split(separator: " ").last.flatMap { Int($0) } }
            #expect(shown.contains { $0 < 900 } && !shown.contains { $0 > 900 }, "older pages on screen: \(surface.textLines)")
            let ada = ChatController(source: EngineDataSources(engine: TelegramEngine(postbox: postbox)), peerId: Fixture.ada.chatId, title: "Ada")
            ada.loadContentIfNeeded()
            #expect(ada.subtitle == "@ada")
        }
    }

    /// An unread chat opens at its "N unread messages" line, read from the store around the first
    /// unread message, not from the newest down; Home reaches the first message and End the last.
    @Test func anUnreadChatOpensAtItsDivider() throws {
        try Fixture.withPostbox(messages: 1000) { postbox in
            try postbox.transaction { t in _ = try t.markIncomingRead(Fixture.group, upTo: 600) }
            let source = EngineDataSources(engine: TelegramEngine(postbox: postbox))
            let unread = try #require(try source.firstUnread(in: Fixture.group.chatId))
            #expect(unread.before.id == 602 && unread.count == 200, "\(unread)")
            let chat = ChatController(source: source, peerId: Fixture.group.chatId, title: "Engine Club")
            let window = Window(rootController: NavigationController(mode: .single, root: chat),
                                context: PresentationContext(theme: .dayMonochrome))
            window.layout(size: Size(width: 60, height: 20))
            chat.loadPagesIfNeeded()
            var surface = Surface(width: 0, height: 0)
            window.render(into: &surface)
            let divider = try #require(surface.textLines.firstIndex { $0.contains("200 unread messages") }, "\(surface.textLines)")
            #expect(surface.textLines[divider + 1].contains("Ada Lovelace: message 602"), "\(surface.textLines)")
            #expect(divider < 6, "near the top of the view: \(surface.textLines)")

            // Deleted far below what is loaded (the newest, 300 messages down, and one read already is not counted):
            // the line counts one less; its own message deleted, it moves to the next unread one.
            #expect(!surface.textLines.contains { $0.contains("message 1000") }, "\(surface.textLines)")
            try postbox.transaction { t in
                try t.deleteMessages([MessageId(peerId: Fixture.group, id: 1000), MessageId(peerId: Fixture.group, id: 500)])
            }
            chat.reload()
            let stillUnread = try #require(try postbox.read { try $0.firstUnreadIncoming(Fixture.group) }).count
            #expect(chat.divider?.count == Int(stillUnread) && stillUnread < 200, "\(String(describing: chat.divider))")
            try postbox.transaction { t in try t.deleteMessages([MessageId(peerId: Fixture.group, id: 602)]) }
            chat.reload()
            #expect(chat.divider?.before.id ?? 0 > 602 && chat.divider?.count == Int(stillUnread) - 1, "\(String(describing: chat.divider))")
            window.render(into: &surface)
            #expect(surface.textLines.contains { $0.contains("\(stillUnread - 1) unread messages") }, "\(surface.textLines)")
            window.handle(.key(KeyEvent(.home, modifiers: .control)))
            chat.loadPagesIfNeeded()
            window.render(into: &surface)
            #expect(surface.textLines.contains { $0.hasSuffix(" message 1") || $0.contains(" message 1 ") }, "\(surface.textLines)")
            window.handle(.key(KeyEvent(.end, modifiers: .control)))
            chat.loadPagesIfNeeded()
            window.render(into: &surface)
            #expect(surface.textLines.contains { $0.contains("message 999") }, "\(surface.textLines)")
        }
    }

    /// A chat's draft: in the list as "Draft: …" in place of the last message, and back in the
    /// chat's composer with the message it answers.
    @Test func aDraftShowsInTheListAndComesBackInTheChat() throws {
        try Fixture.withPostbox(messages: 20) { postbox in
            try postbox.transaction { t in
                try t.setDraft(Fixture.group, ChatDraft(text: "half a **thought**\nsecond line", replyTo: MessageReply(id: 7), timestamp: 1_700_000_000))
            }
            let source = EngineDataSources(engine: TelegramEngine(postbox: postbox))
            let list = ChatListController(source: source)
            list.loadContentIfNeeded()
            #expect(list.items.first { $0.title.contains("Engine Club") }?.subtitle == "Draft: half a **thought**", "\(list.items)")
            let chat = ChatController(source: source, peerId: Fixture.group.chatId, title: "Engine Club")
            chat.loadContentIfNeeded()
            #expect(chat.composer.text == "half a **thought**\nsecond line" && chat.replyTarget?.index.id == 7)
        }
    }

    /// The account's own formatted message comes to an edit as the markdown it was written in.
    @Test func anOwnFormattedMessageIsEditedAsMarkdown() throws {
        try Fixture.withPostbox(messages: 2) { postbox in
            let (text, entities) = MessageMarkdown.parse("a **bold** and [link](https://t.me)")
            let index = MessageIndex(id: MessageId(peerId: Fixture.group, id: 50), timestamp: 1_700_100_000)
            try postbox.transaction { t in
                try t.addMessages([Message(index: index, authorId: Fixture.me, text: text, isIncoming: false,
                                           extras: MessageExtras(entities: entities))])
            }
            let page = try EngineDataSources(engine: TelegramEngine(postbox: postbox)).messages(in: Fixture.group.chatId, before: nil, limit: 1)
            #expect(page.first?.markdown == "a **bold** and [link](https://t.me)")
            #expect(page.first?.text == "a bold and link")
        }
    }

    @Test func searchFindsChatsThenMessagesWithTheirSenders() throws {
        try Fixture.withPostbox(messages: 300) { postbox in
            let source = EngineDataSources(engine: TelegramEngine(postbox: postbox))
            #expect(try source.search("engine", messageLimit: 0) == [.chat(Fixture.group.chatId, title: "Engine Club")])
            let found = try source.search("message 29", messageLimit: 50).compactMap { result -> String? in
                if case .message(_, _, let text, _) = result { return text } else { return nil }
            }
            #expect(found.first == "You: message 299", "newest first, with the sender as the chat list shows it")
            #expect(found.contains("Ada: message 298"))
            #expect(Set(found.map { String($0.split(separator: ":").last!.dropFirst()) }) == Set(["message 29"] + (290 ... 299).map { "message \($0)" }))
        }
    }

    @Test func contactsAndCallsFromTheStore() throws {
        try Fixture.withPostbox(messages: 2) { postbox in
            try postbox.transaction { t in
                try t.addCall(CallRecord(callId: 1, peerId: Fixture.ada, timestamp: 1_700_000_000, duration: 0,
                                         isOutgoing: false, isMissed: true, isVideo: false))
            }
            let source = EngineDataSources(engine: TelegramEngine(postbox: postbox))
            #expect(try source.contacts() == [ContactItem(id: Fixture.ada.chatId, title: "Ada Lovelace", detail: "@ada")])
            #expect(try source.calls(limit: 10) == [CallItem(peerId: Fixture.ada.chatId, title: "Ada Lovelace", timestamp: 1_700_000_000,
                                                             isMissed: true)])
        }
    }
}

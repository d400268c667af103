import Container
import Cryptography
import Display
import Foundation
import Storage
@testable import TelegramUI
import Testing

@Suite("TelegramUI: composer and message lines")
struct ComposerAndLinesTests {
    @Test func composerTakesTextAndKeepsItsLimit() {
        var composer = Composer()
        #expect(composer.take() == nil)
        composer.insert("  \n ")
        #expect(composer.take() == nil, "whitespace alone is not sent")
        composer = Composer()
        composer.insert("héllo 👩‍👩‍👧")
        composer.deleteBackward()
        #expect(composer.text == "héllo ", "one grapheme cluster at a time")
        composer.insert(String(repeating: "x", count: 5000))
        #expect(composer.text.count == Composer.limit)
        #expect(composer.take()?.count == Composer.limit && composer.text.isEmpty)
    }

    /// A chat list row previews its top message's first line: up to the first \n, \r or \r\n,
    /// whatever comes before it (combining marks, emoji, wide characters) kept whole.
    @Test func previewIsTheFirstLine() {
        #expect(AccountData.firstLine("one line") == "one line")
        #expect(AccountData.firstLine("first\nsecond") == "first")
        #expect(AccountData.firstLine("first\r\nsecond") == "first")
        #expect(AccountData.firstLine("first\rsecond") == "first")
        #expect(AccountData.firstLine("\nafter an empty line") == "")
        #expect(AccountData.firstLine("e\u{301}👩‍👩‍👧中文\nrest") == "e\u{301}👩‍👩‍👧中文")
        #expect(AccountData.firstLine("") == "")
    }

    @Test(arguments: [5, 8, 13, 40])
    func wrappedLinesNeverPassTheirWidth(width: Int) {
        let text = "The Analytical Engine weaves 代数的なパターン just as the Jacquard loom weaves 👩‍👩‍👧 flowers\nand leaves"
        let lines = ChatLine.wrap(text, first: width - 2, rest: width)
        #expect(TextWidth.of(lines[0]) <= max(width - 2, 2))
        for line in lines.dropFirst() { #expect(TextWidth.of(line) <= max(width, 2), "\(line)") }
        #expect(lines.joined().filter { $0 != " " } == text.filter { $0 != " " && $0 != "\n" }, "nothing lost")
        #expect(lines.contains { $0.hasPrefix("and") }, "a newline starts a line")
    }
}

@MainActor
@Suite("TelegramUI: screens over a Postbox")
struct ScreensOverPostboxTests {
    static func withAccount(messages: Int, _ body: (AccountData, PeerId) throws -> Void) throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("tgui-\(UUID().uuidString.prefix(8))")
        defer { try? FileManager.default.removeItem(at: directory) }
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let postbox = try Postbox(layout: ContainerLayout(containerPath: directory.path), accountId: 1,
                                  deviceKey: DeviceKey(bytes: (0 ..< 48).map { UInt8($0) }), readOnly: false)
        let me = PeerId(namespace: .cloudUser, id: 1), ada = PeerId(namespace: .cloudUser, id: 2)
        let group = PeerId(namespace: .cloudGroup, id: 3)
        try postbox.transaction { t in
            try t.setAccountPeerId(me)
            try t.updatePeer(Peer(id: me, firstName: "Me"))
            try t.updatePeer(Peer(id: ada, firstName: "Ada", lastName: "Lovelace", isContact: true))
            try t.updatePeer(Peer(id: group, title: "Engine Club"))
            var history: [Message] = []
            for id in 1 ... messages {
                let index = MessageIndex(id: MessageId(peerId: group, id: Int32(id)), timestamp: 1_700_000_000 + Int32(id) * 60)
                history.append(Message(index: index, authorId: id % 2 == 0 ? ada : me, text: "message \(id)", isIncoming: id % 2 == 0))
            }
            let older = MessageIndex(id: MessageId(peerId: ada, id: 1), timestamp: 1_600_000_000)
            history.append(Message(index: older, authorId: ada, text: "older chat", isIncoming: true))
            try t.addMessages(history)
        }
        try body(AccountData(postbox: postbox), group)
    }

    @Test func chatListShowsNewestFirstWithSendersAndBadges() throws {
        try Self.withAccount(messages: 30) { data, group in
            let list = ChatListController(data: data)
            list.reload(now: 1_800_000_000)
            #expect(list.chats.map(\.title) == ["Engine Club", "Ada Lovelace"])
            #expect(list.chats[0].peerId == group)
            #expect(list.chats[0].preview == "Ada: message 30", "a group's last message names its sender")
            #expect(list.chats[0].unreadCount == 15)
            #expect(list.tabBarItem?.badge == "2", "two unmuted chats with unread messages")
        }
    }

    /// The list reads a page of chats, and more as the selection comes near the end of what is
    /// read; the tab's badge counts every unread chat, read or not.
    @Test func chatListReadsMoreAsItScrollsAndBadgesEveryUnreadChat() throws {
        try Self.withAccount(messages: 2) { data, _ in
            let chatCount = ChatListController.pageSize * 2 + 15
            try data.postbox.transaction { t in
                var messages: [Message] = []
                for n in 0 ..< chatCount {
                    let peer = PeerId(namespace: .cloudUser, id: Int64(1_000 + n))
                    try t.updatePeer(Peer(id: peer, firstName: "User \(n)"))
                    let index = MessageIndex(id: MessageId(peerId: peer, id: 1), timestamp: 1_600_000_000 - Int32(n) * 60)
                    // Every chat's one message is incoming and unread.
                    messages.append(Message(index: index, authorId: peer, text: "hello \(n)", isIncoming: true))
                }
                try t.addMessages(messages)
            }
            let total = chatCount + 2  // and the fixture's group and Ada
            let list = ChatListController(data: data)
            list.reload(now: 1_800_000_000)
            #expect(list.chats.count == ChatListController.pageSize)
            #expect(list.tabBarItem?.badge == "\(total)", "the badge counts the chats not read yet too")
            // Down to the end of what is read: the next page comes in, the selection stays put.
            for _ in 0 ..< ChatListController.pageSize - 1 { _ = list.handle(.key(.down)) }
            #expect(list.chats.count == ChatListController.pageSize * 2)
            #expect(list.selectedIndex == ChatListController.pageSize - 1)
            // End, repeatedly: the whole list, then no more.
            for _ in 0 ..< 4 { _ = list.handle(.key(.end)) }
            #expect(list.chats.count == total && list.loadedLimit >= total)
            #expect(list.chats.last?.title == "User \(chatCount - 1)")
        }
    }

    /// The account's chat with itself (where an export's Saved Messages are imported) is listed
    /// as Telegram lists it, not under the account's own name.
    @Test func theAccountsOwnChatIsSavedMessages() throws {
        try Self.withAccount(messages: 2) { data, _ in
            let me = PeerId(namespace: .cloudUser, id: 1)
            try data.postbox.transaction { t in
                let note = MessageIndex(id: MessageId(peerId: me, id: 1), timestamp: 1_700_001_000)
                try t.addMessages([Message(index: note, authorId: me, text: "note to self", isIncoming: false)])
            }
            let list = ChatListController(data: data)
            list.reload(now: 1_800_000_000)
            let saved = try #require(list.chats.first { $0.peerId == me })
            #expect(saved.title == "Saved Messages" && saved.letters == ["S", "M"], "\(saved)")
            #expect(list.chats.first { $0.peerId != me }?.title == "Engine Club")
        }
    }

    @Test func chatReadsPagesAsItScrollsNeverTheWholeHistory() throws {
        try Self.withAccount(messages: 1000) { data, group in
            let chat = ChatController(data: data, peerId: group, title: "Engine Club")
            var read: [Int32] = []
            chat.onRead = { read.append($0.id.id) }
            let window = Window(rootController: NavigationController(mode: .single, root: chat),
                                context: PresentationContext(theme: .dayMonochrome))
            window.layout(size: Size(width: 60, height: 20))
            var surface = Surface(width: 0, height: 0)
            window.render(into: &surface)
            #expect(chat.history.messages.count == ChatHistory.pageSize, "one page for the first screen")
            #expect(surface.textLines.contains { $0.contains("Ada Lovelace: message 1000") })
            #expect(read == [1000], "the newest incoming is marked read on opening")
            for _ in 0 ..< 30 { window.handle(.key(.pageUp)) ; window.render(into: &surface) }
            #expect(chat.history.messages.count > ChatHistory.pageSize && chat.history.messages.count < 1000,
                    "older pages as it scrolls, not everything")
            #expect(read == [1000], "scrolled up, nothing more is marked read")
            // Pages laid out one by one in front equal the whole history laid out at once (the
            // date line between pages included: 1,000 minutes cross midnight).
            var dates = 0
            while chat.history.hasOlder {
                window.handle(.key(.pageUp))
                window.render(into: &surface)
                let whole = ChatLine.lines(for: chat.history.messages, width: 58, showsSenders: true,
                                           names: [PeerId(namespace: .cloudUser, id: 2): "Ada Lovelace"], maxOutgoingReadId: 0)
                #expect(chat.historyLines(width: 58) == whole)
                dates = whole.filter(\.isDate).count
            }
            #expect(dates >= 2)
            window.handle(.key(.end))
            window.render(into: &surface)
            #expect(surface.textLines.contains { $0.contains("Ada Lovelace: message 1000") })
        }
    }

    @Test func composerSendsThroughTheAppAndKeepsTextOnFailure() throws {
        try Self.withAccount(messages: 3) { data, group in
            let chat = ChatController(data: data, peerId: group, title: "Engine Club")
            var sent: [String] = []
            var failing = true
            chat.onSend = { text in
                if failing { throw CocoaError(.fileWriteNoPermission) }
                sent.append(text)
            }
            chat.loadContentIfNeeded()
            for character in "hi 中文" { _ = chat.handle(.key(.character(character))) }
            _ = chat.handle(.key(.enter))
            #expect(sent.isEmpty && chat.composer.text == "hi 中文" && chat.status != nil, "kept to try again")
            failing = false
            _ = chat.handle(.paste("\nsecond line"))
            _ = chat.handle(.key(.enter))
            #expect(sent == ["hi 中文\nsecond line"] && chat.composer.text.isEmpty)
        }
    }
}

import Display
import Foundation
@testable import TelegramUI
import TelegramUIFakes
import Testing

/// The screens over in-memory data sources: what they show of what the sources give, when they
/// read (input, reloads, the step before a frame) and that a frame never reads.
@MainActor
@Suite("TelegramUI: screens over data sources")
struct ScreensOverSourcesTests {
    static func window(_ root: ViewController) -> Window { EntryAndSearchTests.window(root, height: 20) }

    /// Engine Club with `messages` messages, open in a 60 × 20 window, its first frame drawn.
    static func openChat(messages: Int) -> (FakeStore, ChatController, Window) {
        let store = FakeStore.fixture(messages: messages)
        let chat = ChatController(source: store, peerId: FakeStore.engineClub, title: "Engine Club")
        let window = Self.window(chat)
        _ = store.draw(window)
        return (store, chat, window)
    }

    @Test func chatListShowsWhatItsSourceGivesWithMarksAndBadge() throws {
        let store = FakeStore.fixture(messages: 30)
        store.chats[1].isPinned = true
        store.chats[1].isMuted = true
        let list = ChatListController(source: store)
        let window = Self.window(list)
        let frame = store.draw(window)
        #expect(list.chats.map(\.title) == ["Engine Club", "Ada Lovelace"])
        #expect(frame.contains { $0.contains("Engine Club") && $0.contains("15") }, "\(frame)")
        #expect(frame.contains { $0.contains("Ada: message 30") })
        #expect(frame.contains { $0.contains("Ada Lovelace 📌🔕") })
        #expect(list.tabBarItem?.badge == "2", "the badge is the source's count of unread chats")
        store.unreadChats = 1234
        list.reload(now: 1_800_000_000)
        #expect(list.tabBarItem?.badge == "999+")
        #expect(store.readsWhileDrawing.isEmpty, "\(store.readsWhileDrawing)")
    }

    /// The list reads a page of chats, and `pageSize` more as the selection comes near the end of
    /// what is read.
    @Test func chatListGrowsByAPageNearItsEnd() throws {
        let store = FakeStore()
        let count = ChatListController.pageSize * 2 + 15
        store.chats = (0 ..< count).map { ChatListItem(peerId: .user(Int64(1_000 + $0)), title: "User \($0)", unreadCount: 1) }
        let list = ChatListController(source: store)
        let window = Self.window(list)
        _ = store.draw(window)
        #expect(list.chats.count == ChatListController.pageSize)
        for _ in 0 ..< ChatListController.pageSize - 1 { window.handle(.key(.down)) }
        #expect(list.chats.count == ChatListController.pageSize * 2)
        #expect(list.selectedIndex == ChatListController.pageSize - 1, "the selection stays put")
        for _ in 0 ..< 4 { window.handle(.key(.end)) }
        #expect(list.chats.count == count && list.chats.last?.title == "User \(count - 1)")
        _ = store.draw(window)
        #expect(store.readsWhileDrawing.isEmpty, "\(store.readsWhileDrawing)")
    }

    /// Scrolled to the top of what is loaded, the chat asks for the page before it — from the
    /// key, not the frame — and the next frame shows the older messages.
    @Test func scrollingAChatToItsTopReadsAnOlderPageTheNextFrameShows() throws {
        let store = FakeStore.fixture(messages: 1000)
        let chat = ChatController(source: store, peerId: FakeStore.engineClub, title: "Engine Club")
        var read: [Int32] = []
        chat.onRead = { read.append($0.id) }
        let window = Self.window(chat)
        var frame = store.draw(window)
        #expect(frame.contains { $0.contains("Ada Lovelace: message 1000") })
        #expect(store.historyReads == [nil], "one page, the newest, for the first screen")
        #expect(read == [1000], "the newest incoming is marked read on opening")
        let newestPage = ChatHistory.refreshSize
        var shownOlder = false
        for _ in 0 ..< 20 where !shownOlder {
            window.handle(.key(.pageUp))
            frame = store.draw(window)
            shownOlder = frame.contains { line in
                line.split(separator: " ").last.flatMap { Int($0) }.map { $0 <= 1000 - newestPage } ?? false
            }
        }
        #expect(shownOlder, "a message of the older page is on screen: \(frame)")
        #expect(store.historyReads.count >= 2)
        let oldestLoaded = Int32(1000 - newestPage + 1)
        #expect(store.historyReads[1] == ChatMessage.Index(timestamp: 1_700_000_000 + oldestLoaded * 60, id: oldestLoaded),
                "the page before the oldest loaded message")
        #expect(read == [1000], "scrolled up, nothing more is marked read")
        #expect(store.readsWhileDrawing.isEmpty, "\(store.readsWhileDrawing)")
    }

    /// Paged to the very top, the pages laid out one by one in front equal the whole history laid
    /// out at once (the date lines between pages included: 1,000 minutes cross midnight).
    @Test func pagesLaidOutInFrontEqualTheWholeHistory() throws {
        let (store, chat, window) = Self.openChat(messages: 1000)
        var dates = 0
        while chat.history.hasOlder {
            window.handle(.key(.pageUp))
            _ = store.draw(window)
            let whole = ChatLine.lines(for: chat.history.messages, width: 58, senders: .everyone,
                                       names: store.authors, maxOutgoingReadId: 0)
            #expect(chat.historyLines(width: 58) == whole)
            dates = whole.filter(\.isDate).count
        }
        #expect(chat.history.messages.count == 1000 && dates >= 2)
        // All loaded; the view goes on up to the first message.
        for _ in 0 ..< 10 { window.handle(.key(.pageUp)) }
        let top = store.draw(window)
        #expect(top.contains { $0.contains("You: message 1") }, "\(top)")
        window.handle(.key(KeyEvent(.end, modifiers: .control)))
        #expect(store.draw(window).contains { $0.contains("Ada Lovelace: message 1000") })
        #expect(store.readsWhileDrawing.isEmpty, "\(store.readsWhileDrawing)")
    }

    /// A taller window needs more history than is loaded: the new layout reads nothing (it can come
    /// in the middle of a frame); the app's step before the frame reads the pages, and the frame
    /// shows them.
    @Test func aTallerWindowIsPagedForBeforeTheFrameNotWhileDrawing() throws {
        let (store, chat, window) = Self.openChat(messages: 1000)
        let reads = store.historyReads.count
        window.layout(size: Size(width: 60, height: 300))
        #expect(store.historyReads.count == reads, "a layout reads nothing")
        chat.loadPagesIfNeeded()
        #expect(store.historyReads.count > reads, "the step before the frame reads the pages")
        let frame = store.draw(window)
        #expect(frame.contains { $0.contains("message 800") }, "296 rows: three pages shown")
        #expect(store.readsWhileDrawing.isEmpty, "\(store.readsWhileDrawing)")
    }

    @Test func composerSendsThroughTheAppAndKeepsTextOnFailure() throws {
        let store = FakeStore.fixture(messages: 3)
        let chat = ChatController(source: store, peerId: FakeStore.engineClub, title: "Engine Club")
        let actions = FakeChatActions(store: store)
        actions.failure = CocoaError(.fileWriteNoPermission)
        chat.actions = actions
        chat.loadContentIfNeeded()
        for character in "hi 中文" { _ = chat.handle(.key(.character(character))) }
        _ = chat.handle(.key(.enter))
        #expect(actions.sent.isEmpty && chat.composer.text == "hi 中文" && chat.status != nil, "kept to try again")
        actions.failure = nil
        _ = chat.handle(.paste("\nsecond line"))
        _ = chat.handle(.key(.enter))
        #expect(actions.sent.map(\.text) == ["hi 中文\nsecond line"] && chat.composer.text.isEmpty)
    }

    @Test func contactsAndCallsShowTheirSources() throws {
        let store = FakeStore.fixture(messages: 3)
        store.contactItems = [ContactItem(id: FakeStore.ada, title: "Ada Lovelace", detail: "@ada")]
        store.callItems = [CallItem(peerId: FakeStore.ada, title: "Ada Lovelace", timestamp: 1_700_000_000, isMissed: true)]
        let contacts = ContactsController(source: store)
        var opened: [ChatId] = []
        contacts.onOpenChat = { id, _ in opened.append(id) }
        let window = Self.window(contacts)
        #expect(store.draw(window).contains { $0.contains("Ada Lovelace") && $0.contains("@ada") })
        window.handle(.key(.enter))
        #expect(opened == [FakeStore.ada])
        let calls = CallsController(source: store)
        calls.reload(now: 1_800_000_000)
        #expect(calls.items.first?.title == "📞 Ada Lovelace" && calls.tabBarItem?.badge == "1", "one missed call")
        #expect(store.readsWhileDrawing.isEmpty, "\(store.readsWhileDrawing)")
    }
}

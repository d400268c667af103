import Display
import Testing
@testable import TelegramUI
import TelegramUIFakes

/// A chat whose history has a hole (ids the server has that are not here yet, as a difference too
/// long leaves between what was read and the newest): read forward from the first unread message
/// or back from the newest, the view stops at the hole, asks the server for it and says so, and
/// goes on when it is here; what lies beyond a hole is never shown next to what lies before it.
@MainActor
@Suite("TelegramUI: reading across holes")
struct ChatHolesTests {
    /// Engine Club, 600 messages, read up to 100, 150…449 on the server only.
    private func chat(answer: HistoryOnServer = .fetching) -> (ChatController, FakeStore, Window) {
        let store = FakeStore.fixture(messages: 600)
        store.incomingRead[FakeStore.engineClub] = 100
        store.serverHoles[FakeStore.engineClub] = [150 ... 449]
        store.serverAnswer = answer
        let chat = ChatController(source: store, peerId: FakeStore.engineClub, title: "Engine Club")
        let window = Window(rootController: NavigationController(mode: .single, root: chat), context: PresentationContext(theme: .dayMonochrome))
        window.layout(size: Size(width: 60, height: 20))
        chat.loadPagesIfNeeded()
        return (chat, store, window)
    }

    private func screen(_ window: Window) -> [String] {
        var surface = Surface(width: 0, height: 0)
        window.render(into: &surface)
        return surface.textLines
    }

    private func ids(_ chat: ChatController) -> [Int32] { chat.history.messages.map(\.index.id) }

    @Test func readForwardFromTheDividerStopsAtTheHoleAndGoesOnWhenItIsHere() {
        let (chat, store, window) = chat()
        #expect(screen(window).contains { $0.contains("unread messages") })
        // Down to the hole: 149 is the last loaded, nothing after it until the server answers.
        for _ in 0 ..< 20 { window.handle(.key(.pageDown)) }
        #expect(ids(chat).last == 149, "\(ids(chat).suffix(3))")
        #expect(chat.history.hasNewer && !chat.isFollowing, "the window is not at the chat's end")
        #expect(store.serverAsks.contains("newer above 149"), "\(store.serverAsks)")
        let lines = screen(window)
        #expect(lines.contains { $0.contains("message 149") } && !lines.contains { $0.contains("message 450") }, "\(lines)")
        #expect(lines.contains { $0.contains(ChatController.loadingNewerNote) }, "\(lines)")

        // The first page of the hole is stored: the view goes on from 150, and stops again.
        store.serverHoles[FakeStore.engineClub] = [250 ... 449]
        chat.reload()
        for _ in 0 ..< 20 { window.handle(.key(.pageDown)) }
        #expect(ids(chat).last == 249)
        #expect(store.serverAsks.last == "newer above 249", "\(store.serverAsks)")
        let loaded = ids(chat)
        #expect(zip(loaded, loaded.dropFirst()).allSatisfy { $1 == $0 + 1 }, "consecutive, nothing skipped")

        // All of it: the view reaches the newest and follows again; the note goes.
        store.serverHoles[FakeStore.engineClub] = []
        chat.reload()
        for _ in 0 ..< 40 { window.handle(.key(.pageDown)) }
        #expect(ids(chat).last == 600 && chat.isFollowing)
        #expect(!screen(window).contains { $0.contains(ChatController.loadingNewerNote) })
    }

    @Test func aHoleTheServerCannotGiveNowIsSaidAndTheEndStillJumpsToTheNewest() {
        let (chat, store, window) = chat(answer: .unavailable("not connected to the server"))
        for _ in 0 ..< 20 { window.handle(.key(.pageDown)) }
        #expect(ids(chat).last == 149)
        #expect(screen(window).contains { $0.contains("Newer messages are on the server, not here") }, "\(screen(window))")
        // ^End: the newest page, which stops at the hole below it; reading back asks for it.
        window.handle(.key(KeyEvent(.end, modifiers: .control)))
        #expect(ids(chat).last == 600 && chat.isFollowing && !ids(chat).contains(149), "\(ids(chat).prefix(2)) … \(ids(chat).suffix(2))")
        for _ in 0 ..< 20 { window.handle(.key(.pageUp)) }
        #expect(ids(chat).first == 450)
        #expect(store.serverAsks.contains("older below 450"), "\(store.serverAsks)")
    }
}

/// New messages are laid out alone, after the last laid out (not the whole window again): the
/// lines are those a chat opened afresh lays out, a new day's date line and a group's senders
/// included.
@MainActor
@Suite("TelegramUI: new messages laid out alone")
struct AppendedLinesTests {
    @Test func theSameLinesAsLaidOutAfresh() {
        let store = FakeStore.fixture(messages: 30)
        let chat = ChatController(source: store, peerId: FakeStore.engineClub, title: "Engine Club")
        let window = Window(rootController: NavigationController(mode: .single, root: chat), context: PresentationContext(theme: .dayMonochrome))
        window.layout(size: Size(width: 60, height: 20))
        chat.loadPagesIfNeeded()
        _ = chat.historyLines(width: 58)
        // Three more, the last on the next day, by both authors.
        let last = store.histories[FakeStore.engineClub]!.last!.index
        for (n, seconds) in [(31, 60), (32, 120), (33, 86_400 * 2)] {
            store.histories[FakeStore.engineClub]!.append(ChatMessage(index: ChatMessage.Index(timestamp: last.timestamp + Int32(seconds), id: Int32(n)),
                                                                       authorId: n % 2 == 0 ? FakeStore.ada : .user(1), text: "message \(n)",
                                                                       isIncoming: n % 2 == 0))
            chat.reload()
        }
        let appended = chat.historyLines(width: 58)
        let fresh = ChatController(source: store, peerId: FakeStore.engineClub, title: "Engine Club")
        let other = Window(rootController: NavigationController(mode: .single, root: fresh), context: PresentationContext(theme: .dayMonochrome))
        other.layout(size: Size(width: 60, height: 20))
        fresh.loadPagesIfNeeded()
        #expect(chat.history.messages == fresh.history.messages)
        #expect(appended == fresh.historyLines(width: 58))
        #expect(appended.contains { $0.isDate && $0 != appended.first }, "a date line for the new day")
    }
}

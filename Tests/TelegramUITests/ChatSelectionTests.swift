import Display
import Testing
@testable import TelegramUI
import TelegramUIFakes

/// Selecting a message and acting on it, over the fake store: the keys of the selection
/// (↑ from an empty composer, ↑ ↓ Home End, Esc) and each action's key, what it asks the app
/// for, and what the chat shows after.
@MainActor
@Suite("TelegramUI: selecting and acting on messages")
struct ChatSelectionTests {
    /// A chat in a window 60×20 over a fixture of `messages`, with recording actions.
    private func chat(messages: Int = 30) -> (ChatController, FakeStore, FakeChatActions, Window) {
        let store = FakeStore.fixture(messages: messages)
        let chat = ChatController(source: store, peerId: FakeStore.engineClub, title: "Engine Club")
        let actions = FakeChatActions(store: store)
        actions.targets = [ForwardTarget(chat: FakeStore.ada, title: "Ada Lovelace"), ForwardTarget(chat: .user(7), title: "Grace Hopper")]
        chat.actions = actions
        let window = Window(rootController: NavigationController(mode: .single, root: chat), context: PresentationContext(theme: .dayMonochrome))
        window.layout(size: Size(width: 60, height: 20))
        chat.loadPagesIfNeeded()
        return (chat, store, actions, window)
    }

    private func screen(_ window: Window) -> [String] {
        var surface = Surface(width: 0, height: 0)
        window.render(into: &surface)
        return surface.textLines
    }

    private func press(_ window: Window, _ keys: Key...) {
        for key in keys { window.handle(.key(KeyEvent(key))) }
    }

    @Test func upFromAnEmptyComposerSelectsTheNewestAndEscReturns() {
        let (chat, _, _, window) = chat()
        press(window, .up)
        #expect(chat.selection?.id == 30)
        #expect(screen(window).contains { $0.hasPrefix("▌") && $0.contains("message 30") })
        press(window, .up, .up)
        #expect(chat.selection?.id == 28)
        press(window, .down)
        #expect(chat.selection?.id == 29)
        press(window, .escape)
        #expect(chat.selection == nil && !screen(window).contains { $0.hasPrefix("▌") })
        // With text in the composer, ↑ does not select.
        press(window, .character("x"), .up)
        #expect(chat.selection == nil)
    }

    @Test func homeReachesTheOldestThroughEveryPageAndEndTheNewest() {
        let (chat, store, _, window) = chat(messages: 1000)
        press(window, .up, .home)
        #expect(chat.selection?.id == 1)
        #expect(screen(window).contains { $0.contains("message 1 ") || $0.hasSuffix("message 1") })
        #expect(store.historyReads.count < 8, "the top read directly, not 10 pages: \(store.historyReads.count)")
        press(window, .down)
        #expect(chat.selection?.id == 2)
        press(window, .end)
        #expect(chat.selection?.id == 1000)
    }

    @Test func replySendsWithTheTargetAndShowsItAboveTheComposer() throws {
        let (chat, store, actions, window) = chat()
        press(window, .up, .up, .character("r"))
        #expect(chat.selection == nil && chat.replyTarget?.index.id == 29)
        #expect(screen(window).contains { $0.contains("↩ Reply to You: message 29") }, "\(screen(window))")
        for c in "yes" { press(window, .character(c)) }
        press(window, .enter)
        #expect(actions.sent.count == 1 && actions.sent[0].text == "yes" && actions.sent[0].replyTo?.id == 29)
        #expect(chat.replyTarget == nil)
        // A reply whose message is deleted elsewhere is dropped at the next reload.
        press(window, .up, .up, .character("r"))
        let target = chat.replyTarget?.index
        #expect(target != nil)
        store.histories[FakeStore.engineClub]?.removeAll { $0.index == target }
        chat.reload()
        #expect(chat.replyTarget == nil)
    }

    @Test func editTakesOwnMessagesOnlyAndSavesUnderTheSameId() {
        let (chat, _, actions, window) = chat()
        press(window, .up, .character("e"))
        #expect(chat.status == "Only your own messages can be edited" && chat.editTarget == nil, "message 30 is Ada's")
        press(window, .up, .character("e"))
        #expect(chat.editTarget?.index.id == 29 && chat.composer.text == "message 29")
        press(window, .backspace, .backspace, .character("X"), .enter)
        #expect(actions.edits.count == 1 && actions.edits[0].0.id == 29 && actions.edits[0].1 == "message X")
        #expect(screen(window).contains { $0.contains("message X") && $0.contains("edited") }, "\(screen(window))")
        // Esc gives up an edit and brings the draft back.
        press(window, .character("d"), .character("r"), .up, .up, .up, .character("e"), .escape)
        #expect(chat.editTarget == nil)
    }

    @Test func deleteOffersTelegramsChoicesAndEnterTakesTheFirst() {
        let (chat, _, actions, window) = chat()
        press(window, .up, .character("d"))
        #expect(screen(window).contains { $0.contains("Delete for everyone") }, "\(screen(window))")
        press(window, .enter)
        #expect(actions.deletions.count == 1 && actions.deletions[0].0.map(\.id) == [30] && !actions.deletions[0].1.forEveryone)
        #expect(!screen(window).contains { $0.contains("message 30") }, "gone from the chat")
        #expect(chat.selection?.id == 29, "the selection moves to the message before")
    }

    @Test func spaceMarksSeveralForOneDeletion() {
        let (_, _, actions, window) = chat()
        press(window, .up, .character(" "), .up, .character(" "), .up, .character("d"), .down, .enter)
        #expect(actions.deletions.count == 1 && Set(actions.deletions[0].0.map(\.id)) == [29, 30] && actions.deletions[0].1.forEveryone)
    }

    @Test func forwardPicksAChatByTyping() {
        let (chat, _, actions, window) = chat()
        press(window, .up, .character("f"))
        #expect(screen(window).contains { $0.contains("Grace Hopper") })
        for c in "gra" { press(window, .character(c)) }
        #expect(!screen(window).contains { $0.contains("Ada Lovelace") })
        press(window, .enter)
        #expect(actions.forwards.count == 1 && actions.forwards[0].1 == .user(7) && actions.forwards[0].0.map(\.id) == [30])
        #expect(chat.status == "Forwarded to Grace Hopper")
    }

    @Test func reactPinCopyAndDetails() {
        let (chat, _, actions, window) = chat()
        press(window, .up, .character("+"), .down, .enter)
        #expect(actions.reactionsToggled.count == 1 && actions.reactionsToggled[0].0 == "❤️")
        #expect(screen(window).contains { $0.contains("❤️ 1") }, "\(screen(window))")
        press(window, .character("p"))
        #expect(actions.pins.last??.id == 30)
        #expect(screen(window).contains { $0.contains("📌 Pinned: message 30") }, "\(screen(window))")
        press(window, .character("p"))
        #expect(actions.pins.last! == nil && chat.pinned == nil, "p again unpins")
        press(window, .character("y"))
        #expect(actions.copied == ["message 30"] && chat.status == "Copied")
        press(window, .character("i"))
        let details = screen(window)
        #expect(details.contains { $0.contains("Message ID") && $0.contains("30") }, "\(details)")
        #expect(details.contains { $0.contains("From") && $0.contains("Ada Lovelace") })
    }

    /// A message deleted by another process left the open chat only when it
    /// was reopened; a reload (the app's tick) now takes it away, wherever it is on screen.
    @Test func aMessageDeletedElsewhereLeavesTheOpenChatAtTheNextReload() {
        let (chat, store, _, window) = chat(messages: 400)
        #expect(screen(window).contains { $0.contains("message 400") })
        store.histories[FakeStore.engineClub]?.removeAll { $0.index.id == 400 }
        chat.reload()
        #expect(!screen(window).contains { $0.contains("message 400") })
        // Scrolled far up (past the newest page), a deletion on screen goes too.
        for _ in 0 ..< 20 { press(window, .pageUp) }
        let shown = screen(window).compactMap { $0.split(separator: " ").last.flatMap { Int($0) } }
        let victim = try! #require(shown.first)
        store.histories[FakeStore.engineClub]?.removeAll { $0.index.id == Int32(victim) }
        chat.reload()
        #expect(!screen(window).contains { $0.hasSuffix(" message \(victim)") || $0.contains(" message \(victim) ") })
    }

    @Test func aDraftIsKeptAndComesBack() {
        let (chat, store, actions, window) = chat()
        press(window, .up, .up, .character("r"))
        for c in "half" { press(window, .character(c)) }
        chat.saveDraftIfChanged()
        #expect(actions.drafts.last == ComposerDraft(text: "half", replyTo: chat.replyTarget?.index))
        chat.saveDraftIfChanged()
        #expect(actions.drafts.count == 1, "unchanged: not written again")
        let again = ChatController(source: store, peerId: FakeStore.engineClub, title: "Engine Club")
        again.loadContentIfNeeded()
        #expect(again.composer.text == "half" && again.replyTarget?.index.id == 29)
    }

    @Test func anUnreadChatOpensAtItsDividerAndReadsWhatComesIntoView() {
        let store = FakeStore.fixture(messages: 600)
        store.incomingRead[FakeStore.engineClub] = 100
        let chat = ChatController(source: store, peerId: FakeStore.engineClub, title: "Engine Club")
        var reads: [Int32] = []
        chat.onRead = { reads.append($0.id) }
        let window = Window(rootController: NavigationController(mode: .single, root: chat), context: PresentationContext(theme: .dayMonochrome))
        window.layout(size: Size(width: 60, height: 20))
        chat.loadPagesIfNeeded()
        var surface = Surface(width: 0, height: 0)
        window.render(into: &surface)
        let lines = surface.textLines
        let divider = lines.firstIndex { $0.contains("250 unread messages") }
        #expect(divider != nil && lines[divider! + 1].contains("message 102"), "\(lines)")
        #expect(reads.last.map { $0 < 130 } ?? false, "only what is in view is read: \(reads)")
        window.handle(.key(KeyEvent(.end, modifiers: .control)))
        #expect(reads.last == 600)
    }

    /// Another process deletes messages below the divider while the chat is open: the count
    /// follows (an incoming one less each), the line moves to the next unread message when its own goes, and
    /// it goes when nothing it counted is left; an outgoing message is not counted.
    @Test func theDividerFollowsDeletionsBelowIt() {
        let store = FakeStore.fixture(messages: 20)
        store.incomingRead[FakeStore.engineClub] = 6
        let chat = ChatController(source: store, peerId: FakeStore.engineClub, title: "Engine Club")
        let window = Window(rootController: NavigationController(mode: .single, root: chat), context: PresentationContext(theme: .dayMonochrome))
        window.layout(size: Size(width: 60, height: 30))
        chat.loadPagesIfNeeded()
        let history = store.histories[FakeStore.engineClub] ?? []
        let unread = history.filter { $0.isIncoming && $0.index.id > 6 }
        #expect(chat.divider?.count == unread.count && unread.count >= 4, "\(String(describing: chat.divider))")
        func delete(_ id: Int32) {
            store.histories[FakeStore.engineClub]?.removeAll { $0.index.id == id }
            chat.reload()
        }
        // One below the line: one less.
        let last = unread.last!
        delete(last.index.id)
        #expect(chat.divider?.count == unread.count - 1)
        #expect(screen(window).contains { $0.contains(unread.count - 1 == 1 ? "1 unread message" : "\(unread.count - 1) unread messages") },
                "\(screen(window))")
        // The line's own message: the line moves to the next unread one.
        delete(unread.first!.index.id)
        #expect(chat.divider?.count == unread.count - 2)
        #expect(chat.divider?.before.id == unread.dropFirst().first?.index.id)
        // An outgoing message below: no change.
        if let outgoing = (store.histories[FakeStore.engineClub] ?? []).last(where: { !$0.isIncoming && $0.index.id > 6 }) {
            let before = chat.divider
            delete(outgoing.index.id)
            #expect(chat.divider == before)
        }
        for message in unread.dropFirst().dropLast() { delete(message.index.id) }
        #expect(chat.divider == nil, "nothing counted is left")
        #expect(!screen(window).contains { $0.contains("unread message") })
    }

    /// A reply's Enter (nothing in it to open) or ^] goes to the message it answers, far back,
    /// read from the store and selected; Backspace goes back, jump by jump.
    @Test func aReplyJumpsToWhatItAnswersAndBackspaceComesBack() throws {
        let store = FakeStore.fixture(messages: 3_000)
        var history = store.histories[FakeStore.engineClub] ?? []
        let newest = try #require(history.indices.max { history[$0].index < history[$1].index })
        let far = try #require(history.first { $0.index.id == 40 })
        let middle = try #require(history.first { $0.index.id == 2_000 })
        history[newest].content.reply = .message(author: nil, text: "far back")
        history[newest].content.replyTarget = middle.index
        let middleSlot = try #require(history.firstIndex { $0.index == middle.index })
        history[middleSlot].content.reply = .message(author: nil, text: "further")
        history[middleSlot].content.replyTarget = far.index
        store.histories[FakeStore.engineClub] = history
        let chat = ChatController(source: store, peerId: FakeStore.engineClub, title: "Engine Club")
        let window = Window(rootController: NavigationController(mode: .single, root: chat), context: PresentationContext(theme: .dayMonochrome))
        window.layout(size: Size(width: 60, height: 20))
        chat.loadPagesIfNeeded()
        press(window, .up)
        #expect(chat.selection?.id == 3_000)
        press(window, .enter)
        #expect(chat.selection == middle.index, "Enter on a reply with nothing to open")
        #expect(screen(window).contains { $0.hasPrefix("▌") && $0.contains("message 2000") }, "\(screen(window))")
        window.handle(.key(KeyEvent(.character("]"), modifiers: .control)))
        #expect(chat.selection == far.index, "^] from there, further back")
        #expect(screen(window).contains { $0.hasPrefix("▌") && $0.contains("message 40") })
        press(window, .backspace)
        #expect(chat.selection == middle.index)
        press(window, .backspace)
        #expect(chat.selection?.id == 3_000)
        #expect(screen(window).contains { $0.hasPrefix("▌") && $0.contains("message 3000") })
    }

    /// Vim style in the selection: j/k move, gg the oldest, G the newest, / finds a message by its
    /// words (older than the selection), n the next one older.
    @Test func vimKeysMoveAndFindInTheSelection() {
        let (chat, _, _, window) = chat(messages: 300)
        chat.keyBindings = KeyBindings(style: .vim)
        press(window, .up, .character("k"), .character("k"))
        #expect(chat.selection?.id == 298)
        press(window, .character("j"))
        #expect(chat.selection?.id == 299)
        press(window, .character("/"))
        for c in "message 12" { press(window, .character(c)) }
        #expect(screen(window).contains { $0.contains("/message 12") }, "the query line: \(screen(window))")
        press(window, .enter)
        #expect(chat.selection?.id == 129, "the newest older match: \(String(describing: chat.selection))")
        press(window, .character("n"))
        #expect(chat.selection?.id == 128)
        press(window, .character("g"), .character("g"))
        #expect(chat.selection?.id == 1)
        press(window, .character("G"))
        #expect(chat.selection?.id == 300)
    }
}

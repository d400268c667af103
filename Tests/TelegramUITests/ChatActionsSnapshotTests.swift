import Display
@testable import TelegramUI
import TelegramUIFakes
import Testing

/// The conversation's screens drawn in memory at 60×16 and compared line by line: a selected message
/// with its key line, the reply line over the composer, the pinned bar and the unread divider,
/// the delete sheet, the reaction sheet and the forward picker narrowed by typing. Clock times
/// and date lines are the machine's local time, so they are put in words before comparing.
@MainActor
@Suite("TelegramUI: selection, sheets and the chat's bars, as drawn")
struct ChatActionsSnapshotTests {
    /// Engine Club's last messages in a 60×16 window over a fixture of 6, with recording actions.
    func chat(unreadAfter mark: Int32? = nil) -> (ChatController, FakeStore, Window) {
        let store = FakeStore.fixture(messages: 6)
        if let mark { store.incomingRead[FakeStore.engineClub] = mark }
        let chat = ChatController(source: store, peerId: FakeStore.engineClub, title: "Engine Club")
        let actions = FakeChatActions(store: store)
        actions.targets = [ForwardTarget(chat: FakeStore.ada, title: "Ada Lovelace"), ForwardTarget(chat: .user(7), title: "Grace Hopper"),
                           ForwardTarget(chat: .user(8), title: "Alan Turing")]
        chat.actions = actions
        let navigation = NavigationController(mode: .single, root: chat)
        // Sheets open and close at once (no transition absorbing the next key).
        navigation.reducedMotion = true
        let window = Window(rootController: navigation, context: PresentationContext(theme: .dayMonochrome))
        window.showsKeyLine = true
        window.layout(size: Size(width: 60, height: 16))
        chat.loadPagesIfNeeded()
        return (chat, store, window)
    }

    func screen(_ window: Window) -> [String] {
        var surface = Surface(width: 0, height: 0)
        window.render(into: &surface)
        return surface.textLines.map { line in
            var text = String(line.reversed().drop { $0 == " " }.reversed())
            text = text.replacing(/\d\d:\d\d/, with: "HH:MM")
            if TimeText.longWeekdays.contains(where: { text.contains($0) }) { return "<date>" }
            return text
        }
    }

    func press(_ window: Window, _ keys: Key...) {
        for key in keys { window.handle(.key(KeyEvent(key))) }
    }

    @Test func aSelectedMessageAndTheReplyLine() {
        let (_, _, window) = chat()
        press(window, .up, .up)
        ChatContentSnapshotTests.expect(screen(window), [
            "                        Engine Club",
            "────────────────────────────────────────────────────────────",
            "",
            "",
            "",
            "",
            "<date>",
            " HH:MM You: message 1 ✓",
            " HH:MM Ada Lovelace: message 2",
            " HH:MM You: message 3 ✓",
            " HH:MM Ada Lovelace: message 4",
            "▌HH:MM You: message 5 ✓",
            " HH:MM Ada Lovelace: message 6",
            "────────────────────────────────────────────────────────────",
            " Message selected",
            " ↑↓ select  r reply  e edit  d delete  f forward  + react",
        ])
        press(window, .character("r"))
        ChatContentSnapshotTests.expect(screen(window), [
            "                        Engine Club",
            "────────────────────────────────────────────────────────────",
            "",
            "",
            "",
            "<date>",
            " HH:MM You: message 1 ✓",
            " HH:MM Ada Lovelace: message 2",
            " HH:MM You: message 3 ✓",
            " HH:MM Ada Lovelace: message 4",
            " HH:MM You: message 5 ✓",
            " HH:MM Ada Lovelace: message 6",
            " ↩ Reply to You: message 5",
            "────────────────────────────────────────────────────────────",
            " ›  Message",
            " ⏎ send  ↑ select",
        ])
    }

    @Test func thePinnedBarAndTheUnreadDivider() {
        let (chat, store, window) = chat(unreadAfter: 3)
        store.pinned[FakeStore.engineClub] = ChatMessage.Index(timestamp: 1_700_000_000 + 2 * 60, id: 2)
        chat.reload()
        ChatContentSnapshotTests.expect(screen(window), [
            "                        Engine Club",
            "────────────────────────────────────────────────────────────",
            " 📌 Pinned: message 2",
            "",
            "",
            "<date>",
            " HH:MM You: message 1 ✓",
            " HH:MM Ada Lovelace: message 2",
            " HH:MM You: message 3 ✓",
            "──────────────────── 2 unread messages ─────────────────────",
            " HH:MM Ada Lovelace: message 4",
            " HH:MM You: message 5 ✓",
            " HH:MM Ada Lovelace: message 6",
            "────────────────────────────────────────────────────────────",
            " ›  Message",
            " ⏎ send  ↑ select",
        ])
    }

    @Test func theDeleteAndReactionSheetsAndTheForwardPicker() {
        let (_, _, window) = chat()
        press(window, .up, .character("d"))
        ChatContentSnapshotTests.expect(screen(window), [
            "                        Engine Club",
            "──┌──────────────────────────────────────────────────────┐──",
            "  │Close              Delete message?                    │",
            "  │──────────────────────────────────────────────────────│",
            "  │ Delete for me                                        │",
            "  │ Delete for everyone                                  │",
            "  │                                                      │",
            " 2│                                                      │",
            " 2│                                                      │",
            " 2│                                                      │",
            " 2│                                                      │",
            " 2│                                                      │",
            "▌2│                                                      │",
            "──│                                                      │──",
            " M│                                                      │",
            " ↑↓ move  ⏎ choose  Esc cancel",
        ])
        press(window, .escape, .character("+"))
        ChatContentSnapshotTests.expect(screen(window), [
            "                        Engine Club",
            "──┌──────────────────────────────────────────────────────┐──",
            "  │Close                   React                         │",
            "  │──────────────────────────────────────────────────────│",
            "  │ thumbsup                                             │",
            "  │ 👍  ❤️  🔥                                           │",
            "  │                                                      │",
            " 2│                                                      │",
            " 2│                                                      │",
            " 2│                                                      │",
            " 2│                                                      │",
            " 2│                                                      │",
            "▌2│                                                      │",
            "──│                                                      │──",
            " M│ Find: ▏                                              │",
            " abc find  ←↑↓→ move  ⏎ react  Esc cancel",
        ])
        // Typing narrows the grid by name: "fi" leaves 🔥.
        press(window, .character("f"), .character("i"))
        #expect(screen(window).contains { $0.contains("│ fire") } && screen(window).contains { $0.contains("│ 🔥 ") }
                && !screen(window).contains { $0.contains("👍  ❤️") }, "\(screen(window))")
        press(window, .escape, .character("f"), .character("a"))
        ChatContentSnapshotTests.expect(screen(window), [
            "                        Engine Club",
            "──┌──────────────────────────────────────────────────────┐──",
            "  │Close                Forward to…                      │",
            "  │──────────────────────────────────────────────────────│",
            "  │ Ada Lovelace                                         │",
            "  │ Alan Turing                                          │",
            "  │                                                      │",
            " 2│                                                      │",
            " 2│                                                      │",
            " 2│                                                      │",
            " 2│                                                      │",
            " 2│                                                      │",
            "▌2│                                                      │",
            "──│                                                      │──",
            " M│ To: a▏                                               │",
            " abc filter  ↑↓ move  ⏎ forward  Esc cancel",
        ])
    }
}

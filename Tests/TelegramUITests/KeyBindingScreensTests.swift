import Display
@testable import TelegramUI
import TelegramUIFakes
import Testing

/// The person's keys reaching the screens: a rebinding in the chat list and its key line, vim's
/// keys in the search's results, and `?` listing what is bound.
@MainActor
@Suite("TelegramUI: key bindings")
struct KeyBindingScreensTests {
    @Test func reboundSearchKeyOpensTheSearchAndShowsInTheKeyLine() {
        let store = FakeStore.fixture(messages: 5)
        let list = ChatListController(source: store)
        var searches = 0
        list.onSearch = { searches += 1 }
        var bindings = KeyBindings.defaults
        bindings.bind(.list(.search), to: [[KeyEvent(.character("s"))]])
        bindings.bind(.list(.down), to: [[KeyEvent(.character("n"), modifiers: .control)]])
        list.keyBindings = bindings
        let window = ScreensOverSourcesTests.window(list)
        _ = store.draw(window)
        _ = window.handle(.key(.character("/")))
        #expect(searches == 0, "/ is no longer search")
        _ = window.handle(.key(.character("s")))
        #expect(searches == 1)
        #expect(list.keyHints.contains(KeyHintItem("s", "search")), "\(list.keyHints)")
        _ = window.handle(.key(.character("n"), .control))
        #expect(list.selectedIndex == 1, "ctrl-n moves down")
        _ = window.handle(.key(.down))
        #expect(list.selectedIndex == 1, "↓ is no longer bound")
    }

    @Test func vimKeysInTheSearchResults() {
        let store = FakeStore.fixture(messages: 30)
        store.searchResults = { _, limit in
            (0 ..< min(limit, 5)).map { .message(FakeStore.engineClub, title: "Engine Club", text: "message \($0)", index: ChatMessage.Index(timestamp: 1_700_000_000, id: Int32($0 + 1))) }
        }
        let search = ChatSearchController(source: store)
        search.keyBindings = KeyBindings(style: .vim)
        let window = ScreensOverSourcesTests.window(search)
        for character in "message" { _ = window.handle(.key(.character(character))) }
        _ = window.handle(.key(.enter))
        #expect(search.results.count > 2)
        _ = window.handle(.key(.down))
        #expect(!search.isEditingQuery && search.selectedIndex == 0)
        _ = window.handle(.key(.character("j")))
        _ = window.handle(.key(.character("n")))
        #expect(search.selectedIndex == 2 && !search.isEditingQuery, "j and n move through the results")
        _ = window.handle(.key(.character("G")))
        #expect(search.selectedIndex == search.results.count - 1)
        _ = window.handle(.key(.character("n")))
        #expect(search.selectedIndex == 0, "n after the last goes round to the first")
        _ = window.handle(.key(.character("x")))
        #expect(search.isEditingQuery && search.query.text.hasSuffix("x"), "other letters go back to typing")
    }

    @Test func helpListsTheBoundKeys() {
        var bindings = KeyBindings(style: .vim)
        bindings.bind(.global(.quit), to: [[KeyEvent(.character("q"), modifiers: .control)]])
        let sections = HelpController.sections(bindings)
        let everywhere = sections.first { $0.0 == "Everywhere" }?.1 ?? []
        #expect(everywhere.contains { $0 == ("^Q", "quit, after asking (on a root screen)") }, "\(everywhere)")
        #expect(everywhere.contains { $0 == ("? F1", "this help") }, "\(everywhere)")
        let lists = sections.first { $0.0 == "Lists" }?.1 ?? []
        #expect(lists.contains { $0 == ("Home gg", "first row") }, "\(lists)")
        let selection = sections.first { $0.0 == "A selected message" }?.1 ?? []
        #expect(selection.contains { $0 == ("r", "reply") })
    }
}

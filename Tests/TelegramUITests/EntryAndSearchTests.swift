import Display
import Formats
@testable import TelegramUI
import TelegramUIFakes
import Testing

/// The forms (login, passcode) and the chat list's `/` search, driven by keys as a person would.
@MainActor
@Suite("TelegramUI: text entry and search")
struct EntryAndSearchTests {
    static func window(_ root: ViewController, width: Int = 60, height: Int = 14) -> Window {
        let window = Window(rootController: NavigationController(mode: .single, root: root),
                            context: PresentationContext(theme: .dayMonochrome))
        window.layout(size: Size(width: width, height: height))
        return window
    }

    static func type(_ text: String, into window: Window) {
        for character in text { window.handle(.key(.character(character))) }
    }

    static func text(_ window: Window) -> String {
        var surface = Surface(width: 0, height: 0)
        window.render(into: &surface)
        return surface.textLines.joined(separator: "\n")
    }

    @Test("a masked field never shows what is typed; a refusal clears it and says why")
    func maskedEntry() {
        let entry = TextEntryController(step: TextEntryStep(title: "Locked", label: "Passcode", isSecure: true, capacity: 8))
        var submitted: [String] = []
        entry.onSubmit = { text in
            submitted.append(text)
            return text == "2468" ? .done : .error("wrong passcode (1 failed attempt)")
        }
        let window = Self.window(entry)
        Self.type("1357", into: window)
        #expect(!Self.text(window).contains("1357"))
        #expect(Self.text(window).contains("••••"))
        window.handle(.key(.enter))
        #expect(Self.text(window).contains("wrong passcode (1 failed attempt)"))
        #expect(entry.field.text.isEmpty, "a refused passcode is cleared")
        window.handle(.paste("24689999"))
        #expect(entry.field.text == "24689999", "capacity 8")
        window.handle(.key(.backspace))
        window.handle(.key(.backspace))
        window.handle(.key(.backspace))
        window.handle(.key(.backspace))
        window.handle(.key(.enter))
        #expect(submitted == ["1357", "2468"])
    }

    @Test("the login: the phone checked as it is typed, then the name, Esc back a step")
    func loginSteps() {
        let entry = TextEntryController(step: TextEntryStep(title: "Telegram", label: "Phone", initialText: "+"))
        entry.validate = { entry.step.label == "Phone" ? LoginInput.phoneProblem($0) : LoginInput.nameProblem($0) }
        var logins: [String] = []
        entry.onSubmit = { text in
            if entry.step.label == "Phone" { return .next(TextEntryStep(title: "Your Name", label: "Name")) }
            logins.append(text)
            return .done
        }
        let window = Self.window(entry)
        Self.type("155", into: window)
        #expect(Self.text(window).contains("phone needs at least 5 digits (got 3)"))
        window.handle(.key(.enter))
        #expect(entry.step.label == "Phone", "an invalid number does not go on")
        Self.type("5x", into: window)
        #expect(Self.text(window).contains("phone must be digits"))
        window.handle(.key(.backspace))
        Self.type("50001", into: window)
        #expect(entry.problem == nil)
        window.handle(.key(.enter))
        #expect(entry.step.label == "Name" && entry.field.text.isEmpty)
        window.handle(.key(.escape))
        #expect(entry.step.label == "Phone", "Esc goes back a step")
        window.handle(.key(.enter))
        Self.type("Ada Lovelace", into: window)
        window.handle(.key(.enter))
        #expect(logins == ["Ada Lovelace"])
    }

    @Test("work on its way (a code being sent) says so under the field; Enter and Esc wait; its end moves on or says why")
    func workOnItsWay() {
        let entry = TextEntryController(step: TextEntryStep(title: "Telegram", label: "Phone", initialText: "+"))
        var submitted: [String] = []
        var cancelled = 0
        entry.onSubmit = { text in
            submitted.append(text)
            return .working("Sending the code…")
        }
        entry.onCancel = { cancelled += 1 }
        let window = Self.window(entry)
        Self.type("15550001", into: window)
        window.handle(.key(.enter))
        #expect(Self.text(window).contains("Sending the code…") && entry.working != nil)
        window.handle(.key(.enter))
        window.handle(.key(.escape))
        #expect(submitted == ["+15550001"] && cancelled == 0, "Enter and Esc wait while it works")
        entry.finish(.error("too many attempts: try again in 12 s"))
        #expect(Self.text(window).contains("too many attempts: try again in 12 s") && !Self.text(window).contains("Sending"))
        window.handle(.key(.enter))
        #expect(submitted.count == 2)
        entry.finish(.next(TextEntryStep(title: "Code", label: "Code")))
        #expect(entry.step.label == "Code" && entry.working == nil && Self.text(window).contains("Code"))
    }

    @Test("/ search: chat names as typed, message text on Enter, ↓ into the results, Enter opens")
    func search() throws {
        let store = FakeStore.fixture(messages: 3)
        var asked: [(String, Int)] = []
        store.searchResults = { query, limit in
            asked.append((query, limit))
            let chats: [ChatSearchResult] = "engine club".hasPrefix(query) ? [.chat(FakeStore.engineClub, title: "Engine Club")] : []
            return chats + (limit > 0 ? [.message(FakeStore.engineClub, title: "Engine Club", text: "You: message 299", index: ChatMessage.Index(timestamp: 1_700_000_000, id: 299))] : [])
        }
        let search = ChatSearchController(source: store)
        var opened: [ChatId] = []
        search.onOpenChat = { peer, _, _ in opened.append(peer) }
        let window = Self.window(search, height: 20)
        Self.type("engine", into: window)
        #expect(search.results == [.chat(FakeStore.engineClub, title: "Engine Club")])
        #expect(asked.allSatisfy { $0.1 == 0 }, "typing searches titles only")
        for _ in 0 ..< 6 { window.handle(.key(.backspace)) }
        Self.type("message 29", into: window)
        #expect(search.results.isEmpty && Self.text(window).contains("No chat by that name"))
        window.handle(.key(.enter))
        #expect(asked.last?.0 == "message 29" && asked.last?.1 == ChatSearchController.messageLimit, "Enter searches messages")
        #expect(Self.text(window).contains("You: message 299"))
        window.handle(.key(.down))
        window.handle(.key(.enter))
        #expect(opened == [FakeStore.engineClub])
    }

    @Test("search marks a secret chat 🔒, as the chat list does, so it is not taken for the normal chat of the same name")
    func searchMarksSecretChats() throws {
        let store = FakeStore.fixture(messages: 3)
        let ada = ChatId(kind: .user, id: 5, packed: 5)
        let secret = ChatId(kind: .secretChat, id: 6, packed: 6)
        store.searchResults = { _, limit in
            [.chat(ada, title: "Ada Lovelace"), .chat(secret, title: "Ada Lovelace")]
                + (limit > 0 ? [.message(secret, title: "Ada Lovelace", text: "the engine", index: ChatMessage.Index(timestamp: 1_700_000_000, id: 1))] : [])
        }
        let search = ChatSearchController(source: store)
        let window = Self.window(search, height: 20)
        Self.type("ada", into: window)
        window.handle(.key(.enter))
        let rows = Self.text(window).split(separator: "\n").filter { $0.contains("Ada Lovelace") }
        #expect(rows.count == 3, "\(rows)")
        #expect(rows.filter { $0.contains("🔒 Ada Lovelace") }.count == 2, "the secret chat and its message marked: \(rows)")
        #expect(rows.filter { !$0.contains("🔒") }.count == 1, "the normal chat unmarked: \(rows)")
    }
}

import Display
@testable import TelegramUI
import Testing

/// New Group's and Add Members' people picker, in memory: Enter marks and unmarks (the title
/// counts), typing narrows without losing marks, Tab goes on with those marked, in the order
/// marked, and not with nobody.
@MainActor
@Suite("The people picker: marks, filter, Tab")
struct MemberPickerTests {
    static let people = [ContactItem(id: ChatId(kind: .user, id: 2, packed: 2), title: "Grace Hopper", detail: "@grace"),
                         ContactItem(id: ChatId(kind: .user, id: 3, packed: 3), title: "Linus Torvalds", detail: "+15550003"),
                         ContactItem(id: ChatId(kind: .user, id: 4, packed: 4), title: "Alan Turing")]

    @Test func marksFilterAndTab() {
        var done: [[ChatId]] = []
        let picker = MemberPickerController(title: "New Group", people: Self.people) { done.append($0) }
        let list = ListController(title: "Chats")
        let navigation = NavigationController(mode: .single, root: list)
        navigation.pushViewController(picker, animated: false)
        let window = Window(rootController: navigation, context: PresentationContext(theme: .dayMonochrome))
        window.showsKeyLine = true
        window.layout(size: Size(width: 80, height: 16))

        window.press(.tab)
        #expect(done.isEmpty && navigation.topViewController === picker, "Tab with nobody marked stays")
        #expect(window.screenLines.last?.contains("mark someone") == true, "\(window.screenLines.last ?? "")")
        for character in "lin" { window.press(.character(character)) }
        window.press(.enter)
        #expect(picker.marked == [Self.people[1].id] && picker.title == "New Group (1)")
        for _ in 0 ..< 3 { window.press(.backspace) }
        var screen = window.screenLines.joined(separator: "\n")
        #expect(screen.contains("✓ Linus Torvalds") && screen.contains("  Grace Hopper") && screen.contains("  Alan Turing"), "\(screen)")
        window.press(.enter)  // Grace, the first row
        window.press(.down, .down, .enter, .enter)  // Alan marked and unmarked
        screen = window.screenLines.joined(separator: "\n")
        #expect(screen.contains("✓ Grace Hopper") && screen.contains("  Alan Turing") && picker.title == "New Group (2)", "\(screen)")
        window.press(.tab)
        #expect(done == [[Self.people[1].id, Self.people[0].id]], "in the order marked")
        #expect(navigation.topViewController === list, "the picker closed")
    }

    /// Adding members: once the server says who is in the chat, they read "already a member" and
    /// Enter does not mark them; one marked before the answer is unmarked.
    @Test func membersAreShownAndNotMarked() {
        var done: [[ChatId]] = []
        let picker = MemberPickerController(title: "Add to Compilers", people: Self.people) { done.append($0) }
        let navigation = NavigationController(mode: .single, root: ListController(title: "Chats"))
        navigation.pushViewController(picker, animated: false)
        let window = Window(rootController: navigation, context: PresentationContext(theme: .dayMonochrome))
        window.layout(size: Size(width: 80, height: 16))

        window.press(.enter)  // Grace marked before the server answered
        #expect(picker.marked == [Self.people[0].id] && picker.title == "Add to Compilers (1)")
        picker.members = [Self.people[0].id, Self.people[1].id]
        let screen = window.screenLines.joined(separator: "\n")
        #expect(picker.marked.isEmpty && picker.title == "Add to Compilers", "a member is not added again")
        #expect(screen.contains("Grace Hopper") && screen.contains("Linus Torvalds") && !screen.contains("✓"), "\(screen)")
        #expect(window.screenLines.filter { $0.contains("already a member") }.count == 2, "\(screen)")
        window.press(.enter)
        #expect(picker.marked.isEmpty, "Enter on a member marks nobody")
        window.press(.down, .down, .enter, .tab)
        #expect(done == [[Self.people[2].id]], "the others are still offered")
    }
}

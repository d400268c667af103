import Display
import Testing

/// The person's keys: the notation people write, the one defaults table (every key parses, no key
/// means two things where it reaches one screen), rebinding, and vim's keys in a list.
@MainActor
@Suite("Key bindings")
struct KeyBindingsTests {
    @Test func notationReadsWhatPeopleWrite() throws {
        #expect(try KeyNotation.parse("j") == KeyEvent(.character("j")))
        #expect(try KeyNotation.parse("G") == KeyEvent(.character("G")))
        #expect(try KeyNotation.parse("shift-g") == KeyEvent(.character("G")))
        #expect(try KeyNotation.parse("ctrl-a") == KeyEvent(.character("a"), modifiers: .control))
        #expect(try KeyNotation.parse("Ctrl-A") == KeyEvent(.character("a"), modifiers: .control))
        #expect(try KeyNotation.parse("alt-enter") == KeyEvent(.enter, modifiers: .alt))
        #expect(try KeyNotation.parse("ctrl-alt-x") == KeyEvent(.character("x"), modifiers: [.control, .alt]))
        #expect(try KeyNotation.parse("pgup") == KeyEvent(.pageUp))
        #expect(try KeyNotation.parse("PageDown") == KeyEvent(.pageDown))
        #expect(try KeyNotation.parse("f5") == KeyEvent(.function(5)))
        #expect(try KeyNotation.parse("shift-tab") == KeyEvent(.backTab))
        #expect(try KeyNotation.parse("space") == KeyEvent(.character(" ")))
        #expect(try KeyNotation.parse("-") == KeyEvent(.character("-")))
        #expect(try KeyNotation.parse("ctrl--") == KeyEvent(.character("-"), modifiers: .control))
        #expect(try KeyNotation.parseSequence("g g") == [KeyEvent(.character("g")), KeyEvent(.character("g"))])
        #expect(KeyNotation.hint(for: [KeyEvent(.character("g")), KeyEvent(.character("g"))]) == "gg")
    }

    @Test func notationRefusesWhatItDoesNotKnow() {
        #expect(throws: KeyNotation.Invalid.self) { try KeyNotation.parse("pgupp") }
        #expect(throws: KeyNotation.Invalid.self) { try KeyNotation.parse("hyper-a") }
        #expect(throws: KeyNotation.Invalid.self) { try KeyNotation.parse("f25") }
        #expect(throws: KeyNotation.Invalid.self) { try KeyNotation.parseSequence("") }
        #expect(throws: KeyNotation.Invalid.self) { try KeyNotation.parseSequence("a b c d") }
    }

    /// Every key in the tables parses, every action of each table's context is real, and no key
    /// means two things in one context or across contexts that reach one screen together.
    @Test(arguments: KeyStyle.allCases)
    func defaultsAreConsistent(style: KeyStyle) throws {
        for table in [DefaultKeyBindings.standard, DefaultKeyBindings.vim] {
            for (_, keys) in table { for key in keys { _ = try KeyNotation.parseSequence(key) } }
        }
        let listed = Set(DefaultKeyBindings.standard.map(\.0))
        for context in KeyContext.allCases {
            for action in KeyAction.all(in: context) { #expect(listed.contains(action), "\(action) has no row in the defaults table") }
        }
        let bindings = KeyBindings(style: style)
        let groups = KeyContext.allCases.map { [$0] } + KeyContext.layered
        for group in groups {
            var owner: [[KeyEvent]: KeyAction] = [:]
            for action in group.flatMap(KeyAction.all(in:)) {
                for keys in bindings.keys(for: action) {
                    #expect(owner[keys] == nil, "\(keys) is bound to \(owner[keys].map { "\($0)" } ?? "") and \(action)")
                    owner[keys] = action
                }
            }
        }
        for (action, keys) in DefaultKeyBindings.standard + (style == .vim ? DefaultKeyBindings.vim : []) {
            #expect(bindings.keys(for: action).count >= keys.count, "\(action) lost a key")
        }
    }

    @Test func selectionActionsHaveTheirKeys() {
        let bindings = KeyBindings.defaults
        let expected: [(SelectionKeyAction, String)] = [(.reply, "r"), (.edit, "e"), (.delete, "d"), (.forward, "f"), (.react, "+"),
                                                       (.pin, "p"), (.copy, "y"), (.details, "i"), (.mark, "Space")]
        for (action, hint) in expected { #expect(bindings.hint(for: .selection(action)) == hint) }
        #expect(bindings.action(for: KeyEvent(.character("r")), in: .selection) == .selection(.reply))
        #expect(bindings.action(for: KeyEvent(.character("r")), in: .list) == nil)
    }

    @Test func rebindingMovesTheKey() {
        var bindings = KeyBindings.defaults
        bindings.bind(.list(.search), to: [[KeyEvent(.character("s"))]])
        #expect(bindings.action(for: KeyEvent(.character("s")), in: .list) == .list(.search))
        #expect(bindings.action(for: KeyEvent(.character("/")), in: .list) == nil)
        #expect(bindings.hint(for: .list(.search)) == "s")
        // Taking a key another action had: that action loses it, the other keys stay.
        bindings.bind(.list(.open), to: [[KeyEvent(.down)]])
        #expect(bindings.action(for: KeyEvent(.down), in: .list) == .list(.open))
        #expect(bindings.keys(for: .list(.down)).isEmpty)
    }

    @Test func sequenceReaderWaitsForTheSecondKey() {
        let bindings = KeyBindings(style: .vim)
        var reader = KeySequenceReader()
        let g = KeyEvent(.character("g"))
        #expect(reader.read(g, in: .list, bindings: bindings) == .pending)
        #expect(reader.read(g, in: .list, bindings: bindings) == .action(.list(.top)))
        // A g followed by what g starts nothing of: the g is dropped, the key read alone.
        #expect(reader.read(g, in: .list, bindings: bindings) == .pending)
        #expect(reader.read(KeyEvent(.character("j")), in: .list, bindings: bindings) == .action(.list(.down)))
        #expect(reader.read(KeyEvent(.character("x")), in: .list, bindings: bindings) == .unbound)
    }

    @Test func vimKeysMoveAList() {
        let list = ListControllerTests.list(50)
        list.keyBindings = KeyBindings(style: .vim)
        let scene = Scene(width: 40, height: 12, root: list)
        scene.type("jjj")
        #expect(list.selectedIndex == 3)
        scene.type("k")
        #expect(list.selectedIndex == 2)
        scene.type("G")
        #expect(list.selectedIndex == 49)
        scene.type("g")
        #expect(list.selectedIndex == 49, "one g waits")
        scene.type("g")
        #expect(list.selectedIndex == 0)
        list.keyBindings.bind(.list(.up), to: [[KeyEvent(.character("w"))]])
        #expect(list.keyHints.first == KeyHintItem("w↓", "move"), "the key line names the person's key")
    }

    @Test func standardKeysLeaveLettersAlone() {
        let list = ListControllerTests.list(50)
        let scene = Scene(width: 40, height: 12, root: list)
        scene.type("jjG")
        #expect(list.selectedIndex == 0, "j and G are vim's, not the standard keys")
        scene.press(.down)
        #expect(list.selectedIndex == 1)
    }
}

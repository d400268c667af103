import CNcursesw
import Display
import Testing
@testable import TerminalBackend

/// ncurses' key codes and control characters as Display keys.
struct KeyMappingTests {
    @Test func keyCodes() {
        let table: [(Int32, KeyEvent)] = [
            (KEY_UP, KeyEvent(.up)), (KEY_DOWN, KeyEvent(.down)), (KEY_LEFT, KeyEvent(.left)),
            (KEY_RIGHT, KeyEvent(.right)), (KEY_HOME, KeyEvent(.home)), (KEY_END, KeyEvent(.end)),
            (KEY_PPAGE, KeyEvent(.pageUp)), (KEY_NPAGE, KeyEvent(.pageDown)), (KEY_DC, KeyEvent(.delete)),
            (KEY_IC, KeyEvent(.insert)), (KEY_BACKSPACE, KeyEvent(.backspace)), (KEY_ENTER, KeyEvent(.enter)),
            (KEY_BTAB, KeyEvent(.backTab)),
            (KEY_SLEFT, KeyEvent(.left, modifiers: .shift)), (KEY_SRIGHT, KeyEvent(.right, modifiers: .shift)),
            (KEY_SR, KeyEvent(.up, modifiers: .shift)), (KEY_SF, KeyEvent(.down, modifiers: .shift)),
            (tg_KEY_F(1), KeyEvent(.function(1))), (tg_KEY_F(12), KeyEvent(.function(12))),
            (tg_KEY_F(24), KeyEvent(.function(24))),
            (tg_KEY_F(25), KeyEvent(.function(1), modifiers: .control)),
            (tg_KEY_F(41), KeyEvent(.function(5), modifiers: [.control, .shift])),
            (tg_KEY_F(52), KeyEvent(.function(4), modifiers: .alt)),
        ]
        for (code, event) in table {
            #expect(KeyMapping.key(forCode: code) == event, "code \(code)")
        }
        #expect(KeyMapping.key(forCode: KEY_MAX + 1000) == nil)
    }

    @Test func extendedCodesComeFirst() {
        let extended: [Int32: KeyEvent] = [600: KeyEvent(.left, modifiers: .control)]
        #expect(KeyMapping.key(forCode: 600, extended: extended) == KeyEvent(.left, modifiers: .control))
        #expect(KeyMapping.key(forCode: 600) == nil)
    }

    @Test func extendedCapabilityNames() {
        let capabilities = Dictionary(uniqueKeysWithValues: ExtendedKeys.capabilities.map { ($0.capability, $0.event) })
        #expect(capabilities["kLFT5"] == KeyEvent(.left, modifiers: .control))
        #expect(capabilities["kUP"] == KeyEvent(.up, modifiers: .shift))
        #expect(capabilities["kRIT3"] == KeyEvent(.right, modifiers: .alt))
        #expect(capabilities["kDN6"] == KeyEvent(.down, modifiers: [.control, .shift]))
        #expect(capabilities["kHOM8"] == KeyEvent(.home, modifiers: [.control, .shift, .alt]))
        #expect(capabilities["kNXT5"] == KeyEvent(.pageDown, modifiers: .control))
        #expect(capabilities.count == 10 * 7)
    }

    @Test func controlCharacters() {
        #expect(KeyMapping.key(forControl: 127) == KeyEvent(.backspace))
        #expect(KeyMapping.key(forControl: 8) == KeyEvent(.backspace))
        #expect(KeyMapping.key(forControl: 13) == KeyEvent(.enter))
        // LF is Ctrl-J (a new line in the composer); Enter is CR under `nonl`.
        #expect(KeyMapping.key(forControl: 10) == KeyEvent(.character("j"), modifiers: .control))
        #expect(KeyMapping.key(forControl: 9) == KeyEvent(.tab))
        #expect(KeyMapping.key(forControl: 27) == KeyEvent(.escape))
        #expect(KeyMapping.key(forControl: 1) == KeyEvent(.character("a"), modifiers: .control))
        #expect(KeyMapping.key(forControl: 3) == KeyEvent(.character("c"), modifiers: .control))
        #expect(KeyMapping.key(forControl: 26) == KeyEvent(.character("z"), modifiers: .control))
        #expect(KeyMapping.key(forControl: 0) == KeyEvent(.character(" "), modifiers: .control))
        #expect(KeyMapping.key(forControl: 28) == KeyEvent(.character("\\"), modifiers: .control))
        #expect(KeyMapping.key(forControl: 31) == KeyEvent(.character("_"), modifiers: .control))
        #expect(KeyMapping.key(forControl: 0x61) == nil)
        #expect(KeyMapping.isPrintable(0x61) && KeyMapping.isPrintable(0x1F469) && !KeyMapping.isPrintable(127))
    }
}

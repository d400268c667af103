import Display
@testable import TelegramUI
import Testing

/// The composer as a line editor, tested as a value: each key's effect on the text and the cursor.
@Suite("TelegramUI: composer editing keys")
struct ComposerEditingTests {
    /// A composer holding `text` with the cursor at the `|` in it.
    func composer(_ marked: String) -> Composer {
        var composer = Composer()
        let parts = marked.split(separator: "|", omittingEmptySubsequences: false)
        composer.insert(String(parts[0]))
        if parts.count > 1 {
            composer.insert(String(parts[1]))
            for _ in 0 ..< parts[1].count { composer.moveLeft() }
        }
        return composer
    }

    /// The text with `|` where the cursor is.
    func marked(_ composer: Composer) -> String {
        var text = composer.text
        text.insert("|", at: composer.cursorIndex)
        return text
    }

    func press(_ keys: [KeyEvent], on start: String) -> (String, [Bool]) {
        var editor = composer(start)
        let taken = keys.map { editor.handle($0) }
        return (marked(editor), taken)
    }

    static func ctrl(_ letter: Character) -> KeyEvent { KeyEvent(.character(letter), modifiers: .control) }
    static func alt(_ letter: Character) -> KeyEvent { KeyEvent(.character(letter), modifiers: .alt) }

    @Test func typingInTheMiddleInsertsAtTheCursor() {
        let (text, _) = press([KeyEvent(.left), KeyEvent(.left), KeyEvent(.character("X"))], on: "hello|")
        #expect(text == "helX|lo")
    }

    @Test func leftRightHomeEndAndControlAE() {
        #expect(press([KeyEvent(.home)], on: "one two|").0 == "|one two")
        #expect(press([KeyEvent(.end)], on: "|one two").0 == "one two|")
        #expect(press([Self.ctrl("a")], on: "one\ntwo thr|ee").0 == "one\n|two three", "the line's start, not the text's")
        #expect(press([Self.ctrl("e")], on: "o|ne\ntwo").0 == "one|\ntwo", "the line's end")
        #expect(press([KeyEvent(.left)], on: "|ab").0 == "|ab", "nothing before the start")
        #expect(press([KeyEvent(.right)], on: "ab|").0 == "ab|")
        #expect(press([KeyEvent(.right), KeyEvent(.right)], on: "|👩‍👩‍👧中x").0 == "👩‍👩‍👧中|x", "a grapheme cluster is one step")
    }

    @Test func wordsBackAndForward() {
        #expect(press([Self.alt("b")], on: "send the report|").0 == "send the |report")
        #expect(press([Self.alt("b"), Self.alt("b")], on: "send the report  |").0 == "send |the report  ")
        #expect(press([Self.alt("f")], on: "|send the report").0 == "send| the report")
        #expect(press([Self.alt("f"), Self.alt("f")], on: "|send, the report").0 == "send, the| report", "punctuation ends a word")
        #expect(press([Self.alt("b")], on: "日本語 テキスト|").0 == "日本語 |テキスト")
    }

    @Test func deletingWordsAndLineParts() {
        #expect(press([Self.ctrl("w")], on: "send the report|").0 == "send the |")
        #expect(press([Self.ctrl("w")], on: "send the   |x").0 == "send |x", "the spaces and the word before them")
        #expect(press([Self.ctrl("u")], on: "first\nsecond li|ne").0 == "first\n|ne", "to the line's start")
        #expect(press([Self.ctrl("k")], on: "fir|st\nsecond").0 == "fir|\nsecond", "to the line's end")
        #expect(press([Self.ctrl("u")], on: "|abc").0 == "|abc")
    }

    @Test func backspaceAndDeleteAtTheCursor() {
        #expect(press([KeyEvent(.backspace)], on: "ab|c").0 == "a|c")
        #expect(press([KeyEvent(.delete)], on: "ab|c").0 == "ab|")
        #expect(press([KeyEvent(.backspace)], on: "a👩‍👩‍👧|c").0 == "a|c", "a whole emoji")
        #expect(press([KeyEvent(.delete)], on: "a|中c").0 == "a|c", "a whole wide character")
        #expect(press([KeyEvent(.backspace)], on: "|abc").0 == "|abc")
        #expect(press([KeyEvent(.backspace)], on: "ab\n|cd").0 == "ab|cd", "joins the lines")
    }

    @Test func upAndDownMoveBetweenLinesAtTheSameColumn() {
        #expect(press([KeyEvent(.up)], on: "first line\nsec|ond").0 == "fir|st line\nsecond")
        #expect(press([KeyEvent(.down)], on: "first l|ine\nab").0 == "first line\nab|", "as near as the shorter line goes")
        #expect(press([KeyEvent(.up)], on: "中文字\nabcd|").0 == "中文|字\nabcd", "columns, not characters")
        let (_, taken) = press([KeyEvent(.up)], on: "only| line")
        #expect(taken == [false], "no line above: the chat scrolls instead")
        #expect(press([KeyEvent(.down)], on: "a\n|b").1 == [false])
    }

    @Test func anEmptyComposerLeavesNavigationKeysToTheScreen() {
        var editor = Composer()
        for key in [KeyEvent(.up), KeyEvent(.down), KeyEvent(.pageUp), KeyEvent(.pageDown), KeyEvent(.home), KeyEvent(.end),
                    KeyEvent(.enter), KeyEvent(.escape)] {
            let taken = editor.handle(key)
            #expect(!taken, "\(key)")
        }
        let controlG = editor.handle(KeyEvent(.character("g"), modifiers: .control))
        #expect(!controlG, "keys it has no use for")
        editor.insert("x")
        let home = editor.handle(KeyEvent(.home)), pageUp = editor.handle(KeyEvent(.pageUp)), enter = editor.handle(KeyEvent(.enter))
        #expect(home && !pageUp && !enter)
    }

    @Test func altEnterAndControlJMakeANewLineWhereTheComposerTakesThem() {
        #expect(press([KeyEvent(.enter, modifiers: .alt), KeyEvent(.character("b"))], on: "a|").0 == "a\nb|")
        #expect(press([Self.ctrl("j")], on: "a|b").0 == "a\n|b")
        var field = Composer(capacity: 8)
        let controlJ = field.handle(Self.ctrl("j")), altEnter = field.handle(KeyEvent(.enter, modifiers: .alt))
        #expect(!controlJ && !altEnter && field.text.isEmpty)
        field.insert("a\nb")
        #expect(field.text == "a b", "a field's newline is a space")
    }

    @Test func aFieldKeepsItsCapacityWhereverTheCursorIs() {
        var field = Composer(capacity: 4)
        field.insert("1234")
        field.moveLeft()
        field.insert("9")
        #expect(field.text == "1234" && field.cursor == 3)
        field.deleteBackward()
        field.insert("95")
        #expect(field.text == "1294" && field.cursor == 3)
    }

    @Test func aCombiningMarkJoinsTheCharacterBeforeTheCursor() {
        var editor = composer("e|x")
        editor.insert("\u{301}")
        #expect(editor.text == "éx" && editor.cursor == 1)
    }

    @Test func setReplacesTheTextWithTheCursorAtItsEnd() {
        var editor = composer("old| text")
        editor.set("new\ndraft")
        #expect(marked(editor) == "new\ndraft|")
    }
}

import Display
import Foundation
@testable import TelegramUI
import Testing

@Suite("TelegramUI: composer and message lines")
struct ComposerAndLinesTests {
    @Test func composerTakesTextUncappedAndAFieldKeepsItsCapacity() {
        var composer = Composer()
        #expect(composer.take() == nil)
        composer.insert("  \n ")
        #expect(composer.take() == nil, "whitespace alone is not sent")
        composer = Composer()
        composer.insert("héllo 👩‍👩‍👧")
        composer.deleteBackward()
        #expect(composer.text == "héllo ", "one grapheme cluster at a time")
        composer.insert(String(repeating: "x", count: 20000))
        #expect(composer.text.count == 20006, "a chat's composer cuts nothing: the app splits a long text")
        #expect(composer.take()?.count == 20006 && composer.text.isEmpty)
        var field = Composer(capacity: 4)
        field.insert("123456")
        #expect(field.text == "1234", "a form's field keeps its capacity")
    }

    @Test(arguments: [5, 8, 13, 40])
    func wrappedLinesNeverPassTheirWidth(width: Int) {
        let text = "The Analytical Engine weaves 代数的なパターン just as the Jacquard loom weaves 👩‍👩‍👧 flowers\nand leaves"
        let lines = TextWrap.lines(text, first: width - 2, rest: width)
        #expect(TextWidth.of(lines[0]) <= max(width - 2, 2))
        for line in lines.dropFirst() { #expect(TextWidth.of(line) <= max(width, 2), "\(line)") }
        #expect(lines.joined().filter { $0 != " " } == text.filter { $0 != " " && $0 != "\n" }, "nothing lost")
        #expect(lines.contains { $0.hasPrefix("and") }, "a newline starts a line")
    }
}

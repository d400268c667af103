import Display
import Foundation
@testable import TelegramUI
import Testing

@Suite("TelegramUI: composer and message lines")
struct ComposerAndLinesTests {
    @Test func composerTakesTextAndKeepsItsLimit() {
        var composer = Composer()
        #expect(composer.take() == nil)
        composer.insert("  \n ")
        #expect(composer.take() == nil, "whitespace alone is not sent")
        composer = Composer()
        composer.insert("héllo 👩‍👩‍👧")
        composer.deleteBackward()
        #expect(composer.text == "héllo ", "one grapheme cluster at a time")
        composer.insert(String(repeating: "x", count: 5000))
        #expect(composer.text.count == Composer.limit)
        #expect(composer.take()?.count == Composer.limit && composer.text.isEmpty)
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

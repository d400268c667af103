import CNcursesw
import Display
import Testing
@testable import TerminalBackend

/// Raw terminal input to events: grapheme grouping, Alt, control keys, bracketed paste.
struct InputDecoderTests {
    /// Feeds `inputs` as one burst and ends it.
    func decode(_ inputs: [RawInput], decoder: inout InputDecoder) -> [InputEvent] {
        inputs.flatMap { decoder.feed($0) } + decoder.endOfBurst()
    }

    func decode(_ inputs: [RawInput]) -> [InputEvent] {
        var decoder = InputDecoder()
        return decode(inputs, decoder: &decoder)
    }

    func text(_ string: String) -> [RawInput] { string.unicodeScalars.map { .character($0.value) } }

    @Test func zwjSequenceIsOneKey() {
        let family = "👩‍👩‍👧"
        #expect(decode(text(family)) == [.key(.character(Character(family)))])
        #expect(decode(text("a🏳️‍🌈b")) == [.key(.character("a")), .key(.character("🏳️‍🌈")), .key(.character("b"))])
        #expect(decode(text("e\u{301}")) == [.key(.character("e\u{301}"))])
        #expect(decode(text("🇺🇦🇵🇱")) == [.key(.character("🇺🇦")), .key(.character("🇵🇱"))])
    }

    @Test func textWaitsForTheEndOfTheBurst() {
        var decoder = InputDecoder()
        #expect(decoder.feed(.character(0x1F469)).isEmpty)
        #expect(decoder.feed(.character(0x200D)).isEmpty)
        #expect(decoder.feed(.character(0x1F467)).isEmpty)
        #expect(decoder.endOfBurst() == [.key(.character("👩‍👧"))])
        #expect(decoder.endOfBurst().isEmpty)
    }

    @Test func controlAndKeyCodesKeepTheirPlaceAmongText() {
        #expect(decode(text("ab") + [.character(13)] + text("c") + [.keyCode(KEY_LEFT)]) == [
            .key(.character("a")), .key(.character("b")), .key(.enter), .key(.character("c")), .key(.left),
        ])
        #expect(decode([.character(23)]) == [.key(.character("w"), .control)])
        #expect(decode([.character(127), .character(9)]) == [.key(.backspace), .key(.tab)])
    }

    @Test func escapeAloneAndAlt() {
        #expect(decode([.character(27)]) == [.key(.escape)])
        #expect(decode([.character(27)] + text("x")) == [.key(.character("x"), .alt)])
        #expect(decode([.character(27)] + text("xy")) == [.key(.character("x"), .alt), .key(.character("y"))])
        #expect(decode([.character(27), .keyCode(KEY_UP)]) == [.key(.up, .alt)])
        #expect(decode([.character(27), .character(2)]) == [.key(.character("b"), [.control, .alt])])
        #expect(decode([.character(27), .character(27)]) == [.key(.escape), .key(.escape)])
        #expect(decode(text("a") + [.character(27)]) == [.key(.character("a")), .key(.escape)])
    }

    /// The terminal's Enter (CR) sends; Alt-Enter (ESC CR) and Ctrl-J (LF) are the composer's new
    /// line, so neither may read as a plain Enter.
    @Test func enterAltEnterAndControlJAreThreeKeys() {
        #expect(decode([.character(13)]) == [.key(.enter)])
        #expect(decode([.character(27), .character(13)]) == [.key(.enter, .alt)])
        #expect(decode([.character(10)]) == [.key(.character("j"), .control)])
        #expect(decode(text("hi") + [.character(10)] + text("there") + [.character(13)]) == [
            .key(.character("h")), .key(.character("i")), .key(.character("j"), .control),
            .key(.character("t")), .key(.character("h")), .key(.character("e")), .key(.character("r")),
            .key(.character("e")), .key(.enter),
        ])
    }

    @Test func pasteIsOneEvent() {
        let inputs: [RawInput] = [.pasteStart] + text("one\r") + [.character(13), .character(10)] + text("two\tthree")
            + [.character(27)] + [.pasteEnd]
        #expect(decode(inputs) == [.paste("one\n\ntwo\tthree\u{1B}")])
    }

    @Test func pasteBetweenKeys() {
        let inputs: [RawInput] = text("a") + [.pasteStart] + text("b") + [.keyCode(KEY_UP), .pasteEnd] + text("c")
        #expect(decode(inputs) == [.key(.character("a")), .paste("b"), .key(.character("c"))])
    }

    @Test func pasteSpansBurstsAndKeepsResizes() {
        var decoder = InputDecoder()
        #expect(decode([.pasteStart] + text("ab"), decoder: &decoder).isEmpty)
        #expect(decoder.isPasting)
        #expect(decode(text("c") + [.resize(Size(width: 90, height: 30))], decoder: &decoder)
                == [.resize(Size(width: 90, height: 30))])
        #expect(decode([.pasteEnd], decoder: &decoder) == [.paste("abc")])
        #expect(!decoder.isPasting)
    }

    @Test func unterminatedPasteEndsAtTheTimeout() {
        var decoder = InputDecoder()
        _ = decode([.pasteStart] + text("half"), decoder: &decoder)
        #expect(decoder.pasteTimedOut() == [.paste("half")])
        #expect(decoder.pasteTimedOut().isEmpty)
        #expect(decode(text("k"), decoder: &decoder) == [.key(.character("k"))])
        #expect(decode([.pasteEnd]).isEmpty)  // an end without a start
    }

    @Test func pasteIsCapped() {
        #expect(InputDecoder().pasteLimit == 1 << 20)
        var decoder = InputDecoder(pasteLimit: 5)
        // "é" is two bytes: "abé" is 4, the next "é" would make 6 and is dropped, "z" still fits.
        let events = decode([.pasteStart] + text("abéé") + text("z") + text("more") + [.pasteEnd], decoder: &decoder)
        #expect(events == [.paste("abéz")])
    }

    @Test func defaultCapIsOneMebibyte() {
        var buffer = PasteBuffer()
        for _ in 0 ..< (1 << 20) + 100 { buffer.append(0x61) }
        #expect(buffer.byteCount == 1 << 20)
        #expect(buffer.text.utf8.count == 1 << 20)
        #expect(buffer.isTruncated)
    }

    @Test func mouseAndResizeFlushText() {
        let click = MouseEvent(.press(.left), at: Point(column: 3, row: 4))
        #expect(decode(text("a") + [.mouse(click), .resize(Size(width: 10, height: 5))])
                == [.key(.character("a")), .mouse(click), .resize(Size(width: 10, height: 5))])
    }
}

import Display
import Testing
@testable import TerminalBackend

/// Keys in every terminal's dialect, whatever TERM told ncurses: the sequences ncurses did not
/// match arrive as characters and are decoded by shape, or dropped, never typed.
struct KeySequencesTests {
    /// `sequence` (ESC written as \u{1B}) fed as characters in one burst.
    func decode(_ sequence: String) -> [InputEvent] {
        var decoder = InputDecoder()
        return sequence.unicodeScalars.flatMap { decoder.feed(.character($0.value)) } + decoder.endOfBurst()
    }

    @Test("xterm, tmux, screen and rxvt's Home, End and the other ~ keys", arguments: [
        ("\u{1B}[1~", Key.home), ("\u{1B}[4~", .end), ("\u{1B}[7~", .home), ("\u{1B}[8~", .end),
        ("\u{1B}[H", .home), ("\u{1B}[F", .end), ("\u{1B}OH", .home), ("\u{1B}OF", .end),
        ("\u{1B}[2~", .insert), ("\u{1B}[3~", .delete), ("\u{1B}[5~", .pageUp), ("\u{1B}[6~", .pageDown),
        ("\u{1B}[A", .up), ("\u{1B}OB", .down), ("\u{1B}[C", .right), ("\u{1B}OD", .left),
        ("\u{1B}[11~", .function(1)), ("\u{1B}OP", .function(1)), ("\u{1B}[15~", .function(5)),
        ("\u{1B}[17~", .function(6)), ("\u{1B}[24~", .function(12)), ("\u{1B}[Z", .backTab),
    ])
    func plainKeys(_ sequence: String, _ key: Key) {
        #expect(decode(sequence) == [.key(key)])
    }

    @Test("Modifiers in every form: xterm's ;mod, rxvt's $ ^ @ and lowercase, kitty's CSI u, modifyOtherKeys")
    func modifiers() {
        #expect(decode("\u{1B}[1;5D") == [.key(.left, .control)])
        #expect(decode("\u{1B}[1;3A") == [.key(.up, .alt)])
        #expect(decode("\u{1B}[1;2H") == [.key(.home, .shift)])
        #expect(decode("\u{1B}[24;1~") == [.key(.function(12))])
        #expect(decode("\u{1B}[3;5~") == [.key(.delete, .control)])
        #expect(decode("\u{1B}[1;5P") == [.key(.function(1), .control)])
        #expect(decode("\u{1B}[1;2R") == [.key(.function(3), .shift)])
        #expect(decode("\u{1B}[7$") == [.key(.home, .shift)])
        #expect(decode("\u{1B}[8^") == [.key(.end, .control)])
        #expect(decode("\u{1B}[a") == [.key(.up, .shift)])
        #expect(decode("\u{1B}Od") == [.key(.left, .control)])
        #expect(decode("\u{1B}[57;3u") == [.key(.character("9"), .alt)])
        #expect(decode("\u{1B}[97;5u") == [.key(.character("a"), .control)])
        #expect(decode("\u{1B}[97;2u") == [.key(.character("A"))])
        #expect(decode("\u{1B}[49:33;2u") == [.key(.character("!"))])
        #expect(decode("\u{1B}[13;3u") == [.key(.enter, .alt)])
        #expect(decode("\u{1B}[27u") == [.key(.escape)])
        #expect(decode("\u{1B}[57414u") == [.key(.enter)])
        #expect(decode("\u{1B}[57399u") == [.key(.character("0"))])
        #expect(decode("\u{1B}[27;5;13~") == [.key(.enter, .control)])
        #expect(decode("\u{1B}[27;3;97~") == [.key(.character("a"), .alt)])
        // rxvt's Alt: ESC before the sequence.
        #expect(decode("\u{1B}\u{1B}[A") == [.key(.up, .alt)])
    }

    @Test("A sequence the app has no key for is dropped, never typed, and what follows is text")
    func unknownSequencesAreDropped() {
        for sequence in ["\u{1B}[99~", "\u{1B}[57441u", "\u{1B}[97;1:3u", "\u{1B}[I", "\u{1B}[O", "\u{1B}[12;40R",
                         "\u{1B}[<0;10;5M", "\u{1B}[M !!", "\u{1B}[1;5E", "\u{1B}Oz", "\u{1B}[1;999A"] {
            #expect(decode(sequence + "x") == [.key(.character("x"))], "\(sequence.debugDescription)")
        }
    }

    @Test("Alt-[, Alt-O, Escape and Alt-letters stay what they were")
    func prefixesAlone() {
        #expect(decode("\u{1B}[") == [.key(.character("["), .alt)])
        #expect(decode("\u{1B}O") == [.key(.character("O"), .alt)])
        #expect(decode("\u{1B}") == [.key(.escape)])
        #expect(decode("\u{1B}x") == [.key(.character("x"), .alt)])
        #expect(decode("\u{1B}\u{1B}") == [.key(.escape), .key(.escape)])
    }

    @Test("A sequence cut between two reads waits for its rest")
    func splitAcrossReads() {
        var decoder = InputDecoder()
        let first = "\u{1B}[1;".unicodeScalars.flatMap { decoder.feed(.character($0.value)) } + decoder.endOfBurst()
        #expect(first.isEmpty)
        let rest = "5C".unicodeScalars.flatMap { decoder.feed(.character($0.value)) } + decoder.endOfBurst()
        #expect(rest == [.key(.right, .control)])
    }

    @Test("Text around sequences keeps its order")
    func textAroundSequences() {
        #expect(decode("ab\u{1B}[1~c") == [.key(.character("a")), .key(.character("b")), .key(.home), .key(.character("c"))])
    }
}

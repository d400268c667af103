import Testing
import Container

/// Data shown on a terminal never carries a control character: each is shown escaped.
@Suite("TerminalText: data never drives the terminal")
struct TerminalTextTests {
    static let hostile: [String] = [
        "\u{1B}[2J\u{1B}[Hcleared", "\u{1B}]0;new title\u{07}", "bell\u{07}", "line\nforged: yes", "over\rwrite",
        "\u{9B}31mC1 CSI", "\u{85}next line", "del\u{7F}", "nul\u{0}", "\u{202E}txt.exe", "\u{2066}isolate\u{2069}",
        "sep\u{2028}arator", "tab\there",
    ]

    @Test(arguments: hostile)
    func everyControlIsEscaped(_ text: String) {
        let escaped = TerminalText.escaped(text)
        #expect(!escaped.unicodeScalars.contains(where: TerminalText.needsEscape), "\(escaped.debugDescription)")
        // Idempotent: escaping what was escaped changes nothing (relayed output stays as it was).
        #expect(TerminalText.escaped(escaped) == escaped)
    }

    @Test func escapesAreReadable() {
        #expect(TerminalText.escaped("a\nb\rc\td") == #"a\nb\rc\td"#)
        #expect(TerminalText.escaped("\u{1B}[1m") == #"\u{1b}[1m"#)
        #expect(TerminalText.escaped("\u{9B}") == #"\u{9b}"#)
        #expect(TerminalText.quoted("k\u{7}") == #""k\u{7}""#)
        #expect(TerminalText.escaped("a\tb", keepingTabs: true) == "a\tb")
    }

    @Test func ordinaryTextIsUntouched() {
        for text in ["Ada Lovelace", "Привет, мир", "👩‍👩‍👧 family", "مرحبا", "日本語", "café", ""] {
            #expect(TerminalText.escaped(text) == text)
        }
    }

    @Test func jsonKeepsItsMeaningAndLosesRawControls() throws {
        let json = "{\"a\": \"x\u{9B}y\u{7F}z\u{2028}\"}"
        let escaped = TerminalText.escapedJSON(json)
        #expect(escaped == #"{"a": "x\u009by\u007fz\u2028"}"#)
        #expect(!escaped.unicodeScalars.contains(where: TerminalText.needsEscape))
    }
}

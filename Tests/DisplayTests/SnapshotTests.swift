import Display
import Testing

/// Screens drawn into the in-memory surface, compared with the committed text files in
/// `Snapshots/`. `DISPLAY_RECORD_SNAPSHOTS=1` rewrites them (and fails, so it is noticed).
@Suite("Snapshots of the surface")
struct SnapshotTests {
    static let border = Style(foreground: .palette(4))
    static let title = Style(foreground: .palette(15), attributes: .bold)

    /// (a) A bordered box whose title is too long: cut with `…`, corners and a `─` kept.
    @Test func boxWithTruncatedTitle() throws {
        var surface = Surface(width: 24, height: 5)
        surface.drawBox(Rect(column: 0, row: 0, width: 24, height: 5), style: Self.border,
                        title: " Chats with a very long folder name ", titleStyle: Self.title)
        surface.put("Saved Messages", column: 2, row: 1)
        surface.put("Ada Lovelace: see you at six", column: 2, row: 2, maxWidth: 20)
        surface.put("3 unread", column: 2, row: 3, style: Style(attributes: .dim))
        try Snapshot.check(surface, named: "box-truncated-title", styles: true)
    }

    /// (b) Mixed text in a box: each kind of cluster on a row of its own, then one line of all
    /// of them cut at every width from 22 columns down to 1, so the cut falls before, inside and
    /// after each wide cluster. The right border stays in its column on every row.
    @Test func mixedTextKeepsTheBorder() throws {
        let samples = [
            "Latin: Hello, world",
            "CJK: 中文字",
            "VS16: ❤️ ❄️ 🅱️ ✏️ ❤",
            "ZWJ: 👩‍👩‍👧 👨‍👩‍👧‍👦 🏳️‍🌈",
            "Flags: 🇺🇦🇩🇪🇯🇵",
            "Marks: e\u{301}te\u{301} cafe\u{301}",
            "Keycap 1\u{FE0F}\u{20E3} skin 👍🏽",
        ]
        let mixed = "a中👩‍👩‍👧🇺🇦e\u{301}❤️b1\u{FE0F}\u{20E3}👍🏽文"
        let width = 24, inner = width - 2
        let cuts = Array((1 ... TextWidth.of(mixed) + 1).reversed())
        var surface = Surface(width: width, height: samples.count + cuts.count + 2)
        surface.drawBox(Rect(column: 0, row: 0, width: width, height: surface.height), title: "Mixed")
        for (index, sample) in samples.enumerated() {
            surface.put(sample, column: 1, row: 1 + index, maxWidth: inner)
        }
        for (index, maxWidth) in cuts.enumerated() {
            let row = 1 + samples.count + index
            let end = surface.put(mixed, column: 1, row: row, maxWidth: maxWidth)
            #expect(end == 1 + min(maxWidth, TextWidth.of(mixed)), "width \(maxWidth)")
        }
        for row in 1 ..< surface.height - 1 {
            #expect(surface[0, row].character == "│", "row \(row)")
            #expect(surface[width - 1, row].character == "│", "row \(row)")
            #expect(TextWidth.of(surface.textLines[row]) == width, "row \(row)")
        }
        try Snapshot.check(surface, named: "mixed-text-border")
    }

    /// (c) Overwriting half of a wide character: the other half becomes a space in its style.
    @Test func overwritingHalfAWideCharacter() throws {
        var surface = Surface(width: 12, height: 4)
        let wide = Style(background: .palette(2))
        for row in 0 ..< 4 { surface.put("中文字|end", column: 0, row: row, style: wide) }
        surface.put("x", column: 1, row: 0)  // right half of 中
        surface.put("y", column: 2, row: 1)  // left half of 文
        surface.put("字", column: 1, row: 2)  // right half of 中 and left half of 文
        surface.put("ab", column: 3, row: 3, style: Style(attributes: .underline))  // across two
        try Snapshot.check(surface, named: "overwrite-half-wide", styles: true)
    }

    /// (d) Control characters in drawn text are shown as stand-ins, one column each.
    @Test func controlCharactersAsStandIns() throws {
        var surface = Surface(width: 30, height: 6)
        surface.drawBox(Rect(column: 0, row: 0, width: 30, height: 6), title: "Evil\u{1B}[2J\u{7}")
        surface.put("\u{1B}[31mred\u{1B}[0m bell\u{7}", column: 1, row: 1)
        surface.put("line\nforged\r\ttab\u{7F}", column: 1, row: 2)
        surface.put("C1 \u{9B}31m NEL\u{85} sep\u{2028}", column: 1, row: 3)
        surface.put("\u{202E}gnp.exe bidi \u{2066}x\u{2069}", column: 1, row: 4)
        try Snapshot.check(surface, named: "control-characters")
    }
}

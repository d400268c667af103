import Display
import Formats
@testable import TelegramUI
import TelegramUIFakes
import Testing

/// The chat screen showing what messages carry (FakeStore.contentFixture: replies, forwards,
/// edits, bots, signatures, reactions, polls, contacts, places, checklists, files, voice, video,
/// audio, stickers, photos, service lines, games, invoices), drawn in memory at 80 and 160
/// columns and compared line by line with how it should look. The clock ("HH:MM") and the date
/// line are the machine's local time, so they are put in words before comparing.
@MainActor
@Suite("TelegramUI: what a message carries, on the chat screen")
struct ChatContentSnapshotTests {
    /// The history's rows (between the title bar and the composer) of the chat in a `width` ×
    /// `height` window, leading blank rows dropped, trailing spaces trimmed, the time in words.
    static func history(width: Int, height: Int = 90, pictures: ((ChatMessage.Photo, Size) -> CellGrid?)? = nil) -> [String] {
        let store = FakeStore.contentFixture()
        let chat = ChatController(source: store, peerId: FakeStore.designers, title: "Designers")
        chat.photoPicture = pictures
        let window = Window(rootController: NavigationController(mode: .single, root: chat),
                            context: PresentationContext(theme: .dayMonochrome))
        window.layout(size: Size(width: width, height: height))
        chat.loadPagesIfNeeded()
        let frame = store.draw(window)
        #expect(store.readsWhileDrawing.isEmpty, "a frame reads nothing: \(store.readsWhileDrawing)")
        #expect(frame.allSatisfy { TextWidth.of($0) <= width }, "every line fits: \(frame)")
        let clock = TimeText.clock(FakeStore.contentTimestamp), date = TimeText.date(FakeStore.contentTimestamp)
        var lines = frame.map { line -> String in
            let trimmed = String(line.reversed().drop { $0 == " " }.reversed())
            if trimmed.trimmingPrefix(while: { $0 == " " }) == date { return "<date>" }
            return trimmed.hasPrefix(" \(clock) ") ? " HH:MM " + trimmed.dropFirst(clock.count + 2) : trimmed
        }
        let composer = lines.lastIndex { $0.hasPrefix("───") } ?? lines.count
        lines = Array(lines[..<composer])
        let bar = lines.firstIndex { $0.hasPrefix("───") } ?? -1
        return Array(lines[(bar + 1)...].drop { $0.isEmpty })
    }

    static func expect(_ shown: [String], _ expected: [String], sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(shown == expected, "\n\(shown.joined(separator: "\n"))", sourceLocation: sourceLocation)
        for (index, (line, want)) in zip(shown, expected).enumerated() where line != want {
            Issue.record("row \(index): \(line.debugDescription) is not \(want.debugDescription)", sourceLocation: sourceLocation)
            break
        }
    }

    /// 80 columns: a quote and a forward line cut with "…", the long text and the long poll
    /// answer wrapped (the answer under itself), wide characters and emoji counted as two.
    @Test func eachKindAt80Columns() {
        Self.expect(Self.history(width: 80), [
            "<date>",
            "                       Ada created the group «Designers»",
            " HH:MM Grace Hopper: Shall we meet on Thursday at the engine room?",
            " HH:MM Ada Lovelace: The Analytical Engine weaves 代数的なパターン just as the",
            "       Jacquard loom weaves 👩‍👩‍👧 flowers and leaves, and it might act upon other",
            "       things besides number",
            " HH:MM Ada Lovelace: ┃ Grace Hopper: Shall we meet on Thursday at the engine r…",
            "       Yes, bring the punched cards",
            "       👍 5  ❤️ 2  ◆ 1",
            " HH:MM You: ┃ deleted message",
            "       Fixed the typo  edited ✓",
            " HH:MM Ada Lovelace: ┃ a message in another chat",
            "       Interesting",
            " HH:MM Grace Hopper: Forwarded from Barbara Liskov · saved from Computing Hist…",
            "       The first bug was a moth",
            " HH:MM Ada Lovelace via @gif: Here is a GIF",
            "       [ Open ]  [ Visit site ]",
            "       [ Share with friends ]",
            " HH:MM Grace Hopper: Issue 12 is out  — Grace Hopper · edited",
            " HH:MM Ada Lovelace: 📊 Where shall we have lunch?",
            "        62% ██████░░░░ The Analytical Engine café ✓",
            "        38% ████░░░░░░ Sushi at the little place by the river that Charles",
            "                       recommended last week",
            "         0% ░░░░░░░░░░ Nowhere",
            "       13 votes · closed",
            " HH:MM Grace Hopper: 👤 Charles Babbage",
            "          +44 20 7946 0000",
            " HH:MM Ada Lovelace: 📍 Eiffel Tower",
            "          Champ de Mars, 5 Av. Anatole France, Paris",
            "          48.85826, 2.29450",
            " HH:MM Grace Hopper: 📍 Live location · -33.85678, 151.21530 · for 15 min",
            " HH:MM Ada Lovelace: 📍 Location · 51.50000, -0.12000",
            " HH:MM Grace Hopper: 📋 Before the demo",
            "       ☑ Oil the gears",
            "       ☐ Punch the cards",
            "       ☑ Invite the Royal Society",
            "       2 of 3 done",
            " HH:MM Ada Lovelace: 📎 report.pdf · 1.2 MB · application/pdf · not included",
            "       the report",
            " HH:MM Grace Hopper: 📎 notes.txt · 850 B · missing",
            " HH:MM Ada Lovelace: 🎤 Voice message · 0:03",
            " HH:MM Grace Hopper: 📹 Video · 1:05 · 3.4 MB",
            " HH:MM Ada Lovelace: 🎵 Ada – Engine Song · 3:25",
            " HH:MM Grace Hopper: 😀 Sticker",
            " HH:MM Ada Lovelace: 🖼 Photo · 64×48",
            "       look at this",
            " HH:MM Grace Hopper: 🖼 Photo · 1280×960 · not included",
            " HH:MM Ada Lovelace: 🎮 Lumberjack",
            "          Chop as fast as you can",
            " HH:MM Grace Hopper: 🧾 Engine parts",
            "          12.50 GBP",
            "          Brass gears, 12 pieces",
            "                    Ada pinned «Where shall we have lunch?»",
        ])
    }

    /// 160 columns: nothing cut, the text wraps once.
    @Test func eachKindAt160Columns() {
        Self.expect(Self.history(width: 160), [
            "<date>",
            "                                                               Ada created the group «Designers»",
            " HH:MM Grace Hopper: Shall we meet on Thursday at the engine room?",
            " HH:MM Ada Lovelace: The Analytical Engine weaves 代数的なパターン just as the Jacquard loom weaves 👩‍👩‍👧 flowers and leaves, and it might act upon other things",
            "       besides number",
            " HH:MM Ada Lovelace: ┃ Grace Hopper: Shall we meet on Thursday at the engine room?",
            "       Yes, bring the punched cards",
            "       👍 5  ❤️ 2  ◆ 1",
            " HH:MM You: ┃ deleted message",
            "       Fixed the typo  edited ✓",
            " HH:MM Ada Lovelace: ┃ a message in another chat",
            "       Interesting",
            " HH:MM Grace Hopper: Forwarded from Barbara Liskov · saved from Computing History",
            "       The first bug was a moth",
            " HH:MM Ada Lovelace via @gif: Here is a GIF",
            "       [ Open ]  [ Visit site ]",
            "       [ Share with friends ]",
            " HH:MM Grace Hopper: Issue 12 is out  — Grace Hopper · edited",
            " HH:MM Ada Lovelace: 📊 Where shall we have lunch?",
            "        62% ██████░░░░ The Analytical Engine café ✓",
            "        38% ████░░░░░░ Sushi at the little place by the river that Charles recommended last week",
            "         0% ░░░░░░░░░░ Nowhere",
            "       13 votes · closed",
            " HH:MM Grace Hopper: 👤 Charles Babbage",
            "          +44 20 7946 0000",
            " HH:MM Ada Lovelace: 📍 Eiffel Tower",
            "          Champ de Mars, 5 Av. Anatole France, Paris",
            "          48.85826, 2.29450",
            " HH:MM Grace Hopper: 📍 Live location · -33.85678, 151.21530 · for 15 min",
            " HH:MM Ada Lovelace: 📍 Location · 51.50000, -0.12000",
            " HH:MM Grace Hopper: 📋 Before the demo",
            "       ☑ Oil the gears",
            "       ☐ Punch the cards",
            "       ☑ Invite the Royal Society",
            "       2 of 3 done",
            " HH:MM Ada Lovelace: 📎 report.pdf · 1.2 MB · application/pdf · not included",
            "       the report",
            " HH:MM Grace Hopper: 📎 notes.txt · 850 B · missing",
            " HH:MM Ada Lovelace: 🎤 Voice message · 0:03",
            " HH:MM Grace Hopper: 📹 Video · 1:05 · 3.4 MB",
            " HH:MM Ada Lovelace: 🎵 Ada – Engine Song · 3:25",
            " HH:MM Grace Hopper: 😀 Sticker",
            " HH:MM Ada Lovelace: 🖼 Photo · 64×48",
            "       look at this",
            " HH:MM Grace Hopper: 🖼 Photo · 1280×960 · not included",
            " HH:MM Ada Lovelace: 🎮 Lumberjack",
            "          Chop as fast as you can",
            " HH:MM Grace Hopper: 🧾 Engine parts",
            "          12.50 GBP",
            "          Brass gears, 12 pieces",
            "                                                            Ada pinned «Where shall we have lunch?»",
        ])
    }

    /// Where the app draws pictures, a photo whose file is here is a picture 8 rows tall, as wide
    /// as its 64×48 shape makes it (21 columns), on rows of its own under the sender; the caption
    /// follows. Until the picture is drawn the box says "🖼 Photo"; a photo left out stays a line.
    @Test func photosArePicturesWhereTheAppDrawsThem() throws {
        var asked: [Size] = []
        let waiting = Self.history(width: 80) { _, size in asked.append(size); return nil }
        #expect(Set(asked) == [Size(width: 21, height: 8)], "the one photo here, at its size: \(asked)")
        let head = try #require(waiting.firstIndex(of: " HH:MM Ada Lovelace:"))
        Self.expect(Array(waiting[head ... head + 10]), [" HH:MM Ada Lovelace:", "       🖼 Photo"] + Array(repeating: "", count: 7)
            + ["       look at this", " HH:MM Grace Hopper: 🖼 Photo · 1280×960 · not included"])

        let picture = CellGrid(width: 21, height: 8, fill: .init("▀", foreground: .rgb(30, 90, 180), background: .rgb(230, 130, 20)))
        let drawn = Self.history(width: 80) { photo, size in
            photo.fileId == "photo-1" && size == Size(width: 21, height: 8) ? picture : nil
        }
        let row = "       " + String(repeating: "▀", count: 21)
        Self.expect(Array(drawn[head ... head + 10]), [" HH:MM Ada Lovelace:"] + Array(repeating: row, count: 8)
            + ["       look at this", " HH:MM Grace Hopper: 🖼 Photo · 1280×960 · not included"])
    }

    /// Sizes in cells from the photo's shape: two pixels a row, at most 8 rows and 48 columns (or
    /// the room there is); an unknown shape gets a 4:3 box; no file, no picture.
    @Test func pictureSizesFollowThePhotosShape() {
        func size(_ w: Int?, _ h: Int?, room: Int = 72) -> Size? {
            PhotoPicture.size(of: ChatMessage.Photo(width: w, height: h, fileId: "f"), maxColumns: room)
        }
        #expect(size(64, 48) == Size(width: 21, height: 8))
        #expect(size(48, 64) == Size(width: 12, height: 8), "portrait")
        #expect(size(1000, 100) == Size(width: 48, height: 3), "a panorama is cut to 48 columns and fewer rows")
        #expect(size(1000, 100, room: 20) == Size(width: 20, height: 1))
        #expect(size(nil, nil) == Size(width: 21, height: 8))
        #expect(size(Int(Int32.max), 1) == Size(width: 48, height: 1), "a hostile shape still fits")
        #expect(PhotoPicture.size(of: ChatMessage.Photo(width: 64, height: 48), maxColumns: 72) == nil)
        #expect(PhotoPicture.size(of: ChatMessage.Photo(width: 64, height: 48, availability: .missing, fileId: "f"), maxColumns: 72) == nil)
    }

    /// Sizes, durations and shares as the lines write them.
    @Test func numbersInWords() {
        #expect(ByteCountText.text(850) == "850 B" && ByteCountText.text(1040) == "1 KB" && ByteCountText.text(1_258_291) == "1.2 MB")
        #expect(ByteCountText.text(5 << 30) == "5 GB" && ByteCountText.text(Int64.max).hasSuffix(" GB"))
        #expect(FileLines.duration(3) == "0:03" && FileLines.duration(725) == "12:05" && FileLines.duration(3723) == "1:02:03")
        #expect(PollLines.percent(8, of: 13) == 62 && PollLines.percent(0, of: 0) == 0 && PollLines.percent(99, of: 13) == 100)
        #expect(LocationLines.degrees(-0.12) == "-0.12000" && LocationLines.degrees(.nan) == "?")
    }
}

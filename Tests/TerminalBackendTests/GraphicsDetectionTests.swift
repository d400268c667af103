import CNcursesw
import Display
import Testing
@testable import TerminalBackend

/// The graphics mode from the terminal's answers, read the way main reads them: the bytes as
/// ncurses hands over characters it knows no key for, through the input decoder.
@Suite("Graphics detection")
struct GraphicsDetectionTests {
    static let kittyOK = "\u{1B}_Gi=31;OK\u{1B}\\"
    static let kittyError = "\u{1B}_Gi=31;ENOTSUPPORTED:unsupported\u{1B}\\"
    static let daWithSixel = "\u{1B}[?62;4;22c"
    static let daWithout = "\u{1B}[?1;2c"

    /// Feeds `stream` in reads of `chunk` characters (a burst each), returning the keys and the replies.
    static func read(_ stream: String, chunk: Int = .max, decoder: inout InputDecoder) -> (events: [InputEvent], replies: [TerminalReply]) {
        let scalars = stream.unicodeScalars.map(\.value)
        var events: [InputEvent] = []
        var start = 0
        while start < scalars.count {
            let end = min(start + chunk, scalars.count)
            for code in scalars[start ..< end] { events += decoder.feed(.character(code)) }
            events += decoder.endOfBurst()
            start = end
        }
        return (events, decoder.takeReplies())
    }

    static func detect(_ stream: String, depth: ColorDepth = .trueColor, inTmux: Bool = false, chunk: Int = .max) -> GraphicsDetection {
        var decoder = InputDecoder()
        var detection = GraphicsDetection(override: nil, colorDepth: depth, inTmux: inTmux)
        for reply in read(stream, chunk: chunk, decoder: &decoder).replies { detection.receive(reply) }
        return detection
    }

    @Test func repliesAreTakenOutOfTheKeys() {
        var decoder = InputDecoder()
        let (events, replies) = Self.read("a" + Self.kittyOK + "b" + Self.daWithSixel + "c", decoder: &decoder)
        #expect(events == [.key(.character("a")), .key(.character("b")), .key(.character("c"))])
        #expect(replies == [.kittyGraphics(id: 31, message: "OK"), .deviceAttributes([62, 4, 22])])
    }

    @Test func aReplyCutBetweenReadsWaitsForItsRest() {
        var decoder = InputDecoder()
        let (events, replies) = Self.read(Self.kittyOK + Self.daWithout, chunk: 5, decoder: &decoder)
        #expect(events.isEmpty, "\(events)")
        #expect(replies == [.kittyGraphics(id: 31, message: "OK"), .deviceAttributes([1, 2])])
    }

    @Test func escapeAndAltBracketStayKeys() {
        var decoder = InputDecoder()
        #expect(Self.read("\u{1B}", decoder: &decoder).events == [.key(.escape)])
        #expect(Self.read("\u{1B}[", decoder: &decoder).events == [.key(.character("["), .alt)])
        #expect(Self.read("\u{1B}x", decoder: &decoder).events == [.key(.character("x"), .alt)])
    }

    @Test func focusReportsAreReplies() {
        var decoder = InputDecoder()
        #expect(decoder.feed(.keyCode(FocusReports.outCode)).isEmpty)
        #expect(decoder.feed(.keyCode(FocusReports.inCode)).isEmpty)
        #expect(decoder.takeReplies() == [.focus(false), .focus(true)])
    }

    @Test func kittyBeforeDeviceAttributesIsKitty() {
        let detection = Self.detect(Self.kittyOK + Self.daWithSixel)
        #expect(detection.mode == .kitty && detection.settled)
    }

    @Test func sixelWithoutKitty() {
        #expect(Self.detect(Self.daWithSixel).mode == .sixel)
        #expect(Self.detect(Self.kittyError + Self.daWithSixel).mode == .sixel)
    }

    @Test func neitherFallsBackToSymbolsOrThePlaceholder() {
        #expect(Self.detect(Self.daWithout).mode == .symbols)
        #expect(Self.detect(Self.daWithout, depth: .palette256).mode == .none)
        // Kitty's ids need at least 256 colours.
        #expect(Self.detect(Self.kittyOK + Self.daWithout, depth: .ansi16).mode == .none)
    }

    @Test func untilTheAnswersComeTheFallbackIsDrawn() {
        let waiting = Self.detect("")
        #expect(waiting.mode == .symbols && !waiting.settled)
        #expect(Array(waiting.queries) == Array("\u{1B}_Gi=31,s=1,v=1,a=q,t=d,f=24;AAAA\u{1B}\\\u{1B}[c".utf8))
    }

    @Test func outsideTmuxALateKittyAnswerIsNotTrusted() {
        #expect(Self.detect(Self.daWithout + Self.kittyOK).mode == .symbols)
    }

    @Test func inTmuxTheQueryIsWrappedAndALateAnswerCounts() {
        let detection = Self.detect(Self.daWithout + Self.kittyOK, inTmux: true)
        #expect(detection.mode == .kitty)
        let queries = String(decoding: detection.queries, as: UTF8.self)
        #expect(queries == "", "settled: nothing more to ask")
        let fresh = GraphicsDetection(override: nil, colorDepth: .trueColor, inTmux: true)
        #expect(String(decoding: fresh.queries, as: UTF8.self)
            == "\u{1B}Ptmux;\u{1B}\u{1B}_Gi=31,s=1,v=1,a=q,t=d,f=24;AAAA\u{1B}\u{1B}\\\u{1B}\\\u{1B}[c")
    }

    @Test func inTmuxWithoutPassthroughNothingComesBackButTmuxsOwnAttributes() {
        // tmux drops the wrapped query when allow-passthrough is off: only its DA1 answers.
        #expect(Self.detect(Self.daWithout, inTmux: true).mode == .symbols)
    }

    @Test func anOverrideIsTheModeAndNothingIsAsked() {
        let kitty = GraphicsDetection(override: .kitty, colorDepth: .palette256, inTmux: false)
        #expect(kitty.mode == .kitty && kitty.settled && kitty.queries.isEmpty)
        var none = GraphicsDetection(override: GraphicsMode.none, colorDepth: .trueColor, inTmux: false)
        none.receive(.kittyGraphics(id: 31, message: "OK"))
        #expect(none.mode == .none)
        #expect(GraphicsDetection(override: .symbols, colorDepth: .palette256, inTmux: false).mode == .none)
    }

    @Test func theEnvironmentBeatsTheFile() {
        #expect(GraphicsDetection.override(environment: "sixel", configured: .kitty).mode == .sixel)
        #expect(GraphicsDetection.override(environment: nil, configured: .kitty).mode == .kitty)
        #expect(GraphicsDetection.override(environment: "auto", configured: .kitty).mode == nil)
        let bad = GraphicsDetection.override(environment: "iterm", configured: .symbols)
        #expect(bad.mode == .symbols && bad.problem?.contains("TELEGRAM_GRAPHICS=iterm") == true)
    }

    @Test func passthroughWrapsEachCommandAndDoublesEscapes() {
        let bytes = Array("\u{1B}_Ga=T;AA\u{1B}\\x\u{1B}_Gm=0\u{1B}\\".utf8)
        #expect(String(decoding: TmuxPassthrough.wrapEachCommand(bytes), as: UTF8.self)
            == "\u{1B}Ptmux;\u{1B}\u{1B}_Ga=T;AA\u{1B}\u{1B}\\\u{1B}\\x\u{1B}Ptmux;\u{1B}\u{1B}_Gm=0\u{1B}\u{1B}\\\u{1B}\\")
    }
}

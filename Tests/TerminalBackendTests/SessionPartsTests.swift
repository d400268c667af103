import Testing
@testable import TerminalBackend

/// The small pure pieces around the session: motion preference, restore bytes.
struct SessionPartsTests {
    @Test func reducedMotion() {
        #expect(MotionPreference.reducedMotionVariable == "TELEGRAM_REDUCED_MOTION")
        #expect(MotionPreference.supportsAnimation(reducedMotion: nil, term: "xterm-256color"))
        #expect(MotionPreference.supportsAnimation(reducedMotion: "0", term: "xterm"))
        #expect(MotionPreference.supportsAnimation(reducedMotion: "", term: "xterm"))
        #expect(!MotionPreference.supportsAnimation(reducedMotion: "1", term: "xterm"))
        #expect(!MotionPreference.supportsAnimation(reducedMotion: nil, term: "dumb"))
    }

    @Test func restoreBytesLosePadding() {
        #expect(TerminalRestore.withoutPadding("\u{1B}[?1049l$<5>\u{1B}[m") == "\u{1B}[?1049l\u{1B}[m")
        #expect(TerminalRestore.withoutPadding("a$<2*/>b$<1>") == "ab")
        #expect(TerminalRestore.withoutPadding("plain") == "plain")
        #expect(TerminalRestore.withoutPadding("cut $<5") == "cut $<5")
    }
}

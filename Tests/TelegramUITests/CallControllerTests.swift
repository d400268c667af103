import Display
@testable import TelegramUI
import TelegramUIFakes
import Testing

/// The group call screen and its corner box, drawn into the in-memory surface and compared line
/// by line with the screen as it should look (an inline text snapshot).
@MainActor
@Suite("TelegramUI: the call screen")
struct CallControllerTests {
    static let figures = CallFigures(duration: 75, fps: 29.6, averageFps: 29.84, framesReceived: 250, framesVerified: 245,
                                     framesDropped: 5, extensionActive: true, extensionStatus: "active", frameSource: "open")

    static func scene(_ call: CallController) -> (Window, NavigationController) {
        let navigation = NavigationController(mode: .single, root: ListController(title: "Calls"))
        navigation.reducedMotion = true
        let window = Window(rootController: navigation, context: PresentationContext(theme: .dayMonochrome))
        window.layout(size: Size(width: 64, height: 16))
        return (window, navigation)
    }

    static func lines(_ window: Window) -> [String] {
        var surface = Surface(width: 0, height: 0)
        window.render(into: &surface)
        return surface.textLines
    }

    @Test func callScreenShowsTheFiguresAndEndsTheCall() {
        let call = CallController(callId: 7, peerId: .group(3), peerTitle: "Engine Club",
                                  figures: Self.figures)
        var ends = 0
        call.onEnd = { ends += 1; return true }
        let (window, navigation) = Self.scene(call)
        navigation.pushViewController(call)
        let expected = [
            // The wide 📞 takes two cells, one character here.
            "Close                    📞 Engine Club               e End call",
            "─────────────────── 30 fps · 245 ✓ · active ────────────────────",
            "                                                                ",
            "  Group call with Engine Club                                   ",
            "                                                                ",
            "  Duration         1:15                                         ",
            "  Frame rate       30 fps (29.8 average)                        ",
            "  Frames verified  245 of 250 received, 5 dropped               ",
            "  Extension        active                                       ",
            "  Frame file       open                                         ",
            "                                                                ",
            "  e ends the call.                                              ",
            "  Esc goes back to the app; the call stays in the corner (F7 …  ",
            "                                                                ",
            "                                                                ",
            "                                                                ",
        ]
        let shown = Self.lines(window)
        #expect(shown == expected, "\n\(shown.joined(separator: "\n"))")
        window.handle(.key(.character("e")))
        #expect(ends == 1, "e ends the call")
    }

    @Test func escapeMinimizesIntoTheBoxWithTheFiguresAndF8EndsTheCall() {
        let call = CallController(callId: 7, peerId: .group(3), peerTitle: "Engine Club",
                                  figures: Self.figures)
        var ended = false
        call.onEnd = { ended = true; return true }
        let (window, navigation) = Self.scene(call)
        navigation.pushViewController(call)
        window.handle(.key(.escape))
        #expect(navigation.minimizedController === call && navigation.viewControllers.count == 1,
                "Esc puts the call in the corner, it does not end it")
        #expect(!ended)
        var updated = Self.figures
        updated.fps = 60
        updated.framesVerified = 1200
        call.update(updated)
        // A 64-column window: the box is 21 columns in the bottom-right corner, the figures cut to fit.
        let box = Self.lines(window).suffix(4)
        let expected = ["┌───────────────────┐ ", "│ 📞 Engine Club    │ ", "│ 60 fps · 1200 ✓ … │ ", "└ F7 open  F8 end …─┘ "]
        for (line, part) in zip(box, expected) { #expect(line.hasSuffix(part), "\(line)") }
        window.handle(.key(.function(7)))
        #expect(navigation.viewControllers.last === call, "F7 brings the screen back")
        window.handle(.key(.escape))
        window.handle(.key(.function(8)))
        #expect(ended, "F8 on the box ends the call")
    }

    @Test func figuresReadForPeople() {
        #expect(CallFigures.durationText(0) == "0:00")
        #expect(CallFigures.durationText(75) == "1:15")
        #expect(CallFigures.durationText(3723) == "1:02:03")
        #expect(CallFigures.durationText(-4) == "0:00")
        #expect(CallFigures(fps: 59.5, framesVerified: 12, extensionActive: false).summary == "60 fps · 12 ✓ · inactive")
        #expect(CallFigures(fps: .nan).summary.hasPrefix("0 fps"))
    }
}

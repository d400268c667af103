import Display
import Testing
@testable import TerminalBackend

/// Display colours to terminal colour numbers at each depth, and what monochrome makes of a style.
struct ColorMapperTests {
    let palette256 = ColorMapper(depth: .palette256)
    let ansi16 = ColorMapper(depth: .ansi16, colors: 16)
    let ansi8 = ColorMapper(depth: .ansi16, colors: 8)
    let trueColor = ColorMapper(depth: .trueColor, colors: 1 << 24)
    let monochrome = ColorMapper(depth: .monochrome, colors: 0)

    @Test func knownXtermIndices() {
        #expect(palette256.colorNumber(.rgb(255, 0, 0)) == 196)
        #expect(palette256.colorNumber(.rgb(0, 255, 0)) == 46)
        #expect(palette256.colorNumber(.rgb(0, 0, 255)) == 21)
        #expect(palette256.colorNumber(.rgb(0, 0, 0)) == 16)
        #expect(palette256.colorNumber(.rgb(255, 255, 255)) == 231)
        #expect(palette256.colorNumber(.rgb(255, 135, 0)) == 208)
        #expect(palette256.colorNumber(.rgb(250, 10, 5)) == 196)  // nearest, not exact
    }

    @Test func greysUseTheRamp() {
        for step in 0 ..< 24 {
            let level = UInt8(8 + 10 * step)
            #expect(palette256.colorNumber(.rgb(level, level, level)) == Int32(232 + step), "grey \(level)")
        }
        #expect(palette256.colorNumber(.rgb(128, 128, 128)) == 244)
        #expect(palette256.colorNumber(.rgb(130, 127, 129)) == 244)
    }

    @Test func paletteAndDefaultPassThrough() {
        #expect(palette256.colorNumber(.palette(17)) == 17)
        #expect(palette256.colorNumber(.default) == nil)
        #expect(ansi8.colorNumber(.default) == nil)
        #expect(trueColor.colorNumber(.default) == nil)
    }

    @Test func eightColours() {
        #expect(ansi8.colorNumber(.rgb(255, 0, 0)) == 1)
        #expect(ansi8.colorNumber(.rgb(0, 0, 200)) == 4)
        #expect(ansi8.colorNumber(.rgb(250, 250, 250)) == 7)
        #expect(ansi8.colorNumber(.rgb(20, 20, 20)) == 0)
        #expect(ansi8.colorNumber(.palette(9)) == 1)  // bright red drops to red
        #expect(ansi8.colorNumber(.palette(15)) == 7)
        #expect(ansi8.colorNumber(.palette(196)) == 1)
        #expect(ansi8.colorNumber(.palette(6)) == 6)
        // Greys stay grey (by distance alone, 128 grey is nearest yellow).
        #expect(ansi8.colorNumber(.rgb(128, 128, 128)) == 7)
        #expect(ansi8.colorNumber(.palette(240)) == 0)
    }

    @Test func sixteenColours() {
        #expect(ansi16.colorNumber(.rgb(255, 0, 0)) == 9)
        #expect(ansi16.colorNumber(.rgb(205, 0, 0)) == 1)
        #expect(ansi16.colorNumber(.palette(12)) == 12)
        #expect(ansi16.colorNumber(.palette(196)) == 9)
        #expect(ansi16.colorNumber(.palette(244)) == 8)  // mid grey
        #expect(ansi16.colorNumber(.rgb(128, 128, 128)) == 8)
        #expect(ansi16.colorNumber(.rgb(200, 200, 200)) == 7)
        #expect(ansi16.colorNumber(.rgb(250, 250, 250)) == 15)
    }

    @Test func trueColorPassesRGB() {
        #expect(trueColor.colorNumber(.rgb(0x12, 0x34, 0x56)) == 0x123456)
        #expect(trueColor.colorNumber(.palette(3)) == 3)  // the user's themed ANSI colour
        #expect(trueColor.colorNumber(.palette(196)) == 0xFF0000)
        #expect(trueColor.colorNumber(.palette(232)) == 0x080808)
        // Numbers under 8 mean ANSI colours to a *-direct terminfo: black moves to 0x000008.
        #expect(trueColor.colorNumber(.rgb(0, 0, 0)) == 8)
    }

    @Test func monochromeDropsColoursAndKeepsDistinctions() {
        #expect(monochrome.colorNumber(.rgb(255, 0, 0)) == nil)
        #expect(monochrome.colorNumber(.palette(4)) == nil)
        // A background is what marks a selection or a badge: it becomes reverse.
        #expect(monochrome.pen(for: Style(background: .palette(4))) == TerminalPen(attributes: .reverse))
        #expect(monochrome.pen(for: Style(foreground: .palette(15), background: .rgb(0, 0, 255), attributes: .bold))
                == TerminalPen(attributes: [.bold, .reverse]))
        // Reversed already: stays reversed, not flipped back.
        #expect(monochrome.pen(for: Style(background: .palette(4), attributes: .reverse)) == TerminalPen(attributes: .reverse))
        // A foreground colour alone leaves plain text; attributes stay.
        #expect(monochrome.pen(for: Style(foreground: .palette(1))) == .plain)
        #expect(monochrome.pen(for: Style(foreground: .palette(1), attributes: [.underline, .italic]))
                == TerminalPen(attributes: [.underline, .italic]))
    }

    @Test func colourTerminalsKeepTheStyle() {
        let style = Style(foreground: .rgb(255, 0, 0), background: .palette(4), attributes: .bold)
        #expect(palette256.pen(for: style) == TerminalPen(foreground: 196, background: 4, attributes: .bold))
        #expect(palette256.pen(for: .plain) == .plain)
    }

    @Test func depthFromWhatNcursesReports() {
        #expect(ColorDepth(hasColors: false, colors: 256) == .monochrome)
        #expect(ColorDepth(hasColors: true, colors: 0) == .monochrome)
        #expect(ColorDepth(hasColors: true, colors: 8) == .ansi16)
        #expect(ColorDepth(hasColors: true, colors: 16) == .ansi16)
        #expect(ColorDepth(hasColors: true, colors: 88) == .ansi16)
        #expect(ColorDepth(hasColors: true, colors: 256) == .palette256)
        #expect(ColorDepth(hasColors: true, colors: 0x1000000) == .trueColor)
    }
}

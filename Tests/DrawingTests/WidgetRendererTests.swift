import CCairo
import Foundation
import Testing
import Formats
@testable import Drawing
import TestSupport

/// The widget's picture: iOS sizes, the rows' geometry, badges, and what is drawn where.
@Suite("Widget: renderer")
struct WidgetRendererTests {
    static func row(_ title: String, badge: (Int, Bool)? = nil, author: String? = nil, text: String = "see you at 6",
                    photo: [UInt8]? = nil) -> WidgetScene.Row {
        WidgetScene.Row(title: title, avatar: .init(photoPNG: photo, letters: [String(title.prefix(1))], gradientIndex: 2),
                        badge: badge.map { (count: $0.0, isMuted: $0.1) }, author: author, text: text, time: "14:05")
    }

    static func render(_ family: WidgetScene.Family, dark: Bool = false, rows: [WidgetScene.Row], notice: String? = nil) throws -> CairoImage {
        let png = try WidgetRenderer(WidgetScene(family: family, isDark: dark, rows: rows, notice: notice)).renderPNG()
        return try PNGCodec.decode(png, maxSide: 4096)
    }

    static func isColour(_ p: (r: UInt8, g: UInt8, b: UInt8, a: UInt8)?, _ hex: UInt32, tolerance: Int = 8) -> Bool {
        guard let p, p.a == 255 else { return false }
        let c = RGBColor(hex: hex)
        return [(p.r, c.r), (p.g, c.g), (p.b, c.b)].allSatisfy { abs(Int($0.0) - Int(($0.1 * 255).rounded())) <= tolerance }
    }

    @Test func sizesAreIOSWidgetSizesAt2x() {
        #expect(WidgetLayout(family: .small).pixelSize == (340, 340))
        #expect(WidgetLayout(family: .medium).pixelSize == (728, 340))
        #expect(WidgetLayout(family: .large).pixelSize == (728, 764))
        for family in WidgetPicture.Family.allCases {
            let layout = WidgetLayout(family: WidgetScene.Family(rawValue: family.rawValue)!)
            #expect(layout.capacity == family.chatCount, "the picture has room for exactly the chats the timeline gives")
            #expect(layout.pixelSize.width == family.pointSize.width * 2 && layout.pixelSize.height == family.pointSize.height * 2)
        }
    }

    @Test(arguments: [WidgetScene.Family.medium, .large])
    func rowsFitAndDoNotOverlap(family: WidgetScene.Family) throws {
        let layout = WidgetLayout(family: family)
        let m = try #require(layout.list)
        let height = Double(layout.pixelSize.height), width = Double(layout.pixelSize.width)
        let column = layout.textColumn(m)
        var previousBottom = 0.0
        for index in 0..<m.slots {
            let row = layout.rowFrame(index, m), avatar = layout.avatarFrame(index, m)
            #expect(row.y >= previousBottom - 0.001 && row.maxY <= height)
            #expect(avatar.y >= row.y && avatar.maxY <= row.maxY && avatar.width == m.avatarSize * 2)
            #expect(avatar.x == avatar.x.rounded() && avatar.y == avatar.y.rounded(), "whole pixels")
            let top = layout.textTop(index, m)
            #expect(top >= row.y && top + (m.titleLine + Double(m.messageLines) * m.messageLine) * 2 <= row.maxY + 1)
            previousBottom = row.maxY
        }
        #expect(column.x > layout.avatarFrame(0, m).maxX && column.x + column.width < width)
        #expect((0..<m.slots).compactMap { layout.separatorY(after: $0, rows: 3, m) }.count == min(3, m.slots) - 1)
        #expect(layout.separatorY(after: m.slots - 1, rows: 99, m) == nil)
    }

    @Test func badgeCounts() {
        #expect([1, 9, 999, 1000, 1234, 9999, 12_345, 999_999, 1_500_000, 20_000_000, -3].map(WidgetBadge.text)
                == ["1", "9", "999", "1K", "1.2K", "9.9K", "12K", "999K", "1.5M", "20M", "0"])
        #expect(WidgetBadge.pillWidth(textWidth: 10, height: 40) == 40, "one digit: a circle")
        #expect(WidgetBadge.pillWidth(textWidth: 60, height: 40) > 60)
    }

    @Test func singleLines() {
        #expect(WidgetText.singleLine("a\nb\r\n  c  ", limit: 100) == "a b c")
        #expect(WidgetText.singleLine(String(repeating: "x", count: 5000), limit: 10).count == 10)
        let lines = WidgetMessageLines(author: " ", text: "hi", lineCount: 2)
        #expect(lines.author == nil && lines.textLines == 2, "a blank author gives the text both lines")
        #expect(WidgetMessageLines(author: "Boris", text: "hi", lineCount: 2).textLines == 1)
        #expect(WidgetMessageLines(author: "Boris", text: "hi", lineCount: 1).textLines == 1)
    }

    @Test(arguments: [WidgetScene.Family.small, .medium, .large], [false, true])
    func roundedPanelInTheAppearance(family: WidgetScene.Family, dark: Bool) throws {
        let image = try Self.render(family, dark: dark, rows: (0..<9).map { Self.row("Chat \($0)", badge: ($0, $0 % 2 == 0)) })
        let layout = WidgetLayout(family: family)
        #expect(image.width == layout.pixelSize.width && image.height == layout.pixelSize.height)
        #expect(image.pixel(x: 0, y: 0)?.a == 0 && image.pixel(x: image.width - 1, y: image.height - 1)?.a == 0, "transparent corners")
        // Bottom centre, clear of every row: the panel's own colour.
        let background: UInt32 = dark ? 0x1C1C1E : 0xFFFFFF
        #expect(Self.isColour(image.pixel(x: image.width / 2, y: image.height - 6), background))
    }

    @Test func badgesAreBlueOrGreyWhenMuted() throws {
        let layout = WidgetLayout(family: .medium), m = WidgetLayout.medium
        let image = try Self.render(.medium, rows: [Self.row("Anna", badge: (5, false)), Self.row("Book Club", badge: (12, true))])
        let right = layout.textColumn(m).x + layout.textColumn(m).width
        for (index, colour) in [(0, UInt32(0x007AFF)), (1, 0xB6B6BB)] {
            let messageTop = layout.textTop(index, m) + m.titleLine * 2
            let centerY = Int(messageTop + Double(m.messageLines) * m.messageLine)
            // Just inside the pill's right end, level with its centre: the fill, not the digits.
            #expect(Self.isColour(image.pixel(x: Int(right) - 4, y: centerY), colour), "row \(index)")
        }
        let dark = try Self.render(.medium, dark: true, rows: [Self.row("Anna", badge: (5, false))])
        let centerY = Int(layout.textTop(0, m) + m.titleLine * 2 + Double(m.messageLines) * m.messageLine)
        #expect(Self.isColour(dark.pixel(x: Int(right) - 4, y: centerY), 0x3E88F7))
    }

    @Test func lettersOnTheGradientAndPhotosInTheirCircle() throws {
        let layout = WidgetLayout(family: .large), m = WidgetLayout.large
        let red = try WidgetTestPNG.solid(width: 64, height: 64, red: 255, green: 0, blue: 0)
        let image = try Self.render(.large, rows: [Self.row("Anna"), Self.row("Photo", photo: red), Self.row("Bad", photo: [1, 2, 3])])
        for index in 0..<3 {
            let avatar = layout.avatarFrame(index, m)
            let top = image.pixel(x: Int(avatar.x + avatar.width / 2), y: Int(avatar.y) + 6)
            let expected: UInt32 = index == 1 ? 0xFF0000 : 0x82B1FF   // gradient 2's top colour
            #expect(Self.isColour(top, expected, tolerance: 24), "row \(index): \(String(describing: top))")
            #expect(image.pixel(x: Int(avatar.x) + 1, y: Int(avatar.y) + 1).map { $0.r > 240 && $0.g > 240 } == true, "outside the circle")
        }
    }

    @Test func noticeIsCentredUnderTheLogo() throws {
        let image = try Self.render(.medium, rows: [], notice: "Unlock the app to use the widget")
        // The logo's blue at the centre column, above the middle; grey text below it.
        let column = (0..<image.height).compactMap { y in image.pixel(x: image.width / 2, y: y).map { (y, $0) } }
        let blue = column.filter { $0.1.b > 180 && $0.1.r < 120 }.map(\.0)
        #expect(!blue.isEmpty && blue.max()! < image.height / 2 + 40)
        #expect(try Self.render(.small, rows: [], notice: nil).width == 340, "no rows and no notice: the logo alone")
    }

    @Test func anyTextIsSafe() throws {
        let hostile = [String(repeating: "W", count: 20_000), "\n\n\n", "", "שלום עולם", "مرحبا", "🙂🙂🙂", "\u{202E}evil", "a\u{0}b"]
        for family in WidgetScene.Family.allCases {
            let rows = hostile.map { Self.row($0, badge: (Int.max, false), author: $0, text: $0) }
            _ = try Self.render(family, rows: rows)
            _ = try Self.render(family, rows: [], notice: hostile[0])
        }
    }
}

/// A PNG of one colour, drawn with Cairo.
enum WidgetTestPNG {
    static func solid(width: Int, height: Int, red: Double, green: Double, blue: Double) throws -> [UInt8] {
        let canvas = try CairoCanvas(width: width, height: height)
        cairo_set_source_rgb(canvas.cr, red / 255, green / 255, blue / 255)
        cairo_paint(canvas.cr)
        return try canvas.pngBytes()
    }
}

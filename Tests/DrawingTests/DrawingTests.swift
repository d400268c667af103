import CCairo
import Foundation
import Testing
import Formats
@testable import Drawing
import TestSupport

/// Decoded output, so tests can look at pixels.
private func decode(_ png: [UInt8]) throws -> CairoImage {
    try PNGCodec.decode(png, maxSide: 8192)
}

/// Checks the PNG signature and returns IHDR's width and height.
private func pngSize(_ png: [UInt8]) -> (width: Int, height: Int)? {
    guard png.count > 33, Array(png.prefix(8)) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] else { return nil }
    return PNGCodec.header(png)
}

private func isWhite(_ p: (r: UInt8, g: UInt8, b: UInt8, a: UInt8)) -> Bool {
    p.a == 255 && p.r >= 250 && p.g >= 250 && p.b >= 250
}

/// Every pixel of an image, with its coordinates.
private func pixels(_ image: CairoImage) -> [(x: Int, y: Int, p: (r: UInt8, g: UInt8, b: UInt8, a: UInt8))] {
    var out: [(x: Int, y: Int, p: (r: UInt8, g: UInt8, b: UInt8, a: UInt8))] = []
    for y in 0..<image.height {
        for x in 0..<image.width {
            if let p = image.pixel(x: x, y: y) { out.append((x, y, p)) }
        }
    }
    return out
}

private func near(_ value: UInt8, _ expected: Double, tolerance: Double = 6) -> Bool {
    abs(Double(value) - expected * 255) <= tolerance
}

private func writeFile(_ path: String, _ bytes: [UInt8]) throws {
    try Data(bytes).write(to: URL(fileURLWithPath: path))
}

/// A PNG of `width`×`height`: red on the left half, blue on the right half.
private func twoColourPNG(width: Int, height: Int) throws -> [UInt8] {
    let canvas = try CairoCanvas(width: width, height: height)
    cairo_set_source_rgb(canvas.cr, 1, 0, 0)
    cairo_rectangle(canvas.cr, 0, 0, Double(width) / 2, Double(height))
    cairo_fill(canvas.cr)
    cairo_set_source_rgb(canvas.cr, 0, 0, 1)
    cairo_rectangle(canvas.cr, Double(width) / 2, 0, Double(width) / 2, Double(height))
    cairo_fill(canvas.cr)
    return try canvas.pngBytes()
}

private func drawingError(_ body: () throws -> Void) -> DrawingError? {
    do {
        try body()
        return nil
    } catch let error as DrawingError {
        return error
    } catch {
        return nil
    }
}

@Suite("Drawing: palette")
struct AvatarPaletteTests {
    @Test func paletteMatchesTelegram() {
        let pairs: [(UInt32, UInt32)] = [
            (0xff516a, 0xff885e), (0xffa85c, 0xffcd6a), (0x665fff, 0x82b1ff), (0x54cb68, 0xa0de7e),
            (0x4acccd, 0x00fcfd), (0x2a9ef1, 0x72d5fd), (0xd669ed, 0xe0a2f3),
        ]
        #expect(AvatarPalette.gradients.count == 7)
        for (gradient, pair) in zip(AvatarPalette.gradients, pairs) {
            // Locations [1.0, 0.0]: Telegram's first colour is at the bottom.
            #expect(gradient.bottom == RGBColor(hex: pair.0))
            #expect(gradient.top == RGBColor(hex: pair.1))
            #expect(gradient.bottom.hex == pair.0)
        }
    }

    @Test func rgbFromHex() {
        let c = RGBColor(hex: 0xff8000)
        #expect(c.r == 1.0)
        #expect(abs(c.g - 128.0 / 255.0) < 1e-12)
        #expect(c.b == 0.0)
        #expect(c.description == "#ff8000")
        #expect(RGBColor(hex: 0x00fcfd).description == "#00fcfd")
    }

    @Test func notificationIndex() {
        #expect(AvatarGradientIndex.notification(peerRawId: 0) == 0)
        #expect(AvatarGradientIndex.notification(peerRawId: 7) == 0)
        #expect(AvatarGradientIndex.notification(peerRawId: 8) == 1)
        #expect(AvatarGradientIndex.notification(peerRawId: 123_456_789) == 123_456_789 % 7)
        #expect(AvatarGradientIndex.notification(peerRawId: -8) == 1)
        #expect(AvatarGradientIndex.notification(peerRawId: -13) == 6)
        // |Int64.min| = 2^63 ≡ 1 (mod 7); Int64.max = 2^63 − 1 ≡ 0.
        #expect(AvatarGradientIndex.notification(peerRawId: .min) == 1)
        #expect(AvatarGradientIndex.notification(peerRawId: .max) == 0)
    }

    @Test func widgetIndex() {
        #expect(AvatarGradientIndex.widget(accountPeerId: 1, peerId: 2) == 3)
        #expect(AvatarGradientIndex.widget(accountPeerId: 10, peerId: 4) == 0)
        #expect(AvatarGradientIndex.widget(accountPeerId: -5, peerId: 1) == 4)
        #expect(AvatarGradientIndex.widget(accountPeerId: -1, peerId: -1) == 2)
        // Overflowing sums wrap instead of trapping.
        #expect(AvatarGradientIndex.widget(accountPeerId: .max, peerId: 1) == 1)       // → Int64.min
        #expect(AvatarGradientIndex.widget(accountPeerId: .min, peerId: 0) == 1)
        #expect(AvatarGradientIndex.widget(accountPeerId: .min, peerId: .min) == 0)   // → 0
        #expect(AvatarGradientIndex.widget(accountPeerId: .max, peerId: .max) == 2)   // → −2
    }

    @Test func gradientAtAnyIndex() {
        #expect(AvatarPalette.gradient(at: 0) == AvatarPalette.gradients[0])
        #expect(AvatarPalette.gradient(at: 9) == AvatarPalette.gradients[2])
        #expect(AvatarPalette.gradient(at: -1) == AvatarPalette.gradients[1])
        _ = AvatarPalette.gradient(at: .min)
        _ = AvatarPalette.gradient(at: .max)
    }
}

@Suite("Drawing: letters avatar")
struct LettersAvatarTests {
    @Test func sizeAndSignature() throws {
        for size in [1, 50, 100, 150] {
            let png = try LettersAvatar.renderPNG(letters: ["A", "B"], gradientIndex: 0, pixelSize: size)
            let header = try #require(pngSize(png))
            #expect(header.width == size && header.height == size)
        }
    }

    @Test func gradientCircle() throws {
        let size = 100
        for index in AvatarPalette.gradients.indices {
            let gradient = AvatarPalette.gradients[index]
            let image = try decode(try LettersAvatar.renderPNG(letters: [], gradientIndex: index, pixelSize: size))
            // Corners are outside the circle.
            for (x, y) in [(0, 0), (size - 1, 0), (0, size - 1), (size - 1, size - 1)] {
                #expect(image.pixel(x: x, y: y)?.a == 0)
            }
            // The centre lies between the two colours, channel by channel.
            let centre = try #require(image.pixel(x: size / 2, y: size / 2))
            #expect(centre.a == 255)
            for (value, a, b) in [(centre.r, gradient.top.r, gradient.bottom.r),
                                  (centre.g, gradient.top.g, gradient.bottom.g),
                                  (centre.b, gradient.top.b, gradient.bottom.b)] {
                #expect(Double(value) >= min(a, b) * 255 - 2 && Double(value) <= max(a, b) * 255 + 2)
            }
            // Top of the circle is the top colour, bottom the bottom colour.
            let top = try #require(image.pixel(x: size / 2, y: 2))
            let bottom = try #require(image.pixel(x: size / 2, y: size - 3))
            #expect(near(top.r, gradient.top.r) && near(top.g, gradient.top.g) && near(top.b, gradient.top.b))
            #expect(near(bottom.r, gradient.bottom.r) && near(bottom.g, gradient.bottom.g) && near(bottom.b, gradient.bottom.b))
        }
    }

    @Test func lettersAreDrawnInWhiteAndCentred() throws {
        let size = 100
        let empty = try decode(try LettersAvatar.renderPNG(letters: [], gradientIndex: 3, pixelSize: size))
        #expect(!pixels(empty).contains { isWhite($0.p) })

        for letters in [["A", "B"], ["H"], ["Ж", "Щ"], ["א", "ב"]] {
            let image = try decode(try LettersAvatar.renderPNG(letters: letters, gradientIndex: 3, pixelSize: size))
            let white = pixels(image).filter { isWhite($0.p) }
            #expect(white.count > 20, "no letters drawn for \(letters)")
            // The glyph bounds sit in the middle, within a couple of pixels' rounding.
            let minX = white.map(\.x).min() ?? 0, maxX = white.map(\.x).max() ?? 0
            let minY = white.map(\.y).min() ?? 0, maxY = white.map(\.y).max() ?? 0
            #expect(abs(Double(minX + maxX) / 2 - Double(size) / 2) <= 2.5, "\(letters) x \(minX)…\(maxX)")
            #expect(abs(Double(minY + maxY) / 2 - Double(size) / 2) <= 2.5, "\(letters) y \(minY)…\(maxY)")
        }
    }

    @Test func displayTextTakesOneCharacterOfTheFirstTwo() {
        #expect(LettersAvatar.displayText([]) == "")
        #expect(LettersAvatar.displayText(["A"]) == "A")
        #expect(LettersAvatar.displayText(["A", "B", "C"]) == "AB")
        #expect(LettersAvatar.displayText(["Alice", "Liddell"]) == "AL")
        #expect(LettersAvatar.displayText(["", "B"]) == "B")
        #expect(LettersAvatar.displayText([" x", "👨‍👩‍👧x"]) == "x👨‍👩‍👧")
    }

    @Test func anyStringIsSafe() throws {
        let hostile: [[String]] = [
            [""], ["", ""], [" "], ["\u{0}"], ["\u{200D}"], ["\u{FE0F}"], ["\u{301}"], ["e\u{301}"],
            ["😀", "Z"], ["👨‍👩‍👧"], ["🇺🇦"], ["中", "文"], ["ع", "م"], ["\u{202E}", "A"], ["\u{FFFF}"],
            ["\u{10FFFF}"], ["\u{E0001}"], ["\n\t"], [String(repeating: "W", count: 10_000)],
        ]
        for letters in hostile {
            let png = try LettersAvatar.renderPNG(letters: letters, gradientIndex: 1, pixelSize: 60)
            #expect(pngSize(png)?.width == 60)
        }
        // Any index wraps into the palette.
        for index in [Int.min, -1, 7, Int.max] {
            _ = try LettersAvatar.renderPNG(letters: ["A"], gradientIndex: index, pixelSize: 20)
        }
    }

    @Test func refusesBadSizes() {
        for size in [0, -1, LettersAvatar.maxPixelSize + 1, Int.max] {
            let error = drawingError { _ = try LettersAvatar.renderPNG(letters: ["A"], gradientIndex: 0, pixelSize: size) }
            #expect(error?.code == .invalidArgument)
        }
    }
}

@Suite("Drawing: photo avatar")
struct PhotoAvatarTests {
    @Test func aspectFillCentredAndRound() throws {
        try withTemporaryDirectory("drawing") { dir in
            let path = dir.sub("photo.png")
            // 60×30: scaled to 100×50, the middle 50×50 shows; red on the left, blue on the right.
            try writeFile(path, try twoColourPNG(width: 60, height: 30))
            let png = try PhotoAvatar.renderPNG(photoPath: path, pixelSize: 50)
            let header = try #require(pngSize(png))
            #expect(header.width == 50 && header.height == 50)
            let image = try decode(png)
            #expect(image.pixel(x: 0, y: 0)?.a == 0)
            #expect(image.pixel(x: 49, y: 49)?.a == 0)
            let left = try #require(image.pixel(x: 8, y: 25))
            let right = try #require(image.pixel(x: 41, y: 25))
            #expect(left.a == 255 && left.r > 240 && left.b < 15)
            #expect(right.a == 255 && right.b > 240 && right.r < 15)
        }
    }

    /// Telegram's photos (and a Telegram Desktop export's) are JPEGs: decoded through libjpeg,
    /// loaded on first use. The vector is 64×48, blue over orange (Vectors/make_test_jpegs.c).
    @Test func jpegPhoto() throws {
        let vector = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Vectors/photo-64x48.jpg").path
        let png = try PhotoAvatar.renderPNG(photoPath: vector, pixelSize: 48)
        let image = try decode(png)
        let top = try #require(image.pixel(x: 24, y: 8))
        let bottom = try #require(image.pixel(x: 24, y: 40))
        #expect(top.a == 255 && abs(Int(top.r) - 32) < 12 && abs(Int(top.g) - 96) < 12 && abs(Int(top.b) - 192) < 12, "\(top)")
        #expect(bottom.a == 255 && abs(Int(bottom.r) - 240) < 12 && abs(Int(bottom.g) - 140) < 12 && abs(Int(bottom.b) - 20) < 12, "\(bottom)")
        try withTemporaryDirectory("drawing") { dir in
            let bytes = try Array(Data(contentsOf: URL(fileURLWithPath: vector)))
            // Cut short, or only its first marker: an error, never grey padding or a trap.
            for (name, cut) in [("cut.jpg", Array(bytes.prefix(bytes.count / 2))), ("soi.jpg", Array(bytes.prefix(3)))] {
                try writeFile(dir.sub(name), cut)
                #expect(drawingError { _ = try PhotoAvatar.renderPNG(photoPath: dir.sub(name), pixelSize: 48) }?.code == .notPNG, "\(name)")
            }
        }
    }

    @Test func tallPhotoAndUpscaling() throws {
        try withTemporaryDirectory("drawing") { dir in
            let path = dir.sub("tall.png")
            try writeFile(path, try twoColourPNG(width: 4, height: 16))
            let png = try PhotoAvatar.renderPNG(photoPath: path, pixelSize: 120)
            #expect(pngSize(png)?.width == 120)
            let image = try decode(png)
            #expect(image.pixel(x: 60, y: 60)?.a == 255)
        }
    }

    @Test func refusesMissingNonPNGHugeAndOddFiles() throws {
        try withTemporaryDirectory("drawing") { dir in
            #expect(drawingError { _ = try PhotoAvatar.renderPNG(photoPath: dir.sub("missing.png"), pixelSize: 50) }?.code == .fileNotFound)
            #expect(drawingError { _ = try PhotoAvatar.renderPNG(photoPath: dir.path, pixelSize: 50) }?.code == .fileNotFound)

            let text = dir.sub("text.png")
            try writeFile(text, Array("definitely not a picture, just some words in a file".utf8))
            #expect(drawingError { _ = try PhotoAvatar.renderPNG(photoPath: text, pixelSize: 50) }?.code == .notPNG)

            let empty = dir.sub("empty.png")
            try writeFile(empty, [])
            #expect(drawingError { _ = try PhotoAvatar.renderPNG(photoPath: empty, pixelSize: 50) }?.code == .notPNG)

            // A valid header on a cut-off file: Cairo's decoder fails, and that is reported, not trapped.
            let truncated = dir.sub("truncated.png")
            try writeFile(truncated, Array(try twoColourPNG(width: 40, height: 40).prefix(60)))
            #expect(drawingError { _ = try PhotoAvatar.renderPNG(photoPath: truncated, pixelSize: 50) }?.code == .notPNG)

            // Larger than the limit (sparse, so the test writes nothing).
            let huge = dir.sub("huge.png")
            try writeFile(huge, try twoColourPNG(width: 8, height: 8))
            let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: huge))
            try handle.truncate(atOffset: UInt64(PhotoAvatar.maxFileBytes + 1))
            try handle.close()
            let tooLarge = drawingError { _ = try PhotoAvatar.renderPNG(photoPath: huge, pixelSize: 50) }
            #expect(tooLarge?.code == .fileTooLarge)
            #expect(tooLarge?.description.contains("\(PhotoAvatar.maxFileBytes)") == true)

            // Headers claiming sides outside 1…8192 are refused before anything is decoded.
            for (width, height) in [(0, 10), (10, 0), (8193, 10), (10, 100_000)] {
                var bytes = try twoColourPNG(width: 8, height: 8)
                for (offset, value) in [(16, width), (20, height)] {
                    for i in 0..<4 { bytes[offset + i] = UInt8((value >> (24 - 8 * i)) & 0xff) }
                }
                let odd = dir.sub("odd-\(width)x\(height).png")
                try writeFile(odd, bytes)
                #expect(drawingError { _ = try PhotoAvatar.renderPNG(photoPath: odd, pixelSize: 50) }?.code == .badDimensions)
            }
        }
    }
}

@Suite("Drawing: PNG")
struct PNGCodecTests {
    @Test func roundTrip() throws {
        let png = try twoColourPNG(width: 10, height: 6)
        #expect(pngSize(png)?.width == 10 && pngSize(png)?.height == 6)
        let image = try decode(png)
        #expect(image.width == 10 && image.height == 6)
        #expect(image.pixel(x: 0, y: 0)?.r == 255)
        #expect(image.pixel(x: 9, y: 5)?.b == 255)
        #expect(image.pixel(x: 10, y: 0) == nil)
    }

    @Test func decodeRefusesBadBytes() throws {
        #expect(drawingError { _ = try PNGCodec.decode([], maxSide: 100) }?.code == .notPNG)
        #expect(drawingError { _ = try PNGCodec.decode(Array("GIF89a..............................".utf8), maxSide: 100) }?.code == .notPNG)
        let png = try twoColourPNG(width: 10, height: 6)
        #expect(drawingError { _ = try PNGCodec.decode(png, maxSide: 8) }?.code == .badDimensions)
        #expect(drawingError { _ = try PNGCodec.decode(Array(png.prefix(40)), maxSide: 100) }?.code == .notPNG)
    }

    @Test func canvasRefusesBadSizes() {
        #expect(drawingError { _ = try CairoCanvas(width: 0, height: 10) }?.code == .invalidArgument)
        #expect(drawingError { _ = try CairoCanvas(width: 10, height: CairoCanvas.maxSide + 1) }?.code == .invalidArgument)
    }
}

@Suite("Drawing: text")
struct TextTests {
    @Test func bidiOrder() {
        #expect(Bidi.visualOrder([0, 0, 0]) == [0, 1, 2])
        #expect(Bidi.visualOrder([1, 1, 1]) == [2, 1, 0])
        #expect(Bidi.visualOrder([0, 1, 1, 0]) == [0, 2, 1, 3])
        // RTL paragraph with a number: the digits keep their own order.
        #expect(Bidi.visualOrder([1, 1, 2, 2]) == [2, 3, 1, 0])
        let classes = "אב 12".map { Bidi.classify($0.unicodeScalars.first!) }
        #expect(Bidi.paragraphLevel(classes) == 1)
        #expect(Bidi.levels(classes, paragraphLevel: 1) == [1, 1, 1, 2, 2])
        let mixed = "ab אב".map { Bidi.classify($0.unicodeScalars.first!) }
        #expect(Bidi.paragraphLevel(mixed) == 0)
        #expect(Bidi.levels(mixed, paragraphLevel: 0) == [0, 0, 0, 1, 1])
    }

    @Test func arabicJoining() {
        // ain + meem: initial ain, final meem.
        #expect(ArabicShaping.shape(Array("عم".unicodeScalars)).map(\.value) == [0xFECB, 0xFEE2])
        // lam + alef: one ligature; alone it is the isolated form.
        #expect(ArabicShaping.shape(Array("لا".unicodeScalars)).map(\.value) == [0xFEFB])
        // beh + lam + alef: the ligature joins to the beh, in its final form.
        #expect(ArabicShaping.shape(Array("بلا".unicodeScalars)).map(\.value) == [0xFE91, 0xFEFC])
        // Latin passes through untouched.
        #expect(ArabicShaping.shape(Array("abc".unicodeScalars)).map(\.value) == [0x61, 0x62, 0x63])
    }

    @Test func wrapsWithinWidthAndEllipsizes() throws {
        let fonts = try ScaledFontChain(weight: .regular, size: 20)
        let text = String(repeating: "lorem ipsum dolor ", count: 30)
        let layout = TextLayout(text, fonts: fonts, maxWidth: 200, maxLines: 4)
        #expect(layout.lines.count == 4)
        #expect(layout.isTruncated)
        for line in layout.lines { #expect(line.width <= 200.0001) }
        let lastGlyphs = try #require(layout.lines.last?.clusters.last?.glyphs)
        let ellipsis = try #require(fonts.glyphs(for: "\u{2026}"))
        #expect(lastGlyphs.map(\.index) == ellipsis.glyphs.map(\.index))

        let short = TextLayout("short", fonts: fonts, maxWidth: 200, maxLines: 4)
        #expect(short.lines.count == 1 && !short.isTruncated)

        // A word longer than the line is broken by characters rather than overflowing.
        let long = TextLayout(String(repeating: "x", count: 200), fonts: fonts, maxWidth: 100, maxLines: 100)
        #expect(long.lines.count > 5)
        for line in long.lines { #expect(line.width <= 100.0001) }

        // Newlines start paragraphs; blank edges are dropped.
        let paragraphs = TextLayout("\n\none\ntwo\n\nthree\n\n", fonts: fonts, maxWidth: 500, maxLines: 10)
        #expect(paragraphs.lines.count == 4)
    }
}

@Suite("Drawing: notification card")
struct NotificationCardTests {
    let avatar: [UInt8]

    init() throws {
        avatar = try LettersAvatar.renderPNG(letters: ["A", "L"], gradientIndex: 2, pixelSize: 80)
    }

    private func height(_ body: String, title: String = "Alice Liddell", avatar: [UInt8]? = nil) throws -> Int {
        let png = try NotificationCard(avatarPNG: avatar ?? self.avatar, title: title, body: body, time: "12:45").renderPNG()
        let header = try #require(pngSize(png))
        #expect(header.width == 720)
        return header.height
    }

    @Test func growsWithText() throws {
        let empty = try height("")
        let one = try height("Hi")
        let three = try height(String(repeating: "Would you tell me, please, which way I ought to go? ", count: 3))
        let capped = try height(String(repeating: "Would you tell me, please, which way I ought to go? ", count: 40))
        let cappedMore = try height(String(repeating: "Would you tell me, please, which way I ought to go? ", count: 400))
        #expect(empty <= one)
        #expect(one < three)
        #expect(three < capped)
        #expect(capped == cappedMore)   // at most eight lines
        #expect(capped < 600)
    }

    @Test func anyTextIsSafe() throws {
        let bodies = [
            "", " ", "\n\n\n", "See you at 5 👋🏽 👨‍👩‍👧 🇺🇦 ❤️",
            "שלום! מה שלומך היום? (נפגש ב-5)", "مرحبا بالعالم، كيف حالك؟ ١٢٣",
            "Mixed עברית and English and عربي in one line, 2024.",
            "中文测试，没有空格的一长串文字应该按字符换行。" + String(repeating: "字", count: 300),
            "e\u{301}\u{301}\u{301}\u{301} \u{202E}reversed\u{202C} \u{0}\u{7}\u{1B}[31m \u{FFFF}\u{10FFFF}",
            String(repeating: "a", count: 100_000),
            String(repeating: "\n", count: 10_000),
        ]
        for body in bodies {
            for title in ["", "Alice", "👩‍💻 שלום", String(repeating: "Title ", count: 100)] {
                _ = try height(body, title: title)
            }
        }
        let noAvatar = try NotificationCard(avatarPNG: nil, title: "Bob", body: "Hello", time: "").renderPNG()
        #expect(pngSize(noAvatar)?.width == 720)
        let noTime = try NotificationCard(avatarPNG: avatar, title: "Bob", body: "Hello", time: String(repeating: "9", count: 500)).renderPNG()
        #expect(pngSize(noTime)?.width == 720)
    }

    @Test func cardIsRoundedAndOpaqueInside() throws {
        let png = try NotificationCard(avatarPNG: avatar, title: "Alice", body: "Hello", time: "now").renderPNG()
        let image = try decode(png)
        #expect(image.pixel(x: 0, y: 0)?.a == 0)
        #expect(image.pixel(x: 21, y: 21)?.a ?? 255 < 128)    // outside the rounded corner
        let inside = try #require(image.pixel(x: 360, y: image.height / 2))
        #expect(inside.a == 255)
        // Some dark text was drawn.
        #expect(pixels(image).contains { $0.p.a == 255 && $0.p.r < 80 && $0.p.g < 80 && $0.p.b < 80 })
    }

    @Test func refusesBadAvatarBytes() {
        let error = drawingError {
            _ = try NotificationCard(avatarPNG: [1, 2, 3], title: "A", body: "B", time: "C").renderPNG()
        }
        #expect(error?.code == .notPNG)
    }
}

import Foundation
import Testing
@testable import Drawing
import TestSupport

/// WebP and GIF photos, told by their bytes and decoded through libwebp and giflib loaded on
/// first use. The vectors come from Vectors/make_test_pictures.py; the hostile GIFs are written
/// by hand (HandWrittenGIF).
@Suite("Drawing: WebP and GIF pictures")
struct PictureCodecTests {
    static func vector(_ name: String) -> String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Vectors/\(name)").path
    }

    static func bytes(_ name: String) throws -> [UInt8] {
        Array(try Data(contentsOf: URL(fileURLWithPath: vector(name))))
    }

    private func refusal(_ body: () throws -> Void) -> DrawingError? {
        do {
            try body()
            return nil
        } catch {
            return error as? DrawingError
        }
    }

    private func near(_ p: (r: UInt8, g: UInt8, b: UInt8, a: UInt8)?, _ r: Int, _ g: Int, _ b: Int, _ a: Int, by tolerance: Int = 12) -> Bool {
        guard let p else { return false }
        return abs(Int(p.r) - r) <= tolerance && abs(Int(p.g) - g) <= tolerance && abs(Int(p.b) - b) <= tolerance
            && abs(Int(p.a) - a) <= 2
    }

    @Test func formatsAreToldByTheirBytes() throws {
        #expect(PictureCodec.detect(try Self.bytes("photo-64x48-lossy.webp")) == .webp)
        #expect(PictureCodec.detect(try Self.bytes("transparent-16x16.gif")) == .gif)
        #expect(PictureCodec.detect(Array("GIF87a".utf8) + [1, 0, 1, 0]) == .gif)
        #expect(PictureCodec.detect(try Self.bytes("photo-64x48.jpg")) == .jpeg)
        // A RIFF of another form (a WAV) is no WebP; "GIF88a" is no GIF.
        #expect(PictureCodec.detect(Array("RIFF\0\0\0\0WAVEfmt ".utf8)) == nil)
        #expect(PictureCodec.detect(Array("GIF88a".utf8) + [1, 0, 1, 0]) == nil)
    }

    /// Lossy (VP8): opaque, blue over orange, through the file path every photo takes.
    @Test func lossyWebP() throws {
        let image = try PhotoAvatar.decode(photoPath: Self.vector("photo-64x48-lossy.webp"))
        #expect(image.width == 64 && image.height == 48)
        #expect(near(image.pixel(x: 32, y: 8), 32, 96, 192, 255), "\(String(describing: image.pixel(x: 32, y: 8)))")
        #expect(near(image.pixel(x: 32, y: 40), 240, 140, 20, 255), "\(String(describing: image.pixel(x: 32, y: 40)))")
    }

    /// Lossless (VP8L) with alpha: exact colours, half-transparent ones premultiplied as Cairo
    /// wants them (read back straight: were they stored straight, (40, 100, 200) at alpha 128
    /// would read about (80, 199, 255)), fully transparent ones zero.
    @Test func losslessWebPWithAlpha() throws {
        let image = try PictureCodec.webp.decode(try Self.bytes("alpha-32x32-lossless.webp"), maxSide: 64, what: "alpha")
        #expect(image.width == 32 && image.height == 32)
        #expect(near(image.pixel(x: 4, y: 4), 255, 0, 0, 255, by: 0))
        #expect(near(image.pixel(x: 24, y: 4), 40, 100, 200, 128, by: 2), "\(String(describing: image.pixel(x: 24, y: 4)))")
        #expect(image.pixel(x: 4, y: 24)?.a == 0 && image.pixel(x: 28, y: 28)?.a == 0)
    }

    @Test func badWebPIsRefused() throws {
        let lossy = try Self.bytes("photo-64x48-lossy.webp")
        // Sides over the limit: refused from the header, before the picture is allocated.
        let over = refusal { _ = try PictureCodec.webp.decode(lossy, maxSide: 63, what: "lossy") }
        #expect(over?.code == .badDimensions && over?.message == "lossy: the WebP is 64×48; sides must be 1…63", "\(String(describing: over))")
        // A lossy header claiming 16383×48 (its 14-bit width all ones).
        var wide = lossy
        wide[26] = 0xFF
        wide[27] = 0x3F
        #expect(refusal { _ = try PictureCodec.webp.decode(wide, maxSide: 8192, what: "wide") }?.code == .badDimensions)
        // Cut short anywhere, or its bitstream scrambled: an error with libwebp's reason, never a trap.
        for cut in [12, 20, 30, lossy.count / 2, lossy.count - 1] {
            let error = refusal { _ = try PictureCodec.webp.decode(Array(lossy.prefix(cut)), maxSide: 8192, what: "cut") }
            #expect(error?.code == .notPNG && error?.message.hasPrefix("cut: not a readable WebP") == true, "\(cut): \(String(describing: error))")
        }
        var scrambled = try Self.bytes("alpha-32x32-lossless.webp")
        for i in 21..<scrambled.count { scrambled[i] = UInt8(truncatingIfNeeded: i &* 37) }
        #expect(refusal { _ = try PictureCodec.webp.decode(scrambled, maxSide: 8192, what: "scrambled") }?.code == .notPNG)
        let animated = refusal { _ = try PictureCodec.webp.decode(try Self.bytes("animated-16x16.webp"), maxSide: 64, what: "animated") }
        #expect(animated?.code == .notPNG && animated?.message.contains("animated") == true)
    }

    /// The transparent colour index (from the graphics control block) is transparent; the rest opaque.
    @Test func gifWithTransparency() throws {
        let image = try PhotoAvatar.decode(photoPath: Self.vector("transparent-16x16.gif"))
        #expect(image.width == 16 && image.height == 16)
        #expect(near(image.pixel(x: 2, y: 8), 255, 0, 0, 255, by: 0))
        #expect(image.pixel(x: 12, y: 8)?.a == 0)
    }

    /// Interlaced rows land where they belong: every row has its own colour.
    @Test func interlacedGIF() throws {
        let image = try PictureCodec.gif.decode(try Self.bytes("interlaced-16x32.gif"), maxSide: 64, what: "rows")
        #expect(image.width == 16 && image.height == 32)
        for y in 0..<32 {
            #expect(near(image.pixel(x: 7, y: y), 8 * y, 255 - 8 * y, 0, 255, by: 0), "row \(y): \(String(describing: image.pixel(x: 7, y: y)))")
        }
        // The same by hand (a 2×11 frame: passes that end early), and a frame inside a larger
        // screen: transparent around it.
        let rows = (0..<11).flatMap { y -> [UInt8] in [UInt8(y % 4), UInt8((y + 1) % 4)] }
        let gif = HandWrittenGIF(screen: (5, 12), colours: [[0, 0, 0], [255, 0, 0], [0, 255, 0], [0, 0, 255]],
                                 frame: (2, 1, 2, 11), pixels: rows, interlaced: true)
        let framed = try PictureCodec.gif.decode(gif.bytes, maxSide: 64, what: "framed")
        #expect(framed.width == 5 && framed.height == 12)
        let palette = [(0, 0, 0), (255, 0, 0), (0, 255, 0), (0, 0, 255)]
        for y in 0..<11 {
            for x in 0..<2 {
                let c = palette[Int(rows[y * 2 + x])]
                #expect(near(framed.pixel(x: 2 + x, y: 1 + y), c.0, c.1, c.2, 255, by: 0), "\(x),\(y)")
            }
        }
        #expect(framed.pixel(x: 0, y: 0)?.a == 0 && framed.pixel(x: 4, y: 11)?.a == 0 && framed.pixel(x: 2, y: 0)?.a == 0)
    }

    @Test func hostileGIFsAreRefused() throws {
        let fine = HandWrittenGIF(screen: (4, 4), frame: (0, 0, 4, 4), pixels: [UInt8](repeating: 1, count: 16))
        #expect(try PictureCodec.gif.decode(fine.bytes, maxSide: 8, what: "fine").pixel(x: 3, y: 3)?.r == 255)

        func refused(_ gif: HandWrittenGIF, maxSide: Int = 8192) -> DrawingError? {
            refusal { _ = try PictureCodec.gif.decode(gif.bytes, maxSide: maxSide, what: "gif") }
        }
        // Screens over the limit or empty: refused before anything the size of the picture exists.
        var huge = fine
        huge.screen = (60_000, 4)
        #expect(refused(huge)?.code == .badDimensions)
        #expect(refused(fine, maxSide: 3)?.message == "gif: the GIF is 4×4; sides must be 1…3")
        var empty = fine
        empty.screen = (0, 4)
        #expect(refused(empty)?.code == .badDimensions)
        // A frame reaching outside its screen (a 65535-pixel one would be 16 GiB), or of no size.
        for frame in [(1, 0, 4, 4), (0, 3, 4, 2), (0, 0, 65535, 65535), (0, 0, 0, 4), (0, 0, 4, 0)] {
            var outside = fine
            outside.frame = frame
            outside.pixels = [UInt8](repeating: 1, count: max(0, min(frame.2 * frame.3, 16)))
            #expect(refused(outside)?.code == .notPNG, "\(frame)")
        }
        // An index past a two-colour map.
        var badIndex = fine
        badIndex.pixels[5] = 3
        #expect(refused(badIndex)?.message == "gif: a damaged GIF (colour 3 of a 2-colour map)")
        // No colour map at all; no frame at all.
        var noColours = fine
        noColours.colours = nil
        #expect(refused(noColours)?.message == "gif: a GIF without a colour map")
        var noFrame = fine
        noFrame.withoutFrame = true
        #expect(refused(noFrame)?.message == "gif: a GIF without a picture")
        // Cut short anywhere.
        let real = try Self.bytes("interlaced-16x32.gif")
        for cut in [6, 12, 13 + 40, 120, real.count / 2, real.count - 2] {
            let error = refusal { _ = try PictureCodec.gif.decode(Array(real.prefix(cut)), maxSide: 64, what: "cut") }
            #expect(error?.code == .notPNG, "\(cut): \(String(describing: error))")
        }
    }

    /// What the chat and a sent photo's thumbnail use: a WebP and a GIF scaled like any photo.
    @Test func webpAndGIFGiveThumbnailsAndPixels() throws {
        let thumbnail = try PNGCodec.decode(try PhotoThumbnail.png(photoPath: Self.vector("photo-64x48-lossy.webp"), maxSide: 32), maxSide: 64)
        #expect(thumbnail.width == 32 && thumbnail.height == 24)
        #expect(near(thumbnail.pixel(x: 16, y: 4), 32, 96, 192, 255))
        let pixels = try PhotoPixels.rgba(photoPath: Self.vector("transparent-16x16.gif"), width: 32, height: 32)
        #expect(Array(pixels[(16 * 32 + 4) * 4 ..< (16 * 32 + 4) * 4 + 4]) == [255, 0, 0, 255])
        #expect(pixels[(16 * 32 + 28) * 4 + 3] == 0)
    }
}

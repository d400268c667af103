import Cryptography
import Drawing
import DrawingClient
import Foundation
import Storage
import Testing
import TestSupport

/// The drawing library's `.avatarPixels` answer: a cached avatar PNG scaled to a small square of
/// straight RGBA, for main's chat list to turn into terminal cells.
@Suite("Drawing: avatar pixels")
struct AvatarPixelsTests {
    @Test func aLettersAvatarBecomesARoundSquareOfStraightPixels() throws {
        let png = try LettersAvatar.renderPNG(letters: [], gradientIndex: 2, pixelSize: 100)
        let size = 32
        let pixels = try AvatarPixels.rgba(png: png, pixelSize: size)
        #expect(pixels.count == size * size * 4)
        func pixel(_ x: Int, _ y: Int) -> ArraySlice<UInt8> { pixels[(y * size + x) * 4 ..< (y * size + x) * 4 + 4] }
        #expect(pixel(0, 0).last == 0 && pixel(size - 1, size - 1).last == 0, "corners outside the circle")
        // The middle of gradient 2 (0x82b1ff at the top, 0x665fff at the bottom), opaque, not premultiplied.
        let middle = Array(pixel(size / 2, size / 2))
        #expect(middle[3] == 255)
        #expect(abs(Int(middle[0]) - (0x82 + 0x66) / 2) <= 6 && abs(Int(middle[1]) - (0xb1 + 0x5f) / 2) <= 6 && middle[2] == 255)
        // A half-covered edge pixel keeps its colour: straight alpha, not darkened.
        let edge = Array(pixel(size / 2, 0))
        #expect(edge[3] > 0 && edge[3] < 255 && edge[2] >= 250, "\(edge)")
    }

    /// A push that draws the avatar takes the notification image from the drawing: the same
    /// picture AvatarPixels makes from the PNG (within the premultiplied round trip's rounding).
    @Test(arguments: [[String](), ["A", "B"]]) func theDrawnPixelsAreThePNGsPixels(letters: [String]) throws {
        let drawn = try LettersAvatar.render(letters: letters, gradientIndex: 4, pixelSize: 100, pixelsSide: 64)
        #expect(drawn.png == (try LettersAvatar.renderPNG(letters: letters, gradientIndex: 4, pixelSize: 100)))
        let decoded = try AvatarPixels.rgba(png: drawn.png, pixelSize: 64)
        #expect(drawn.pixels.count == 64 * 64 * 4 && decoded.count == drawn.pixels.count)
        var worst = 0
        for index in drawn.pixels.indices where decoded[index - index % 4 + 3] > 16 {
            worst = max(worst, abs(Int(drawn.pixels[index]) - Int(decoded[index])))
        }
        #expect(worst <= 3, "a channel differs by \(worst)")
        #expect(throws: DrawingError.self) { try LettersAvatar.render(letters: letters, gradientIndex: 4, pixelSize: 100, pixelsSide: 0) }
    }

    @Test func badInputIsRefused() throws {
        let png = try LettersAvatar.renderPNG(letters: ["A"], gradientIndex: 0, pixelSize: 10)
        #expect(throws: DrawingError.self) { try AvatarPixels.rgba(png: png, pixelSize: 0) }
        #expect(throws: DrawingError.self) { try AvatarPixels.rgba(png: png, pixelSize: AvatarPixels.maxPixelSize + 1) }
        #expect(throws: DrawingError.self) { try AvatarPixels.rgba(png: [1, 2, 3], pixelSize: 8) }
    }
}

/// The same through the lazily loaded library (DrawingClient's loader), as main's chat list asks:
/// the avatar drawn into the MediaBox's `cached/` once, its pixels answered each time.
@Suite("DrawingClient: avatar pixels")
struct AvatarCachePixelsTests {
    @Test func pixelsComeFromTheCachedAvatar() throws {
        try withTemporaryDirectory("avatar-pixels") { dir in
            let mediaBox = MediaBox(basePath: dir.sub("media"))
            let cache = AvatarCache(mediaBox: mediaBox, deviceKey: DeviceKey(bytes: Array(repeating: 7, count: 48)))
            let peerId = PeerId(namespace: .cloudUser, id: 9)
            let pixels = try cache.avatarPixels(peerId: peerId, letters: ["A", "L"], photoResourceId: nil, pixelSize: 16)
            #expect(pixels.count == 16 * 16 * 4)
            let cached = try FileManager.default.contentsOfDirectory(atPath: dir.sub("media/cached"))
            #expect(cached.count == 1 && cached[0].hasPrefix("letters-\(peerId.toInt64())-"), "\(cached)")
            #expect(try cache.avatarPixels(peerId: peerId, letters: ["A", "L"], photoResourceId: nil, pixelSize: 16) == pixels)
        }
    }
}

import Drawing
import DrawingClient
import Foundation
import Testing

/// The drawing library's `.photoPixels` answer: a message's photo fitted into the box a chat
/// reserved for its picture, from the top-left, the rest transparent, as straight RGBA.
@Suite("Drawing: photo pixels")
struct PhotoPixelsTests {
    static let vector = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Vectors/photo-64x48.jpg").path

    @Test func aPhotoIsFittedIntoItsBoxKeepingItsShape() throws {
        // 64×48 (blue over orange) into 200×64: scaled by 4/3 to about 85×64; right of it is empty.
        let (width, height) = (200, 64)
        let pixels = try DrawingLibrary.render(.photoPixels(photoPath: Self.vector, width: width, height: height))
        #expect(pixels.count == width * height * 4)
        func pixel(_ x: Int, _ y: Int) -> [UInt8] { Array(pixels[(y * width + x) * 4 ..< (y * width + x) * 4 + 4]) }
        let top = pixel(40, 8), bottom = pixel(40, 56)
        #expect(top[3] == 255 && abs(Int(top[0]) - 32) < 12 && abs(Int(top[1]) - 96) < 12 && abs(Int(top[2]) - 192) < 12, "\(top)")
        #expect(bottom[3] == 255 && abs(Int(bottom[0]) - 240) < 12 && abs(Int(bottom[1]) - 140) < 12 && abs(Int(bottom[2]) - 20) < 12,
                "\(bottom)")
        #expect(pixel(120, 30)[3] == 0 && pixel(199, 63)[3] == 0, "outside the photo: transparent")
    }

    @Test func badInputIsRefused() throws {
        #expect(throws: DrawingError.self) { try PhotoPixels.rgba(photoPath: Self.vector, width: 0, height: 8) }
        #expect(throws: DrawingError.self) { try PhotoPixels.rgba(photoPath: Self.vector, width: 8, height: PhotoPixels.maxSide + 1) }
        #expect(throws: DrawingError.self) { try PhotoPixels.rgba(photoPath: "/nonexistent/photo.jpg", width: 8, height: 8) }
    }
}

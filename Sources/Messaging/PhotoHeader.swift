import RequestChannel

/// A picture told by its bytes, never its name (JPEG, PNG, GIF, WebP: what Telegram sends as a
/// photo), and its width and height read from its header, before anything decodes it.
public struct PhotoHeader: Equatable, Sendable {
    public let mimeType: String
    public let width: Int
    public let height: Int

    /// Leading bytes `read` needs: a JPEG's frame header follows its EXIF and colour profile
    /// segments, which can run to a few hundred KiB.
    public static let headerLength = 512 << 10

    /// The picture `bytes` begin (nil: not one of the four, or a header without sane sides).
    public static func read(_ bytes: [UInt8]) -> PhotoHeader? {
        let type = ContentType.detect(Array(bytes.prefix(ContentType.headerLength)))
        let size: (Int, Int)?
        switch type.mimeType {
        case "image/jpeg": size = jpeg(bytes)
        case "image/png": size = bytes.count >= 24 && bytes[12..<16].elementsEqual("IHDR".utf8) ? (be(bytes, 16, 4), be(bytes, 20, 4)) : nil
        case "image/gif": size = bytes.count >= 10 ? (le(bytes, 6, 2), le(bytes, 8, 2)) : nil
        case "image/webp": size = webp(bytes)
        default: size = nil
        }
        guard let (width, height) = size, width > 0, height > 0 else { return nil }
        return PhotoHeader(mimeType: type.mimeType, width: width, height: height)
    }

    /// The first start-of-frame marker's sides (SOF0…SOF15, not DHT, JPG or DAC), walking the
    /// segments by their lengths.
    private static func jpeg(_ bytes: [UInt8]) -> (Int, Int)? {
        var i = 2
        while i + 3 < bytes.count {
            guard bytes[i] == 0xFF else { return nil }
            let marker = bytes[i + 1]
            if marker == 0xFF { i += 1; continue }
            // Markers without a length: TEM, RST0…7, SOI.
            if marker == 0x01 || (0xD0...0xD8).contains(marker) { i += 2; continue }
            if marker == 0xD9 || marker == 0xDA { return nil }
            let length = be(bytes, i + 2, 2)
            if (0xC0...0xCF).contains(marker), ![0xC4, 0xC8, 0xCC].contains(marker) {
                guard i + 9 <= bytes.count else { return nil }
                return (be(bytes, i + 7, 2), be(bytes, i + 5, 2))
            }
            guard length >= 2 else { return nil }
            i += 2 + length
        }
        return nil
    }

    /// The first chunk's sides: lossy (VP8), lossless (VP8L) or extended (VP8X, the canvas).
    private static func webp(_ bytes: [UInt8]) -> (Int, Int)? {
        guard bytes.count >= 30 else { return nil }
        switch String(decoding: bytes[12..<16], as: UTF8.self) {
        case "VP8 ":
            guard bytes[23] == 0x9D, bytes[24] == 0x01, bytes[25] == 0x2A else { return nil }
            return (le(bytes, 26, 2) & 0x3FFF, le(bytes, 28, 2) & 0x3FFF)
        case "VP8L":
            guard bytes[20] == 0x2F else { return nil }
            let bits = le(bytes, 21, 4)
            return ((bits & 0x3FFF) + 1, ((bits >> 14) & 0x3FFF) + 1)
        case "VP8X":
            return (le(bytes, 24, 3) + 1, le(bytes, 27, 3) + 1)
        default:
            return nil
        }
    }

    private static func be(_ bytes: [UInt8], _ at: Int, _ count: Int) -> Int {
        guard at + count <= bytes.count else { return 0 }
        return bytes[at..<at + count].reduce(0) { $0 << 8 | Int($1) }
    }

    private static func le(_ bytes: [UInt8], _ at: Int, _ count: Int) -> Int {
        guard at + count <= bytes.count else { return 0 }
        return bytes[at..<at + count].reversed().reduce(0) { $0 << 8 | Int($1) }
    }
}

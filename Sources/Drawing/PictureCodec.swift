internal import CCairo

/// The photo formats decoded by a C library loaded on first use (JPEGDecoder.c, WebPDecoder.c,
/// GIFDecoder.c), told by their first bytes, never a name: the photos Telegram Desktop exports
/// are JPEGs, and WebP and GIF are the other pictures Telegram sends as photos (PNG is Cairo's own,
/// PNGCodec).
enum PictureCodec: CaseIterable {
    case jpeg, webp, gif

    var name: String {
        switch self {
        case .jpeg: "JPEG"
        case .webp: "WebP"
        case .gif: "GIF"
        }
    }

    /// The codec whose signature `bytes` begin with, if any.
    static func detect(_ bytes: [UInt8]) -> PictureCodec? {
        allCases.first { $0.matches(bytes) }
    }

    func matches(_ bytes: [UInt8]) -> Bool {
        switch self {
        // Start of image, then the first marker's prefix.
        case .jpeg: bytes.starts(with: [0xFF, 0xD8, 0xFF])
        // A RIFF container (then its length) of the WEBP form.
        case .webp: bytes.count >= 12 && bytes.starts(with: "RIFF".utf8) && bytes[8..<12].elementsEqual("WEBP".utf8)
        case .gif: bytes.starts(with: "GIF87a".utf8) || bytes.starts(with: "GIF89a".utf8)
        }
    }

    /// Decodes `bytes`; sides outside 1…maxSide are refused from the header, before the picture is
    /// allocated (`.badDimensions`); anything unreadable is `.notPNG`, with the library's reason.
    func decode(_ bytes: [UInt8], maxSide: Int, what: String) throws -> CairoImage {
        guard matches(bytes) else {
            throw DrawingError(.notPNG, "\(what) is not a \(name) image (\(bytes.count) bytes)")
        }
        var surface: OpaquePointer?
        var message = [CChar](repeating: 0, count: 256)
        let side = Int32(clamping: maxSide)
        let status = bytes.withUnsafeBufferPointer { buffer in
            switch self {
            case .jpeg: tg_jpeg_decode(buffer.baseAddress, buffer.count, side, &surface, &message, message.count)
            case .webp: tg_webp_decode(buffer.baseAddress, buffer.count, side, &surface, &message, message.count)
            case .gif: tg_gif_decode(buffer.baseAddress, buffer.count, side, &surface, &message, message.count)
            }
        }
        guard status == 0 else {
            let reason = String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            throw DrawingError(status == -2 ? .badDimensions : .notPNG, "\(what): \(reason)")
        }
        return try CairoImage(adopting: surface, what: what)
    }
}

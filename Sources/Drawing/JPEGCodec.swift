internal import CCairo

/// JPEG bytes into Cairo, through libjpeg loaded on first use (JPEGDecoder.c): the photos Telegram
/// Desktop exports are JPEGs.
enum JPEGCodec {
    /// Start of image, then the first marker's prefix.
    static let signature: [UInt8] = [0xFF, 0xD8, 0xFF]

    static func decode(_ bytes: [UInt8], maxSide: Int, what: String) throws -> CairoImage {
        guard bytes.starts(with: signature) else {
            throw DrawingError(.notPNG, "\(what) is not a JPEG image (\(bytes.count) bytes)")
        }
        var surface: OpaquePointer?
        var message = [CChar](repeating: 0, count: 256)
        let status = bytes.withUnsafeBufferPointer { buffer in
            tg_jpeg_decode(buffer.baseAddress, buffer.count, Int32(clamping: maxSide), &surface, &message, message.count)
        }
        guard status == 0 else {
            let reason = String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            throw DrawingError(status == -2 ? .badDimensions : .notPNG, "\(what): \(reason)")
        }
        return try CairoImage(adopting: surface, what: what)
    }
}

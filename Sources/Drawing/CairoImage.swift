internal import CCairo

/// A decoded image surface (from a PNG file or PNG bytes), destroyed when released.
final class CairoImage {
    let surface: OpaquePointer
    let width: Int
    let height: Int

    /// Takes ownership of a surface Cairo just returned, turning its error status into a DrawingError.
    init(adopting surface: OpaquePointer?, what: String) throws {
        guard let surface else { throw DrawingError(.cairo, "cairo: decoding \(what) returned nothing") }
        let status = cairo_surface_status(surface)
        guard status == CAIRO_STATUS_SUCCESS else {
            cairo_surface_destroy(surface)
            switch status {
            case CAIRO_STATUS_FILE_NOT_FOUND:
                throw DrawingError(.fileNotFound, "\(what): file not found")
            case CAIRO_STATUS_READ_ERROR, CAIRO_STATUS_INVALID_FORMAT, CAIRO_STATUS_PNG_ERROR:
                throw DrawingError(.notPNG, "\(what): not a readable PNG (\(String(cString: cairo_status_to_string(status))))")
            default:
                throw DrawingError.cairo(status, "decode \(what)")
            }
        }
        self.surface = surface
        width = Int(cairo_image_surface_get_width(surface))
        height = Int(cairo_image_surface_get_height(surface))
    }

    deinit {
        cairo_surface_destroy(surface)
    }

    /// One pixel as straight (un-premultiplied) 8-bit RGBA, for tests and sampling; nil outside the image.
    func pixel(x: Int, y: Int) -> (r: UInt8, g: UInt8, b: UInt8, a: UInt8)? {
        guard (0..<width).contains(x), (0..<height).contains(y) else { return nil }
        cairo_surface_flush(surface)
        let format = cairo_image_surface_get_format(surface)
        guard format == CAIRO_FORMAT_ARGB32 || format == CAIRO_FORMAT_RGB24,
              let data = cairo_image_surface_get_data(surface) else { return nil }
        let stride = Int(cairo_image_surface_get_stride(surface))
        let word = UnsafeRawPointer(data + y * stride + x * 4).loadUnaligned(as: UInt32.self)
        return Self.straightRGBA(word, opaque: format == CAIRO_FORMAT_RGB24)
    }

    /// One of Cairo's pixels as straight 8-bit RGBA. Cairo stores native-endian 32-bit words: A in
    /// the top byte (ignored, 255, when `opaque`: RGB24), then R, G, B premultiplied by A.
    static func straightRGBA(_ word: UInt32, opaque: Bool) -> (r: UInt8, g: UInt8, b: UInt8, a: UInt8) {
        let a = opaque ? 255 : UInt32(word >> 24)
        func straight(_ shift: UInt32) -> UInt8 {
            let premultiplied = (word >> shift) & 0xff
            guard a != 0 else { return 0 }
            return UInt8(min(255, (premultiplied * 255 + a / 2) / a))
        }
        return (straight(16), straight(8), straight(0), UInt8(a))
    }
}

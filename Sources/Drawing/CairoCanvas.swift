internal import CCairo

/// An ARGB32 image surface and its drawing context, created together and destroyed together.
///
/// Cairo reports failures through sticky status codes rather than return values, so every
/// creation is checked here and `check(_:)` is called before anything is read back out.
final class CairoCanvas {
    /// The largest side any canvas may have: 8192² × 4 bytes is already 256 MiB.
    static let maxSide = 8192

    let surface: OpaquePointer
    let cr: OpaquePointer
    let width: Int
    let height: Int

    init(width: Int, height: Int) throws {
        guard (1...Self.maxSide).contains(width), (1...Self.maxSide).contains(height) else {
            throw DrawingError(.invalidArgument, "canvas \(width)×\(height) is outside 1…\(Self.maxSide)")
        }
        // Cairo returns an "error object" rather than NULL on failure; its status is the real check.
        guard let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height)) else {
            throw DrawingError(.cairo, "cairo: create \(width)×\(height) surface returned nothing")
        }
        let surfaceStatus = cairo_surface_status(surface)
        guard surfaceStatus == CAIRO_STATUS_SUCCESS else {
            cairo_surface_destroy(surface)
            throw DrawingError.cairo(surfaceStatus, "create \(width)×\(height) surface")
        }
        guard let cr = cairo_create(surface) else {
            cairo_surface_destroy(surface)
            throw DrawingError(.cairo, "cairo: create context returned nothing")
        }
        let contextStatus = cairo_status(cr)
        guard contextStatus == CAIRO_STATUS_SUCCESS else {
            cairo_destroy(cr)
            cairo_surface_destroy(surface)
            throw DrawingError.cairo(contextStatus, "create context")
        }
        self.surface = surface
        self.cr = cr
        self.width = width
        self.height = height
    }

    deinit {
        cairo_destroy(cr)
        cairo_surface_destroy(surface)
    }

    /// Throws if any drawing operation so far has put the context or surface into an error state.
    func check(_ operation: String) throws {
        let status = cairo_status(cr)
        guard status == CAIRO_STATUS_SUCCESS else { throw DrawingError.cairo(status, operation) }
        let surfaceStatus = cairo_surface_status(surface)
        guard surfaceStatus == CAIRO_STATUS_SUCCESS else { throw DrawingError.cairo(surfaceStatus, operation) }
    }

    /// Clips everything drawn afterwards to the circle inscribed in the canvas.
    func clipToCircle() {
        let w = Double(width), h = Double(height)
        cairo_new_path(cr)
        cairo_arc(cr, w / 2, h / 2, min(w, h) / 2, 0, 2 * Double.pi)
        cairo_clip(cr)
    }

    /// The finished picture as straight (not premultiplied) RGBA, 4 bytes a pixel, rows top to
    /// bottom: for terminal pictures, made by a process with no decoder of its own.
    func straightRGBA() throws -> [UInt8] {
        try check("draw")
        cairo_surface_flush(surface)
        guard let data = cairo_image_surface_get_data(surface) else {
            throw DrawingError(.cairo, "cairo: the \(width)×\(height) surface has no pixels")
        }
        let stride = Int(cairo_image_surface_get_stride(surface))
        let (width, height) = (self.width, self.height)
        // Written in place: one array, not one per pixel.
        return [UInt8](unsafeUninitializedCapacity: width * height * 4) { rgba, count in
            var out = 0
            for y in 0 ..< height {
                for x in 0 ..< width {
                    let word = UnsafeRawPointer(data + y * stride + x * 4).loadUnaligned(as: UInt32.self)
                    let pixel = CairoImage.straightRGBA(word, opaque: false)
                    rgba[out] = pixel.r
                    rgba[out + 1] = pixel.g
                    rgba[out + 2] = pixel.b
                    rgba[out + 3] = pixel.a
                    out += 4
                }
            }
            count = out
        }
    }

    /// The finished picture as PNG bytes.
    func pngBytes() throws -> [UInt8] {
        try check("draw")
        cairo_surface_flush(surface)
        return try PNGCodec.encode(surface)
    }
}

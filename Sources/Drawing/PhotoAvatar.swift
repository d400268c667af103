internal import CCairo
import Container
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// A profile photo as a round avatar: the PNG, JPEG, WebP or GIF (its first frame) scaled to fill the square (aspect fill,
/// centred) and clipped to a circle, like Telegram's `avatarRoundImage`.
public enum PhotoAvatar {
    /// Larger files are refused before decoding. Profile photos are a few hundred KiB at most.
    public static let maxFileBytes = 8 << 20
    /// Sides outside 1…maxDimension are refused before decoding. Decoding allocates width × height
    /// × 4 bytes, so a process with a tight memory budget should only pass small photos (Telegram
    /// uses its smallest profile photo representation, 160 px).
    public static let maxDimension = 8192

    /// - Parameters:
    ///   - photoPath: a PNG, JPEG, WebP or GIF file of at most `maxFileBytes`, with sides in 1…`maxDimension`.
    ///   - pixelSize: the avatar's width and height in pixels, 1…`LettersAvatar.maxPixelSize`.
    public static func renderPNG(photoPath: String, pixelSize: Int) throws -> [UInt8] {
        try draw(photoPath: photoPath, pixelSize: pixelSize).pngBytes()
    }

    /// The PNG and, from the same drawing, the avatar scaled to a `pixelsSide` square as straight
    /// RGBA (a desktop notification's image), without decoding the PNG again.
    public static func render(photoPath: String, pixelSize: Int, pixelsSide: Int) throws -> AvatarDrawing {
        try AvatarDrawing(try draw(photoPath: photoPath, pixelSize: pixelSize), pixelsSide: pixelsSide)
    }

    private static func draw(photoPath: String, pixelSize: Int) throws -> CairoCanvas {
        guard (1...LettersAvatar.maxPixelSize).contains(pixelSize) else {
            throw DrawingError(.invalidArgument, "avatar size \(pixelSize) is outside 1…\(LettersAvatar.maxPixelSize)")
        }
        let photo = try decode(photoPath: photoPath)
        let canvas = try CairoCanvas(width: pixelSize, height: pixelSize)
        canvas.clipToCircle()
        try draw(photo, filling: canvas)
        return canvas
    }

    /// A PNG, JPEG, WebP or GIF file (told by its bytes) of at most `fileLimit` bytes, with sides in 1…`maxDimension`, decoded.
    static func decode(photoPath: String, fileLimit: Int = maxFileBytes) throws -> CairoImage {
        // Read once through one descriptor and decoded from memory: a file checked by path and
        // then opened again by Cairo could be swapped (for a FIFO, a link) in between.
        let bytes = try readFile(photoPath, limit: fileLimit)
        let photo = try PictureCodec.detect(bytes)?.decode(bytes, maxSide: maxDimension, what: photoPath)
            ?? PNGCodec.decode(bytes, maxSide: maxDimension, what: photoPath)
        // The header was checked, but the file may have changed since; check what was decoded too.
        guard (1...maxDimension).contains(photo.width), (1...maxDimension).contains(photo.height) else {
            throw DrawingError(.badDimensions, "\(photoPath) is \(photo.width)×\(photo.height); sides must be 1…\(maxDimension)")
        }
        return photo
    }

    /// Draws `image` scaled to cover the whole canvas, centred, cropping the longer side.
    static func draw(_ image: CairoImage, filling canvas: CairoCanvas) throws {
        draw(image, in: canvas.cr, x: 0, y: 0, size: Double(canvas.width))
        try canvas.check("draw photo")
    }

    /// Draws `image` aspect-filled into the square at (x, y) with side `size` (clipped by the caller).
    static func draw(_ image: CairoImage, in cr: OpaquePointer, x: Double, y: Double, size: Double) {
        draw(image.surface, width: image.width, height: image.height, in: cr, x: x, y: y, size: size)
    }

    /// The same for any image surface `width × height` (a canvas just drawn: AvatarDrawing).
    static func draw(_ surface: OpaquePointer, width: Int, height: Int, in cr: OpaquePointer, x: Double, y: Double, size: Double) {
        let scale = size / Double(min(width, height))
        cairo_save(cr)
        cairo_translate(cr, x + (size - Double(width) * scale) / 2, y + (size - Double(height) * scale) / 2)
        cairo_scale(cr, scale, scale)
        cairo_set_source_surface(cr, surface, 0, 0)
        if let pattern = cairo_get_source(cr) {
            // GOOD filters properly when shrinking; PAD stops the transparent outside bleeding into the edge.
            cairo_pattern_set_filter(pattern, CAIRO_FILTER_GOOD)
            cairo_pattern_set_extend(pattern, CAIRO_EXTEND_PAD)
        }
        cairo_paint(cr)
        cairo_restore(cr)
    }

    /// A PNG file's bytes, read as every container file is read (FileSystem.readFile: a regular
    /// file of at most `limit` bytes, never blocking on a FIFO, never through a link; avatars and
    /// photos are files main wrote), with its failures in Drawing's terms.
    public static func readFile(_ path: String, limit: Int) throws -> [UInt8] {
        do {
            return try FileSystem.readFile(path, limit: limit)
        } catch let error as SystemError where error.code == EOVERFLOW {
            throw DrawingError(.fileTooLarge, "\(path) is larger than \(limit) bytes")
        } catch {
            throw DrawingError(.fileNotFound, "\(error)")
        }
    }
}

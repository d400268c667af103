internal import CCairo
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// PNG bytes in and out of Cairo through its stream callbacks, so nothing touches the disk and
/// callers can write the result atomically themselves.
enum PNGCodec {
    static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// Width and height from the IHDR chunk, which the PNG format requires to come first.
    /// Read before decoding so a hostile header can't make Cairo allocate a giant surface.
    static func header(_ bytes: some Collection<UInt8>) -> (width: Int, height: Int)? {
        let head = Array(bytes.prefix(24))
        guard head.count == 24, Array(head[0..<8]) == signature,
              Array(head[12..<16]) == Array("IHDR".utf8) else { return nil }
        func be32(_ at: Int) -> Int { head[at..<at + 4].reduce(0) { $0 << 8 | Int($1) } }
        return (be32(16), be32(20))
    }

    /// Encodes an image surface. Cairo un-premultiplies the alpha on the way out.
    static func encode(_ surface: OpaquePointer) throws -> [UInt8] {
        let sink = ByteSink()
        let status = withExtendedLifetime(sink) {
            cairo_surface_write_to_png_stream(surface, { closure, data, length in
                guard let closure else { return CAIRO_STATUS_WRITE_ERROR }
                let sink = Unmanaged<ByteSink>.fromOpaque(closure).takeUnretainedValue()
                if length > 0, let data {
                    sink.bytes.append(contentsOf: UnsafeBufferPointer(start: data, count: Int(length)))
                }
                return CAIRO_STATUS_SUCCESS
            }, Unmanaged.passUnretained(sink).toOpaque())
        }
        guard status == CAIRO_STATUS_SUCCESS else { throw DrawingError.cairo(status, "encode PNG") }
        return sink.bytes
    }

    /// Decodes PNG bytes into an image surface, refusing non-PNG data and sides outside 1…maxSide
    /// before Cairo allocates anything.
    static func decode(_ bytes: [UInt8], maxSide: Int, what: String = "PNG") throws -> CairoImage {
        guard let size = header(bytes) else {
            throw DrawingError(.notPNG, "\(what) is not a PNG image (\(bytes.count) bytes)")
        }
        guard (1...maxSide).contains(size.width), (1...maxSide).contains(size.height) else {
            throw DrawingError(.badDimensions, "\(what) is \(size.width)×\(size.height); sides must be 1…\(maxSide)")
        }
        let source = ByteSource(bytes)
        let surface = withExtendedLifetime(source) {
            cairo_image_surface_create_from_png_stream({ closure, data, length in
                guard let closure, let data else { return CAIRO_STATUS_READ_ERROR }
                let source = Unmanaged<ByteSource>.fromOpaque(closure).takeUnretainedValue()
                return source.read(into: data, count: Int(length)) ? CAIRO_STATUS_SUCCESS : CAIRO_STATUS_READ_ERROR
            }, Unmanaged.passUnretained(source).toOpaque())
        }
        return try CairoImage(adopting: surface, what: what)
    }
}

/// Collects what Cairo writes.
private final class ByteSink {
    var bytes: [UInt8] = []
}

/// Hands Cairo the bytes it asks for; running past the end is a read error (a truncated PNG).
private final class ByteSource {
    let bytes: [UInt8]
    var offset = 0

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    func read(into destination: UnsafeMutablePointer<UInt8>, count: Int) -> Bool {
        guard count >= 0, count <= bytes.count - offset else { return false }
        bytes.withUnsafeBufferPointer { buffer in
            if count > 0, let base = buffer.baseAddress {
                destination.update(from: base + offset, count: count)
            }
        }
        offset += count
        return true
    }
}

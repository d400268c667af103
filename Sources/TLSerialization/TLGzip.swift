import CZlib

/// gzip_packed's payload: gzip (RFC 1952) through zlib. Unpacking stops at a hard output limit,
/// so a few kilobytes that inflate to gigabytes (a gzip bomb) are refused, not allocated.
public enum TLGzip {
    /// Inflates one gzip member. More than `limit` bytes of output, corrupt input, a truncated
    /// stream or bytes after its end are `TLError.gzip`.
    public static func unpack(_ bytes: [UInt8], limit: Int) throws(TLError) -> [UInt8] {
        var stream = z_stream()
        // 16 + 15: gzip wrapper, 32 KB window.
        guard inflateInit2_(&stream, 16 + 15, zlibVersion(), Int32(MemoryLayout<z_stream>.size)) == Z_OK else {
            throw .gzip("inflateInit failed")
        }
        defer { inflateEnd(&stream) }
        var output: [UInt8] = []
        output.reserveCapacity(min(limit, max(bytes.count * 4, 256)))
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        var status: Int32 = Z_OK
        var failure: TLError?
        bytes.withUnsafeBufferPointer { input in
            stream.next_in = UnsafeMutablePointer(mutating: input.baseAddress)
            stream.avail_in = UInt32(input.count)
            chunk.withUnsafeMutableBufferPointer { buffer in
                while true {
                    stream.next_out = buffer.baseAddress
                    stream.avail_out = UInt32(buffer.count)
                    status = inflate(&stream, Z_NO_FLUSH)
                    let produced = buffer.count - Int(stream.avail_out)
                    guard status == Z_OK || status == Z_STREAM_END || (status == Z_BUF_ERROR && produced > 0) else {
                        failure = .gzip(status == Z_BUF_ERROR ? "truncated stream" : "corrupt stream (zlib \(status))")
                        return
                    }
                    guard output.count + produced <= limit else {
                        failure = .gzip("unpacks to more than \(limit) bytes")
                        return
                    }
                    output.append(contentsOf: buffer[0..<produced])
                    if status == Z_STREAM_END { return }
                    if produced == 0 && stream.avail_in == 0 {
                        failure = .gzip("truncated stream")
                        return
                    }
                }
            }
        }
        if let failure { throw failure }
        guard stream.avail_in == 0 else { throw .gzip("\(stream.avail_in) bytes after the gzip stream") }
        return output
    }

    /// Deflates into one gzip member (default level).
    public static func pack(_ bytes: [UInt8]) -> [UInt8] {
        var stream = z_stream()
        let initialised = deflateInit2_(&stream, Z_DEFAULT_COMPRESSION, Z_DEFLATED, 16 + 15, 8, Z_DEFAULT_STRATEGY,
                                        zlibVersion(), Int32(MemoryLayout<z_stream>.size))
        precondition(initialised == Z_OK, "deflateInit2 failed: \(initialised)")
        defer { deflateEnd(&stream) }
        // deflateBound plus the gzip header and trailer zlib's bound leaves out.
        var output = [UInt8](repeating: 0, count: Int(deflateBound(&stream, UInt(bytes.count))) + 32)
        let written: Int = bytes.withUnsafeBufferPointer { input in
            output.withUnsafeMutableBufferPointer { out in
                stream.next_in = UnsafeMutablePointer(mutating: input.baseAddress)
                stream.avail_in = UInt32(input.count)
                stream.next_out = out.baseAddress
                stream.avail_out = UInt32(out.count)
                let status = deflate(&stream, Z_FINISH)
                precondition(status == Z_STREAM_END, "deflate did not finish: \(status)")
                return out.count - Int(stream.avail_out)
            }
        }
        output.removeSubrange(written...)
        return output
    }
}

#if canImport(Glibc)
import Glibc
#endif
import Container

/// The app's end of the audio FIFO: non-blocking reads of whatever has arrived, split into chunks.
public final class AudioFifoReader {
    public struct ReadResult: Equatable, Sendable {
        /// Whole chunks delivered by this call.
        public var chunks = 0
        /// Their payload bytes (length prefixes not included).
        public var bytes = 0
        /// Set when a bad length prefix made the reader discard the stream.
        public var rejected: String?
    }

    public let path: String
    private let fd: Int32
    /// For poll(2), by a caller that would rather wait for audio than read on a timer.
    public var fileDescriptor: Int32 { fd }
    /// Bytes read but not yet a whole chunk (a chunk can span many reads).
    private var pending: [UInt8] = []
    private var scratch = [UInt8](repeating: 0, count: 64 * 1024)

    public private(set) var totalChunks: UInt64 = 0
    public private(set) var totalBytes: UInt64 = 0
    public private(set) var rejections: UInt64 = 0

    /// Creates the FIFO if needed and opens it O_RDONLY|O_NONBLOCK (which succeeds with no writer).
    public init(path: String) throws {
        self.path = path
        try AudioFifo.create(path: path)
        fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else { throw SystemError("cannot open", path: path) }
    }

    deinit { if fd >= 0 { close(fd) } }

    /// Reads everything available now, calling `onChunk` with each whole chunk (the bytes are
    /// valid only during the call). Never blocks.
    @discardableResult
    public func readAvailable(_ onChunk: (UnsafeRawBufferPointer) -> Void = { _ in }) -> ReadResult {
        var result = ReadResult()
        while true {
            let n = scratch.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if n < 0 && errno == EINTR { continue }
            if n <= 0 { break }  // EAGAIN (empty), 0 (no writer right now), or an error: nothing more now
            pending.append(contentsOf: scratch[0..<n])
            if let reason = drainChunks(into: &result, onChunk) {
                result.rejected = reason
                resynchronise()
                break
            }
        }
        return result
    }

    /// Splits whole chunks off `pending`; a reason when a length prefix is impossible.
    private func drainChunks(into result: inout ReadResult, _ onChunk: (UnsafeRawBufferPointer) -> Void) -> String? {
        var offset = 0
        defer { pending.removeFirst(offset) }
        while pending.count - offset >= 4 {
            let length = pending.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: offset, as: Int32.self) }
            guard length > 0, Int(length) <= AudioFifo.maximumChunkBytes else {
                return "chunk length \(length) outside 1…\(AudioFifo.maximumChunkBytes)"
            }
            guard pending.count - offset - 4 >= Int(length) else { break }
            pending.withUnsafeBytes { onChunk(UnsafeRawBufferPointer(rebasing: $0[(offset + 4)..<(offset + 4 + Int(length))])) }
            offset += 4 + Int(length)
            result.chunks += 1
            result.bytes += Int(length)
            totalChunks += 1
            totalBytes += UInt64(length)
        }
        return nil
    }

    /// After a bad length there is no telling where the next chunk starts: drop what is
    /// buffered and what is in the pipe now, and take the next read as a chunk boundary.
    /// (Reopening would not help: a FIFO keeps its buffer while the writer holds it open.)
    private func resynchronise() {
        rejections += 1
        pending.removeAll(keepingCapacity: true)
        while true {
            let n = scratch.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if n < 0 && errno == EINTR { continue }
            if n <= 0 { break }
        }
    }
}

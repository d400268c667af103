#if canImport(Glibc)
import Glibc
#endif
import Container

/// The extension's end of the audio FIFO. Chunks are queued in the process and written as far
/// as the pipe takes them; with no reader, or a reader that does not drain, the queue stops at
/// Telegram's 1 MiB and newer chunks are dropped (counted), so audio can never stall capture.
public final class AudioFifoWriter {
    public enum State: Equatable, Sendable {
        /// No FIFO or no reader yet (open gives ENOENT / ENXIO): try again on the next flush.
        case waitingForReader
        case connected
        /// The reader went away (EPIPE); the next flush tries to reconnect.
        case disconnected
    }

    public let path: String
    public private(set) var state: State = .waitingForReader
    private var fd: Int32 = -1
    /// Framed chunks (length prefix included) waiting; the first may be partly written.
    private var queue: [[UInt8]] = []
    private var head = 0
    private var headOffset = 0

    /// Bytes waiting in the process, length prefixes included (what the 1 MiB limit counts).
    public private(set) var queuedBytes = 0
    // The rest count audio bytes only, as the reader does: no length prefixes.
    /// Audio in chunks written to the pipe whole.
    public private(set) var sentBytes: UInt64 = 0
    public private(set) var sentChunks: UInt64 = 0
    /// Audio in chunks refused (queue full, too large) or cut off by a reader going away.
    public private(set) var droppedBytes: UInt64 = 0
    public private(set) var droppedChunks: UInt64 = 0
    /// Audio in chunks still queued (the first may be partly written).
    public private(set) var pendingBytes: UInt64 = 0

    /// Does not open yet (the app may not have created the FIFO). Ignores SIGPIPE for the
    /// process: a reader that goes away must surface as EPIPE, not kill the extension.
    public init(path: String) {
        self.path = path
        signal(SIGPIPE, SIG_IGN)
    }

    deinit { if fd >= 0 { close(fd) } }

    /// Queues one chunk. False when it was dropped (over 30 MiB, or the queue is full). An empty
    /// chunk is nothing to send: ignored, since the reader would refuse a zero length.
    @discardableResult
    public func enqueue(_ bytes: UnsafeRawBufferPointer) -> Bool {
        if bytes.isEmpty { return true }
        guard bytes.count <= AudioFifo.maximumChunkBytes, queuedBytes < AudioFifo.writerQueueLimit else {
            droppedBytes += UInt64(bytes.count)
            droppedChunks += 1
            return false
        }
        var framed = [UInt8](repeating: 0, count: 4 + bytes.count)
        framed.withUnsafeMutableBytes { out in
            out.storeBytes(of: Int32(bytes.count), as: Int32.self)
            out.baseAddress!.advanced(by: 4).copyMemory(from: bytes.baseAddress!, byteCount: bytes.count)
        }
        queue.append(framed)
        queuedBytes += framed.count
        pendingBytes += UInt64(bytes.count)
        return true
    }

    @discardableResult
    public func enqueue(_ bytes: [UInt8]) -> Bool { bytes.withUnsafeBytes { enqueue($0) } }

    /// Writes as much of the queue as the pipe takes now. Never blocks.
    @discardableResult
    public func flush() -> State {
        if fd < 0 {
            fd = open(path, O_WRONLY | O_NONBLOCK | O_CLOEXEC)
            // ENXIO: no reader has it open; ENOENT: not created yet. Either way, later.
            guard fd >= 0 else { return state }
            var st = stat()
            guard fstat(fd, &st) == 0, (st.st_mode & S_IFMT) == S_IFIFO else {
                close(fd)  // something else took the name: never write audio into a regular file
                fd = -1
                return state
            }
            state = .connected
        }
        while head < queue.count {
            let count = queue[head].count - headOffset
            let n = queue[head].withUnsafeBytes { write(fd, $0.baseAddress! + headOffset, count) }
            if n < 0 {
                if errno == EINTR { continue }
                if errno == EAGAIN { break }  // pipe full: the reader is behind
                disconnect()
                return state
            }
            headOffset += n
            queuedBytes -= n
            if headOffset == queue[head].count {
                sentBytes += UInt64(queue[head].count - 4)
                sentChunks += 1
                popHead()
            }
        }
        compact()
        return state
    }

    /// EPIPE (or another write error): the pipe is gone with whatever it held. A half-written
    /// chunk cannot be finished on a new pipe without breaking the framing, so it is dropped.
    private func disconnect() {
        close(fd)
        fd = -1
        state = .disconnected
        if headOffset > 0 {
            queuedBytes -= queue[head].count - headOffset
            droppedBytes += UInt64(queue[head].count - 4)
            droppedChunks += 1
            popHead()
        }
        compact()
    }

    private func popHead() {
        pendingBytes -= UInt64(queue[head].count - 4)
        queue[head] = []
        head += 1
        headOffset = 0
    }

    private func compact() {
        if head > 0 && head * 2 >= queue.count {
            queue.removeFirst(head)
            head = 0
        }
    }
}

import Container
#if canImport(Glibc)
import Glibc
#endif

/// A TCP connection over plain POSIX sockets, with a deadline on everything that waits: a
/// non-blocking connect watched with poll, sends that wait for room until their deadline,
/// receives with a timeout. `close()` may come from any thread: it wakes a receive or send blocked
/// in poll on another (through a self-pipe both watch), which then throws `.closed`. The
/// descriptors themselves are closed when the last reference goes, so no thread ever polls a
/// number the kernel has given to something else.
public final class TCPSocket: @unchecked Sendable {
    private let socket: Int32
    /// The self-pipe: close() writes a byte to `wakeupWriter`; polls watch `wakeup`.
    private let wakeup: Int32
    private let wakeupWriter: Int32
    public let peer: String
    private let state = ConditionLock()
    private var isClosed = false  // guarded by `state`

    private init(socket: Int32, wakeup: (reader: Int32, writer: Int32), peer: String) {
        self.socket = socket
        self.wakeup = wakeup.reader
        self.wakeupWriter = wakeup.writer
        self.peer = peer
    }

    deinit {
        Glibc.close(socket)
        Glibc.close(wakeup)
        Glibc.close(wakeupWriter)
    }

    /// Connects to `host` (an IPv4 or IPv6 literal, or a name resolved within the same deadline)
    /// trying each address it gives in turn, all within `timeout` seconds.
    public static func connect(host: String, port: UInt16, timeout: Double) throws(TransportError) -> TCPSocket {
        let deadline = Clock.monotonicNanoseconds() + UInt64(max(0, timeout) * 1e9)
        var lastError = TransportError.hostNotFound(host: host, reason: "no address")
        for address in try HostResolver.resolve(host: host, port: port, deadline: deadline, timeout: timeout) {
            do {
                return try connect(address, deadline: deadline, timeout: timeout)
            } catch {
                lastError = error
                if case .timedOut = error { throw error }
            }
        }
        throw lastError
    }

    private static func connect(_ resolved: ResolvedAddress, deadline: UInt64, timeout: Double) throws(TransportError) -> TCPSocket {
        let address = resolved.description
        let fd = Glibc.socket(resolved.family, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_NONBLOCK.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { throw .system(operation: "socket", code: errno) }
        var pipeEnds: [Int32] = [-1, -1]
        guard pipe(&pipeEnds) == 0 else {
            let code = errno
            Glibc.close(fd)
            throw .system(operation: "pipe", code: code)
        }
        for end in pipeEnds {
            _ = fcntl(end, F_SETFD, FD_CLOEXEC)
            _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
        }
        // From here the socket object owns the three descriptors.
        let connection = TCPSocket(socket: fd, wakeup: (pipeEnds[0], pipeEnds[1]), peer: address)
        var one: Int32 = 1
        setsockopt(fd, Int32(IPPROTO_TCP), TCP_NODELAY, &one, socklen_t(MemoryLayout<Int32>.size))
        let started = resolved.socketAddress.withUnsafeBytes { raw in
            Glibc.connect(fd, raw.baseAddress!.assumingMemoryBound(to: sockaddr.self), socklen_t(raw.count))
        }
        if started != 0 {
            // EINTR: the handshake goes on in the background, as with EINPROGRESS.
            guard errno == EINPROGRESS || errno == EINTR else { throw connectError(errno, address: address) }
            guard try connection.wait(for: Int16(POLLOUT), deadline: deadline) else {
                throw .timedOut(operation: "connecting to \(address)", seconds: timeout)
            }
            var code: Int32 = 0
            var length = socklen_t(MemoryLayout<Int32>.size)
            getsockopt(fd, SOL_SOCKET, SO_ERROR, &code, &length)
            if code != 0 { throw connectError(code, address: address) }
        }
        return connection
    }

    private static func connectError(_ code: Int32, address: String) -> TransportError {
        switch code {
        case ECONNREFUSED: .refused(address: address)
        case ETIMEDOUT: .timedOut(operation: "connecting to \(address)", seconds: 0)
        case ENETUNREACH, EHOSTUNREACH, EADDRNOTAVAIL, EAFNOSUPPORT:
            .unreachable(address: address, reason: String(cString: strerror(code)))
        default: .system(operation: "connect to \(address)", code: code)
        }
    }

    // MARK: Sending and receiving

    /// Sends every byte, waiting for room in the socket's buffer until `timeout` seconds pass.
    public func send(_ bytes: [UInt8], timeout: Double) throws(TransportError) {
        let deadline = Clock.monotonicNanoseconds() + UInt64(max(0, timeout) * 1e9)
        var offset = 0
        while offset < bytes.count {
            if closed { throw .closed }
            let sent = bytes.withUnsafeBytes { Glibc.send(socket, $0.baseAddress! + offset, $0.count - offset, Int32(MSG_NOSIGNAL)) }
            if sent > 0 {
                offset += sent
                continue
            }
            switch errno {
            case EINTR: continue
            case EAGAIN, EWOULDBLOCK:
                guard try wait(for: Int16(POLLOUT), deadline: deadline) else {
                    throw .timedOut(operation: "sending \(bytes.count) bytes to \(peer)", seconds: timeout)
                }
            case EPIPE, ECONNRESET: throw closed ? .closed : .reset
            default: throw closed ? .closed : .system(operation: "send", code: errno)
            }
        }
    }

    /// Up to `maximumCount` bytes as soon as any arrive; nil when none do within `timeout`.
    public func receive(maximumCount: Int = 65536, timeout: Double) throws(TransportError) -> [UInt8]? {
        let deadline = Clock.monotonicNanoseconds() + UInt64(max(0, timeout) * 1e9)
        var buffer = [UInt8](repeating: 0, count: maximumCount)
        while true {
            if closed { throw .closed }
            let count = buffer.withUnsafeMutableBytes { recv(socket, $0.baseAddress, $0.count, 0) }
            if count > 0 { return Array(buffer[0..<count]) }
            if count == 0 { throw closed ? .closed : .closedByPeer }
            switch errno {
            case EINTR: continue
            case EAGAIN, EWOULDBLOCK:
                guard try wait(for: Int16(POLLIN), deadline: deadline) else { return nil }
            case ECONNRESET: throw closed ? .closed : .reset
            default: throw closed ? .closed : .system(operation: "recv", code: errno)
            }
        }
    }

    /// Closes the connection; idempotent, callable from any thread. A blocked send or receive
    /// wakes and throws `.closed`.
    public func close() {
        let first: Bool = state.withLock {
            defer { isClosed = true }
            return !isClosed
        }
        guard first else { return }
        var byte: UInt8 = 1
        _ = write(wakeupWriter, &byte, 1)
        shutdown(socket, Int32(SHUT_RDWR))
    }

    public var closed: Bool { state.withLock { isClosed } }

    /// Waits until the socket is ready for `events` (true), the deadline passes (false), or the
    /// socket is closed (throws `.closed`).
    private func wait(for events: Int16, deadline: UInt64) throws(TransportError) -> Bool {
        while true {
            let now = Clock.monotonicNanoseconds()
            guard now < deadline else { return false }
            let milliseconds = Int32(min((deadline - now + 999_999) / 1_000_000, UInt64(Int32.max)))
            var fds = [pollfd(fd: socket, events: events, revents: 0), pollfd(fd: wakeup, events: Int16(POLLIN), revents: 0)]
            let ready = poll(&fds, 2, milliseconds)
            if ready < 0 {
                if errno == EINTR { continue }
                throw .system(operation: "poll", code: errno)
            }
            if fds[1].revents != 0 || closed { throw .closed }
            // Readiness, or an error or hang-up the next send/recv/getsockopt reports.
            if fds[0].revents != 0 { return true }
        }
    }
}

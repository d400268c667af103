#if canImport(Glibc)
import Glibc
#endif

/// An advisory `flock` on a lock file. The kernel drops it when the process dies, so a killed
/// holder never leaves a stale lock (unlike the Realm lock in element-ios#3906).
/// The holder writes its pid into the file so the refusal can name who holds it.
public final class FileLock {
    public let path: String
    private let recordsHolder: Bool
    private var fd: Int32 = -1

    /// `recordsHolder` false: a lock held for a moment, whose holder no refusal names, skips
    /// writing its pid (a truncate and a write on every take).
    public init(path: String, recordsHolder: Bool = true) {
        self.path = path
        self.recordsHolder = recordsHolder
    }

    deinit { unlock() }

    public var isHeld: Bool { fd >= 0 }

    /// Takes the lock without waiting. Returns false when another process holds it.
    public func tryLock() throws -> Bool {
        try acquire(blocking: false)
    }

    /// Waits for the lock.
    public func lock() throws {
        _ = try acquire(blocking: true)
    }

    /// Waits for the lock at most `seconds`; false when another process held it all that time
    /// (a holder stopped by SIGSTOP holds it until it is continued).
    public func lock(within seconds: Double) throws -> Bool {
        let deadline = Clock.monotonicNanoseconds() + UInt64(max(0, seconds) * 1e9)
        while true {
            if try tryLock() { return true }
            if Clock.monotonicNanoseconds() >= deadline { return false }
            usleep(10_000)
        }
    }

    private func acquire(blocking: Bool) throws -> Bool {
        if fd >= 0 { return true }
        // Never through a link (ftruncate below would empty whatever it points at), never
        // blocked by a FIFO put in its place.
        let descriptor = try FileSystem.openRegularFile(path, limit: .max, flags: O_RDWR | O_CREAT).fd
        while flock(descriptor, LOCK_EX | (blocking ? 0 : LOCK_NB)) != 0 {
            if errno == EINTR { continue }
            let code = errno
            close(descriptor)
            if code == EWOULDBLOCK { return false }
            throw SystemError("cannot lock", path: path, code: code)
        }
        fd = descriptor
        guard recordsHolder else { return true }
        // Record the holder for diagnostics; the lock, not this text, is the truth.
        let pid = Array("\(getpid())\n".utf8)
        if ftruncate(descriptor, 0) == 0 {
            _ = pid.withUnsafeBytes { pwrite(descriptor, $0.baseAddress, $0.count, 0) }
        }
        return true
    }

    public func unlock() {
        guard fd >= 0 else { return }
        flock(fd, LOCK_UN)
        close(fd)
        fd = -1
    }

    /// True when some process holds the lock right now (probes with a non-blocking try).
    public static func isLocked(path: String) -> Bool {
        guard let descriptor = try? FileSystem.openRegularFile(path, limit: .max).fd else { return false }
        defer { close(descriptor) }
        if flock(descriptor, LOCK_SH | LOCK_NB) == 0 {
            flock(descriptor, LOCK_UN)
            return false
        }
        return errno == EWOULDBLOCK
    }

    /// The pid the current holder wrote, if any.
    public static func holderPID(path: String) -> Int32? {
        guard let bytes = try? FileSystem.readFile(path, limit: 64) else { return nil }
        return Int32(String(decoding: bytes, as: UTF8.self).trimmingWhitespace())
    }

    /// The holder's pid, and whether it is stopped right now (SIGSTOP, Ctrl-Z): it keeps the lock
    /// and does nothing until it is continued.
    public static func holder(path: String) -> (pid: Int32?, stopped: Bool) {
        let pid = holderPID(path: path)
        return (pid, pid.map { ProcessState.of($0) == .stopped } ?? false)
    }
}

extension String {
    public func trimmingWhitespace() -> String {
        var scalars = Substring(self)
        while let first = scalars.first, first.isWhitespace { scalars = scalars.dropFirst() }
        while let last = scalars.last, last.isWhitespace { scalars = scalars.dropLast() }
        return String(scalars)
    }
}

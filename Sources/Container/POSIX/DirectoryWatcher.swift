#if canImport(Glibc)
import Glibc
#endif

/// Calls back when entries appear in a directory (inotify: created, moved in, closed after
/// writing). Coarse on purpose: the callback re-reads the directory, so a burst of events is one
/// wake-up's worth of work and a missed event costs nothing but latency until the caller's poll.
public enum DirectoryWatcher {
    /// Starts watching on its own thread; false when inotify is unavailable (the caller polls).
    public static func start(_ path: String, onChange: @escaping @Sendable () -> Void) -> Bool {
        let fd = inotify_init1(Int32(IN_CLOEXEC))
        guard fd >= 0 else { return false }
        guard inotify_add_watch(fd, path, UInt32(IN_MOVED_TO | IN_CREATE | IN_CLOSE_WRITE)) >= 0 else {
            close(fd)
            return false
        }
        DetachedThread {
            var buffer = [UInt8](repeating: 0, count: 4096)
            while true {
                let n = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
                if n > 0 {
                    onChange()
                } else if n < 0 && errno == EINTR {
                    continue
                } else {
                    break
                }
            }
        }.start()
        return true
    }
}

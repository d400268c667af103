import Container
#if canImport(Glibc)
import Glibc
#endif

/// Runs work on its own thread and waits for it at most until a deadline. The caller gets control
/// back in time even when the work is stuck (a Postbox held by a writer, a stdin that never closes):
/// the thread then simply dies with the process.
enum Deadline {
    /// True when the work finished in time. `work` may call its argument once, when it has
    /// something the waiting thread can start on: `meanwhile` then runs on the waiting thread,
    /// given the deadline (monotonic nanoseconds) to keep its own waits within.
    static func run(seconds: Double, meanwhile: (UInt64) -> Void = { _ in },
                    _ work: @escaping @Sendable (_ ready: @escaping @Sendable () -> Void) -> Void) -> Bool {
        let deadline = Clock.monotonicNanoseconds() + UInt64(max(0, seconds) * 1e9)
        var fds: [Int32] = [0, 0]
        guard pipe(&fds) == 0 else {
            work {}
            return true
        }
        let (readEnd, writeEnd) = (fds[0], fds[1])
        let (readyByte, doneByte): (UInt8, UInt8) = (2, 1)
        DetachedThread {
            work {
                var byte = readyByte
                _ = write(writeEnd, &byte, 1)
            }
            var byte = doneByte
            _ = write(writeEnd, &byte, 1)
        }.start()
        var pfd = pollfd(fd: readEnd, events: Int16(POLLIN), revents: 0)
        while true {
            let now = Clock.monotonicNanoseconds()
            guard now < deadline else { return false }
            let remaining = Int32(clamping: (deadline - now + 999_999) / 1_000_000)
            let n = poll(&pfd, 1, remaining)
            if n < 0 && errno != EINTR { return false }
            guard n > 0 else { continue }
            var byte: UInt8 = 0
            guard read(readEnd, &byte, 1) == 1 else { return false }
            if byte == doneByte { return true }
            meanwhile(deadline)
        }
    }
}

import Container

#if canImport(Glibc)
import Glibc
#endif

/// SIGINT and SIGTERM as events, with no window in which one is lost: the handler is installed
/// synchronously (sigaction) before `main run` says it is ready, and it only writes the signal
/// number to a pipe (async-signal-safe); a thread reads the pipe and hands the numbers on.
/// (Dispatch signal sources arm asynchronously after resume, and a signal in that gap was lost.)
enum SignalPipe {
    nonisolated(unsafe) private static var writeEnd: Int32 = -1

    static func install(_ signals: [Int32], deliver: @escaping @Sendable (Int32) -> Void) {
        var fds: [Int32] = [0, 0]
        guard pipe(&fds) == 0 else { return }
        _ = fcntl(fds[0], F_SETFD, FD_CLOEXEC)
        _ = fcntl(fds[1], F_SETFD, FD_CLOEXEC)
        writeEnd = fds[1]
        for number in signals {
            var action = sigaction()
            action.__sigaction_handler.sa_handler = { received in
                var byte = UInt8(truncatingIfNeeded: received)
                _ = write(SignalPipe.writeEnd, &byte, 1)
            }
            sigemptyset(&action.sa_mask)
            action.sa_flags = SA_RESTART
            sigaction(number, &action, nil)
        }
        let readEnd = fds[0]
        let thread = DetachedThread {
            var byte: UInt8 = 0
            while true {
                let n = read(readEnd, &byte, 1)
                if n == 1 { deliver(Int32(byte)) } else if n < 0 && errno == EINTR { continue } else { break }
            }
        }
        thread.start()
    }
}

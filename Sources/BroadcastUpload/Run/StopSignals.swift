#if canImport(Glibc)
import Glibc
#endif

/// SIGINT and SIGTERM as the user stopping the broadcast. They are blocked before any streaming
/// thread starts (threads inherit the mask), so no thread is killed by them and none needs a
/// handler; the control loop collects them with sigtimedwait, which is also its sleep, so a
/// signal ends the wait at once.
struct StopSignals {
    private var set = sigset_t()

    /// Blocks SIGINT and SIGTERM in the calling thread and every thread it starts afterwards.
    static func block() -> StopSignals {
        var signals = StopSignals()
        sigemptyset(&signals.set)
        sigaddset(&signals.set, SIGINT)
        sigaddset(&signals.set, SIGTERM)
        pthread_sigmask(SIG_BLOCK, &signals.set, nil)
        return signals
    }

    /// Waits up to `nanoseconds` for one of them; the signal, or nil when the time ran out.
    func wait(nanoseconds: Int64) -> Int32? {
        var timeout = timespec(tv_sec: Int(max(0, nanoseconds) / 1_000_000_000), tv_nsec: Int(max(0, nanoseconds) % 1_000_000_000))
        var set = self.set
        let received = sigtimedwait(&set, nil, &timeout)
        return received > 0 ? received : nil
    }

    /// The name for the log.
    static func name(_ signal: Int32) -> String {
        signal == SIGINT ? "SIGINT" : signal == SIGTERM ? "SIGTERM" : "signal \(signal)"
    }
}

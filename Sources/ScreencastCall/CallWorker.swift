import Container
import Dispatch
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// A loop on its own thread that can be stopped and waited for: the call's parts each run one,
/// and ending the call must know they are done before it writes the final statistics and
/// deletes the files they read.
final class CallWorker: Sendable {
    private let stopRequested = Atomic<Bool>(false)
    private let running = Atomic<Bool>(false)
    private let finished = DispatchSemaphore(value: 0)

    var isStopping: Bool { stopRequested.load(ordering: .acquiring) }

    /// Runs `step` until `stop()`. Each step waits only briefly (its own timeout), which bounds
    /// how long a stop takes.
    func start(_ step: @escaping @Sendable () -> Void) {
        guard !running.exchange(true, ordering: .acquiringAndReleasing) else { return }
        DetachedThread { [self] in
            while !isStopping { step() }
            finished.signal()
        }.start()
    }

    /// Asks the loop to stop and waits for its current step to finish. Safe to call twice, or
    /// on a worker never started.
    func stop() {
        stopRequested.store(true, ordering: .releasing)
        guard running.exchange(false, ordering: .acquiringAndReleasing) else { return }
        finished.wait()
    }

    /// Sleeps the calling thread (the parts poll at millisecond intervals).
    static func pause(nanoseconds: UInt64) {
        guard nanoseconds > 0 else { return }
        var request = timespec(tv_sec: Int(nanoseconds / 1_000_000_000), tv_nsec: Int(nanoseconds % 1_000_000_000))
        var remaining = timespec()
        while nanosleep(&request, &remaining) != 0 && errno == EINTR { request = remaining }
    }

    static func nanoseconds(_ seconds: Double) -> UInt64 { UInt64(max(0, seconds) * 1e9) }
}

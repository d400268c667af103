import Container
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Kills a child with SIGKILL at its deadline, from a thread of its own, unless it ended or
/// `cancel` came first. The tests' task pool (two threads on two cores) can be busy with
/// synchronous tests for longer than a timeout, and a child must not outlive its deadline, nor
/// pass for finished in time, because the task waiting for it was late.
public final class DeadlineKiller: @unchecked Sendable {
    private let lock = NSLock()
    private var didFire = false
    private var cancelled = false

    public init(_ child: ChildProcess, deadline: UInt64) {
        DetachedThread { [self] in
            while true {
                lock.lock()
                let stop = cancelled
                lock.unlock()
                if stop || !child.isRunning { return }
                if Clock.monotonicNanoseconds() > deadline {
                    child.send(SIGKILL)
                    lock.lock()
                    didFire = true
                    lock.unlock()
                    return
                }
                usleep(5_000)
            }
        }.start()
    }

    public var fired: Bool {
        lock.lock()
        defer { lock.unlock() }
        return didFire
    }

    public func cancel() {
        lock.lock()
        cancelled = true
        lock.unlock()
    }
}

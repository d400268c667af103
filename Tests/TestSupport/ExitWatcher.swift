import Container
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Notices each child's end within a few milliseconds, on a thread of its own, whoever waits for
/// the child and whenever. A child's running time is then its own: a test that waits for several
/// children in turn, or a test pool whose threads are all busy for seconds on a loaded machine,
/// does not add its delay to the children it reaps late.
final class ExitWatcher: @unchecked Sendable {
    static let shared = ExitWatcher()

    private struct Watched {
        weak var child: ChildProcess?
    }

    private let lock = NSLock()
    private var watched: [Watched] = []
    private var started = false

    func watch(_ child: ChildProcess) {
        lock.lock()
        defer { lock.unlock() }
        watched.append(Watched(child: child))
        guard !started else { return }
        started = true
        DetachedThread { [self] in loop() }.start()
    }

    private func loop() {
        while true {
            usleep(5_000)
            lock.lock()
            let children = watched.compactMap(\.child)
            lock.unlock()
            let ended = Set(children.filter { $0.reapIfEnded() }.map(ObjectIdentifier.init))
            lock.lock()
            watched.removeAll { entry in entry.child.map { ended.contains(ObjectIdentifier($0)) } ?? true }
            lock.unlock()
        }
    }
}

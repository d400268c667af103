#if canImport(Glibc)
import Glibc
#endif

/// A pthread running a closure, waited for with `join()` (Foundation's Thread is not available
/// here): for work done beside the caller that the caller must see finished, such as main's
/// ingest preparing messages while it writes the ones before, or a broadcast's streaming threads,
/// which must have let go of the ring and the FIFO before stopping returns.
public final class JoinableThread: @unchecked Sendable {
    private let body: @Sendable () -> Void
    private var handle: pthread_t?

    public init(_ body: @escaping @Sendable () -> Void) { self.body = body }

    /// False when no thread could be made; the caller then does the work itself.
    public func start() -> Bool {
        precondition(handle == nil, "a JoinableThread starts once")
        let box = Unmanaged.passRetained(self).toOpaque()
        var made = pthread_t()
        let rc = pthread_create(&made, nil, { context in
            let thread = Unmanaged<JoinableThread>.fromOpaque(context!).takeRetainedValue()
            thread.body()
            return nil
        }, box)
        guard rc == 0 else {
            Unmanaged<JoinableThread>.fromOpaque(box).release()
            return false
        }
        handle = made
        return true
    }

    /// Starts `body` on a new thread; nil when the system refuses one.
    public static func start(_ body: @escaping @Sendable () -> Void) -> JoinableThread? {
        let thread = JoinableThread(body)
        return thread.start() ? thread : nil
    }

    /// Lets the thread end on its own, never waited for: for work that may outlive its caller's
    /// patience (a name resolution past its deadline).
    public func detach() {
        guard let handle else { return }
        pthread_detach(handle)
        self.handle = nil
    }

    /// Waits for the body to return (at once if the thread never started, or was joined).
    public func join() {
        guard let handle else { return }
        pthread_join(handle, nil)
        self.handle = nil
    }
}

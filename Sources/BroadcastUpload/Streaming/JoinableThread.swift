#if canImport(Glibc)
import Glibc
#endif

/// A pthread the control thread can wait for (Container's DetachedThread cannot be joined):
/// stopping must not return until the streaming threads have let go of the ring and the FIFO.
final class JoinableThread {
    private final class Box {
        let body: () -> Void
        init(_ body: @escaping () -> Void) { self.body = body }
    }

    private let handle: pthread_t
    private var joined = false

    private init(handle: pthread_t) { self.handle = handle }

    /// Starts `body` on a new thread; nil when the system refuses one.
    static func start(_ body: @escaping @Sendable () -> Void) -> JoinableThread? {
        let box = Unmanaged.passRetained(Box(body)).toOpaque()
        var handle = pthread_t()
        let created = pthread_create(&handle, nil, { context in
            Unmanaged<Box>.fromOpaque(context!).takeRetainedValue().body()
            return nil
        }, box)
        guard created == 0 else {
            Unmanaged<Box>.fromOpaque(box).release()
            return nil
        }
        return JoinableThread(handle: handle)
    }

    func join() {
        guard !joined else { return }
        joined = true
        pthread_join(handle, nil)
    }
}

#if canImport(Glibc)
import Glibc
#endif

/// A detached pthread running a closure (Foundation's Thread is not available here): for work that
/// must not hold up its caller, such as a signal pipe reader or work racing a deadline.
public final class DetachedThread: @unchecked Sendable {
    private let body: @Sendable () -> Void

    public init(_ body: @escaping @Sendable () -> Void) { self.body = body }

    public func start() {
        let box = Unmanaged.passRetained(self).toOpaque()
        var handle = pthread_t()
        pthread_create(&handle, nil, { context in
            let thread = Unmanaged<DetachedThread>.fromOpaque(context!).takeRetainedValue()
            thread.body()
            return nil
        }, box)
        pthread_detach(handle)
    }
}

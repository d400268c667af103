import Synchronization

/// Cancels requests waiting in `MTProtoSession.invoke` (or `MTProtoClient.invoke`), as an
/// MTProtoKit request's disposable does: the waiting caller gets `MTProtoError.cancelled` at
/// once, and a request that already went out is followed by `rpc_drop_answer`, so the server
/// need not send (and the client need not read) an answer nobody waits for. One handle may
/// cancel several requests; cancelling is idempotent and may come from any thread.
public final class RequestCancellation: Sendable {
    private struct State {
        var cancelled = false
        var handlers: [Int: @Sendable () -> Void] = [:]
        var nextKey = 0
    }

    private let state = Mutex(State())

    public init() {}

    public var isCancelled: Bool { state.withLock { $0.cancelled } }

    public func cancel() {
        let handlers: [@Sendable () -> Void] = state.withLock { state in
            guard !state.cancelled else { return [] }
            state.cancelled = true
            defer { state.handlers = [:] }
            return Array(state.handlers.values)
        }
        // Outside the mutex: a handler takes its session's lock.
        handlers.forEach { $0() }
    }

    /// Registers what a cancel wakes; nil when already cancelled (nothing is registered).
    func onCancel(_ handler: @escaping @Sendable () -> Void) -> Int? {
        state.withLock { state in
            guard !state.cancelled else { return nil }
            state.nextKey += 1
            state.handlers[state.nextKey] = handler
            return state.nextKey
        }
    }

    func removeHandler(_ key: Int) {
        _ = state.withLock { $0.handlers.removeValue(forKey: key) }
    }
}

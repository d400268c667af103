import Container

/// Runs `body` on a pthread of its own and awaits its result: for blocking work (a futex wait, a
/// semaphore) that must neither hold one of the test pool's few threads nor be delayed by them.
public func onThread<T: Sendable>(_ body: @escaping @Sendable () -> T) async -> T {
    await withCheckedContinuation { continuation in
        DetachedThread { continuation.resume(returning: body()) }.start()
    }
}

/// Runs throwing blocking work (a synchronous network session, a child process waited for) on a
/// pthread of its own, so the test pool's two threads stay free for the tests that await; rethrows.
public func onOwnThread<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
    try await onThread { Result { try body() } }.get()
}

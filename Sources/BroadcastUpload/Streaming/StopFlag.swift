import Synchronization

/// Set once by the control thread, polled by the streaming threads between ticks.
final class StopFlag: Sendable {
    private let flag = Atomic<Bool>(false)

    func set() { flag.store(true, ordering: .releasing) }
    var isSet: Bool { flag.load(ordering: .acquiring) }
}

import AppCore
import Synchronization

/// The app's events (the one-second timer, signals, requests arriving) come from other threads;
/// the interface runs on the main thread in the terminal's `poll`. The bridge queues them and
/// writes a byte to a pipe the run loop watches, so they wake it and are handled between frames,
/// in order, on the main thread.
final class EventBridge: Sendable {
    private let queue = Mutex<[AppEvent]>([])
    private let pipe: WakePipe
    var readDescriptor: Int32 { pipe.readDescriptor }

    init() throws {
        pipe = try WakePipe()
    }

    /// From any thread. A full pipe (the main thread behind) loses no event: the queue holds them
    /// and one byte already waiting is enough to wake the loop.
    func deliver(_ event: AppEvent) {
        queue.withLock { $0.append(event) }
        pipe.wake()
    }

    /// The events queued so far, oldest first; the pipe emptied.
    func drain() -> [AppEvent] {
        pipe.drain()
        return queue.withLock { events in
            defer { events.removeAll() }
            return events
        }
    }
}

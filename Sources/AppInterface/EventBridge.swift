import AppCore
import Glibc
import Synchronization

/// The app's events (the one-second timer, signals, requests arriving) come from other threads;
/// the interface runs on the main thread in the terminal's `poll`. The bridge queues them and
/// writes a byte to a pipe the run loop watches, so they wake it and are handled between frames,
/// in order, on the main thread.
final class EventBridge: Sendable {
    private let queue = Mutex<[AppEvent]>([])
    let readDescriptor: Int32
    private let writeDescriptor: Int32

    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    init() throws {
        var descriptors: [Int32] = [0, 0]
        guard pipe(&descriptors) == 0 else { throw Failure(description: "cannot make a pipe: errno \(errno)") }
        for descriptor in descriptors {
            _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
            _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK)
        }
        readDescriptor = descriptors[0]
        writeDescriptor = descriptors[1]
    }

    deinit {
        close(readDescriptor)
        close(writeDescriptor)
    }

    /// From any thread. A full pipe (the main thread behind) loses no event: the queue holds them
    /// and one byte already waiting is enough to wake the loop.
    func deliver(_ event: AppEvent) {
        queue.withLock { $0.append(event) }
        var byte: UInt8 = 1
        _ = write(writeDescriptor, &byte, 1)
    }

    /// The events queued so far, oldest first; the pipe emptied.
    func drain() -> [AppEvent] {
        var buffer = [UInt8](repeating: 0, count: 256)
        while read(readDescriptor, &buffer, buffer.count) > 0 {}
        return queue.withLock { events in
            defer { events.removeAll() }
            return events
        }
    }
}

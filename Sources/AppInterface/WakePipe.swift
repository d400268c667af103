import Glibc

/// A pipe that wakes the terminal's run loop from another thread: a byte written to it makes
/// `readDescriptor` readable, which the loop's `poll` watches; the main thread then empties it and
/// does the work. Non-blocking both ways, so a full pipe loses nothing (one byte waiting is enough).
final class WakePipe: Sendable {
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

    /// From any thread.
    func wake() {
        var byte: UInt8 = 1
        _ = write(writeDescriptor, &byte, 1)
    }

    /// Empties the pipe.
    func drain() {
        var buffer = [UInt8](repeating: 0, count: 256)
        while read(readDescriptor, &buffer, buffer.count) > 0 {}
    }
}

#if canImport(Glibc)
import Glibc
#endif
import Synchronization

/// Telegram's file logger: appends `[tag] Y-M-D HH:MM:SS.mmm text` lines to
/// `log-<date>.txt`, reusing the newest file while it is under 2 MiB, keeping at most 20 files.
/// One per process; every LogHandler of the process writes through it.
public final class RotatingLogFile: Sendable {
    public static let maxFileSize = 2 * 1024 * 1024
    public static let maxFiles = 20

    public let directory: String
    private let state: Mutex<State>

    private struct State {
        var fd: Int32 = -1
        var size = 0
    }

    public init(directory: String) throws {
        self.directory = directory
        try FileSystem.createDirectory(directory, durable: false)
        state = Mutex(State())
    }

    deinit {
        state.withLock { if $0.fd >= 0 { close($0.fd) } }
    }

    public func append(tag: String, text: String) {
        let stamp = LogTimestamp.now()
        let line = Array("[\(tag)] \(LogTimestamp.line(stamp)) \(text)\n".utf8)
        state.withLock { state in
            if state.fd < 0 || state.size >= RotatingLogFile.maxFileSize {
                openFile(&state, stamp: stamp)
            }
            guard state.fd >= 0 else { return }
            let written = line.withUnsafeBytes { write(state.fd, $0.baseAddress, $0.count) }
            if written > 0 { state.size += written }
        }
    }

    private func openFile(_ state: inout State, stamp: LogTimestamp.Parts) {
        if state.fd >= 0 { close(state.fd); state.fd = -1 }
        let existing = FileSystem.listDirectory(directory).filter { $0.hasPrefix("log-") && $0.hasSuffix(".txt") }.sorted()
        var path = directory + "/" + LogTimestamp.fileName(stamp)
        // Rotating twice within one millisecond: "_1" sorts after ".txt", keeping creation order.
        var suffix = 1
        while FileSystem.exists(path) && (FileSystem.fileSize(path) ?? 0) >= RotatingLogFile.maxFileSize {
            path = directory + "/" + LogTimestamp.fileName(stamp).replacingOccurrencesOfTxt("_\(suffix).txt")
            suffix += 1
        }
        if let newest = existing.last, let size = FileSystem.fileSize(directory + "/" + newest), size < RotatingLogFile.maxFileSize {
            path = directory + "/" + newest
        } else {
            // A new file: drop the oldest so at most maxFiles remain.
            let excess = existing.count + 1 - RotatingLogFile.maxFiles
            if excess > 0 {
                for name in existing.prefix(excess) { unlink(directory + "/" + name) }
            }
        }
        // A FIFO in the logs folder must not block the launch (O_WRONLY waits for a reader),
        // and a link must not make the log append to a file elsewhere.
        guard let (fd, size) = try? FileSystem.openRegularFile(path, limit: .max, flags: O_WRONLY | O_CREAT | O_APPEND) else { return }
        state.fd = fd
        state.size = size
    }
}

extension String {
    fileprivate func replacingOccurrencesOfTxt(_ ending: String) -> String {
        hasSuffix(".txt") ? String(dropLast(4)) + ending : self + ending
    }
}

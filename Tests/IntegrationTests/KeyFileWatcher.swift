import Foundation
import TestSupport
#if canImport(Glibc)
import Glibc
#endif

/// Watches (inotify) how `telegram-data/.tempkey` comes into existence in an initially empty
/// container, so the key race test can see what no process prints: a racer that replaced the
/// winner's key (a second rename onto `.tempkey`) or deleted it.
///
/// `telegram-data` does not exist yet when watching starts, so the watcher follows its creation
/// and adds a watch on it at once. If the key was linked in before that watch was in place the
/// round is "unobserved": the watcher can only ever under-count, never invent an event.
final class KeyFileWatcher: @unchecked Sendable {
    struct Event: Sendable, CustomStringConvertible {
        let mask: UInt32
        let name: String
        var description: String {
            var kinds: [String] = []
            if mask & UInt32(IN_CREATE) != 0 { kinds.append("CREATE") }
            if mask & UInt32(IN_MOVED_TO) != 0 { kinds.append("MOVED_TO") }
            if mask & UInt32(IN_MOVED_FROM) != 0 { kinds.append("MOVED_FROM") }
            if mask & UInt32(IN_DELETE) != 0 { kinds.append("DELETE") }
            return "\(kinds.joined(separator: "|")) \(name)"
        }
    }

    private let fd: Int32
    private let containerWatch: Int32
    private let rootPath: String
    private let lock = NSLock()
    private var rootWatch: Int32 = -1
    private var _events: [Event] = []
    private var _keyExistedWhenWatched = false
    private var stopping = false
    private var thread: Thread?
    private let finished = DispatchSemaphore(value: 0)

    init(containerPath: String) throws {
        fd = inotify_init1(Int32(O_CLOEXEC))
        guard fd >= 0 else { throw HarnessError("inotify_init failed: errno \(errno)") }
        rootPath = containerPath + "/telegram-data"
        containerWatch = inotify_add_watch(fd, containerPath, UInt32(IN_CREATE))
        guard containerWatch >= 0 else { close(fd); throw HarnessError("inotify_add_watch failed: errno \(errno)") }
        if FileManager.default.fileExists(atPath: rootPath) { watchRoot() }
        let thread = Thread { [self] in loop() }
        self.thread = thread
        thread.start()
    }

    /// Events on entries named `.tempkey` exactly.
    var keyEvents: [Event] {
        lock.lock(); defer { lock.unlock() }
        return _events.filter { $0.name == ".tempkey" }
    }

    /// True when the root watch was in place before `.tempkey` existed.
    var observedFromStart: Bool {
        lock.lock(); defer { lock.unlock() }
        return rootWatch >= 0 && !_keyExistedWhenWatched
    }

    func stop() {
        lock.lock(); stopping = true; lock.unlock()
        finished.wait()
        close(fd)
    }

    private func watchRoot() {
        let mask = UInt32(IN_CREATE) | UInt32(IN_MOVED_TO) | UInt32(IN_MOVED_FROM) | UInt32(IN_DELETE)
        let wd = inotify_add_watch(fd, rootPath, mask)
        let existed = FileManager.default.fileExists(atPath: rootPath + "/.tempkey")
        lock.lock()
        rootWatch = wd
        _keyExistedWhenWatched = existed
        lock.unlock()
    }

    private func loop() {
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            lock.lock(); let stop = stopping; lock.unlock()
            var pfd = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            let ready = poll(&pfd, 1, 20)
            if ready <= 0 {
                if stop { break }   // drained: nothing more queued
                continue
            }
            let n = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            guard n > 0 else { continue }
            var offset = 0
            while offset + 16 <= n {
                let wd = buffer.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: offset, as: Int32.self) }
                let mask = buffer.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: offset + 4, as: UInt32.self) }
                let length = Int(buffer.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: offset + 12, as: UInt32.self) })
                let nameBytes = buffer[(offset + 16)..<min(offset + 16 + length, n)].prefix { $0 != 0 }
                let name = String(decoding: nameBytes, as: UTF8.self)
                offset += 16 + length
                if wd == containerWatch {
                    if name == "telegram-data" && mask & UInt32(IN_ISDIR) != 0 { watchRoot() }
                } else {
                    lock.lock(); _events.append(Event(mask: mask, name: name)); lock.unlock()
                }
            }
        }
        finished.signal()
    }
}

import Foundation
import Testing
import Container
@testable import Formats
import TestSupport
#if canImport(Glibc)
import Glibc
#endif

/// A file another process may have replaced is read without blocking and without following a
/// link: a FIFO, a directory, a link (dangling or not) or an oversized file in its place is an
/// error at once, never a hang; and for the lock state such an error reads locked.
@Suite("reading files another process may have replaced")
struct HostileFileTests {
    enum Replacement: String, CaseIterable, CustomTestStringConvertible {
        case fifo, directory, linkToFile, danglingLink, linkToFIFO, oversized
        var testDescription: String { rawValue }

        /// Puts this in place of `path`; `target` is a readable regular file elsewhere.
        func install(at path: String, target: String) throws {
            switch self {
            case .fifo: #expect(mkfifo(path, 0o600) == 0)
            case .directory: #expect(mkdir(path, 0o700) == 0)
            case .linkToFile: #expect(symlink(target, path) == 0)
            case .danglingLink: #expect(symlink(path + ".nowhere", path) == 0)
            case .linkToFIFO:
                #expect(mkfifo(path + ".fifo", 0o600) == 0)
                #expect(symlink(path + ".fifo", path) == 0)
            case .oversized: try writeBytes([UInt8](repeating: 0x20, count: 70_000), to: path)
            }
        }
    }

    /// Runs `body` on a thread and fails the test if it has not returned within `seconds`: a
    /// blocked open would otherwise hang the whole suite. (The thread is left behind if it hangs.)
    static func finishes<T: Sendable>(within seconds: Double, _ body: @escaping @Sendable () -> T) -> T? {
        let box = ResultBox<T>()
        let done = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            box.value = body()
            done.signal()
        }
        return done.wait(timeout: .now() + seconds) == .success ? box.value : nil
    }

    final class ResultBox<T>: @unchecked Sendable { var value: T? }

    /// `name` in a fresh directory, replaced by `replacement`; a link's target is a valid,
    /// unlocked lock state, so reading through a link would be visible.
    static func withReplaced(_ name: String, by replacement: Replacement, _ body: (String) throws -> Void) throws {
        try withTemporaryDirectory("hostile") { dir in
            let target = dir.sub("unlocked.json")
            try writeBytes(Array("{\"isManuallyLocked\":false}".utf8), to: target)
            let path = dir.sub(name)
            try replacement.install(at: path, target: target)
            try body(path)
        }
    }

    @Test(arguments: Replacement.allCases)
    func readFileRefusesAtOnce(_ replacement: Replacement) throws {
        try Self.withReplaced("file", by: replacement) { path in
            let outcome = Self.finishes(within: 5) { () -> String in
                do {
                    _ = try FileSystem.readFile(path, limit: 64 * 1024)
                    return "read"
                } catch {
                    return "\(error)"
                }
            }
            let result = try #require(outcome, "readFile blocked on a \(replacement)")
            #expect(result != "read", "a \(replacement) was read as the file")
        }
    }

    @Test(arguments: Replacement.allCases)
    func lockStateInPlaceOfAnythingElseReadsLocked(_ replacement: Replacement) throws {
        try Self.withReplaced("lockState.json", by: replacement) { path in
            for passcodeSet in [true, false] {
                let status = try #require(Self.finishes(within: 5) { LockStatus.read(path: path, passcodeSet: passcodeSet) },
                                          "the lock state read blocked on a \(replacement)")
                #expect(status.isLocked(), "a \(replacement) in place of the lock state read \(status)")
            }
        }
    }

    @Test func aLinkIsFollowedOnlyWhenAskedFor() throws {
        try withTemporaryDirectory("hostile-link") { dir in
            try writeBytes([1, 2, 3], to: dir.sub("real"))
            #expect(symlink(dir.sub("real"), dir.sub("link")) == 0)
            #expect(throws: SystemError.self) { try FileSystem.readFile(dir.sub("link")) }
            #expect(try FileSystem.readFile(dir.sub("link"), followLinks: true) == [1, 2, 3])
        }
    }

    @Test func aFIFONamedOnTheCommandLineIsRefusedNotWaitedOn() throws {
        try withTemporaryDirectory("hostile-fifo") { dir in
            #expect(mkfifo(dir.sub("fifo"), 0o600) == 0)
            let outcome = Self.finishes(within: 5) { (try? FileSystem.readFile(dir.sub("fifo"), followLinks: true)) == nil }
            #expect(outcome == true)
        }
    }

    @Test func missingLockFileWithAPasscodeReadsLocked() throws {
        try withTemporaryDirectory("hostile-missing") { dir in
            let path = dir.sub("lockState.json")
            #expect(LockStatus.read(path: path, passcodeSet: true) == .missingWithPasscode)
            #expect(LockStatus.read(path: path, passcodeSet: true).isLocked())
            #expect(LockStatus.read(path: path, passcodeSet: true).summary.hasPrefix("locked"))
            #expect(LockStatus.read(path: path, passcodeSet: false) == .noLockFile)
            #expect(!LockReader(path: path, passcodeSet: false).isLocked())
            #expect(LockReader(path: path, passcodeSet: true).isLocked())
        }
    }

    @Test func theWriterLockIsNeverTakenThroughALink() throws {
        try withTemporaryDirectory("hostile-writer-lock") { dir in
            let victim = dir.sub("victim")
            try writeBytes(Array("precious".utf8), to: victim)
            #expect(symlink(victim, dir.sub("writer.lock")) == 0)
            let lock = FileLock(path: dir.sub("writer.lock"))
            #expect(throws: SystemError.self) { _ = try lock.tryLock() }
            #expect(fileBytes(victim) == Array("precious".utf8), "the lock emptied the file its link pointed at")
            // A FIFO in its place: the probe answers at once.
            #expect(mkfifo(dir.sub("fifo.lock"), 0o600) == 0)
            #expect(Self.finishes(within: 5) { FileLock.isLocked(path: dir.sub("fifo.lock")) } == false)
        }
    }
}

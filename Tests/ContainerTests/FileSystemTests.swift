import Foundation
import Testing
import Synchronization
@testable import Container
import TestSupport

@Suite("FileSystem")
struct FileSystemTests {
    @Test func createDirectoryIsRecursivePrivateAndIdempotent() throws {
        try withTemporaryDirectory("fs") { dir in
            let deep = dir.sub("a/b/c")
            try FileSystem.createDirectory(deep)
            try FileSystem.createDirectory(deep)
            #expect(FileSystem.isDirectory(deep))
            #expect(fileMode(deep) == 0o700)
            #expect(fileMode(dir.sub("a")) == 0o700)
        }
    }

    @Test func createDirectoryOverAFileFails() throws {
        try withTemporaryDirectory("fs") { dir in
            try writeBytes([1], to: dir.sub("file"))
            #expect(throws: SystemError.self) { try FileSystem.createDirectory(dir.sub("file")) }
            #expect(throws: SystemError.self) { try FileSystem.createDirectory(dir.sub("file/below")) }
        }
    }

    @Test func readFileHonoursTheLimitAndReportsENOENT() throws {
        try withTemporaryDirectory("fs") { dir in
            let path = dir.sub("f")
            let bytes = (0..<10_000).map { UInt8(truncatingIfNeeded: $0 &* 31) }
            try writeBytes(bytes, to: path)
            #expect(try FileSystem.readFile(path) == bytes)
            #expect(try FileSystem.readFile(path, limit: 10_000) == bytes)
            #expect { try FileSystem.readFile(path, limit: 9_999) } throws: { ($0 as? SystemError)?.code == EOVERFLOW }
            #expect { try FileSystem.readFile(dir.sub("missing")) } throws: { ($0 as? SystemError)?.code == ENOENT }
            #expect { try FileSystem.readFile(dir.path) } throws: { ($0 as? SystemError)?.code == EINVAL }
            #expect { try FileSystem.readFile(path, limit: 0) } throws: { ($0 as? SystemError)?.code == EOVERFLOW }
            #expect { try FileSystem.readFile(path, limit: 0) } throws: { ($0 as? SystemError)?.isOutOfSpace == false }
        }
    }

    @Test func emptyFileReadsAsEmpty() throws {
        try withTemporaryDirectory("fs") { dir in
            try writeBytes([], to: dir.sub("empty"))
            #expect(try FileSystem.readFile(dir.sub("empty"), limit: 0) == [])
        }
    }

    @Test func removeTreeRemovesEverythingAndToleratesMissing() throws {
        try withTemporaryDirectory("fs") { dir in
            try FileSystem.createDirectory(dir.sub("t/x/y"))
            try writeBytes([1, 2], to: dir.sub("t/x/y/f"))
            try writeBytes([3], to: dir.sub("t/g"))
            try FileManager.default.createSymbolicLink(atPath: dir.sub("t/link"), withDestinationPath: dir.sub("outside"))
            try FileSystem.createDirectory(dir.sub("outside"))
            try writeBytes([4], to: dir.sub("outside/keep"))
            try FileSystem.removeTree(dir.sub("t"))
            #expect(!FileSystem.exists(dir.sub("t")))
            #expect(fileBytes(dir.sub("outside/keep")) == [4], "removeTree followed a symlink")
            try FileSystem.removeTree(dir.sub("t"))
        }
    }

    @Test func listDirectoryAndPathArithmetic() throws {
        try withTemporaryDirectory("fs") { dir in
            try writeBytes([], to: dir.sub("one"))
            try FileSystem.createDirectory(dir.sub("two"))
            #expect(Set(FileSystem.listDirectory(dir.path)) == ["one", "two"])
            #expect(FileSystem.listDirectory(dir.sub("missing")) == [])
            #expect(FileSystem.isRegularFile(dir.sub("one")))
            #expect(!FileSystem.isRegularFile(dir.sub("two")))
            #expect(FileSystem.fileSize(dir.sub("one")) == 0)
            #expect(FileSystem.fileSize(dir.sub("missing")) == nil)
        }
        #expect(FileSystem.parentPath("/a/b/c") == "/a/b")
        #expect(FileSystem.parentPath("/a") == "/")
        #expect(FileSystem.parentPath("a") == ".")
        #expect(FileSystem.lastComponent("/a/b/c.txt") == "c.txt")
        #expect(FileSystem.lastComponent("c") == "c")
        #expect(" \n 12\t".trimmingWhitespace() == "12")
        #expect("   ".trimmingWhitespace() == "")
    }

    @Test func systemErrorNamesThePathAndDetectsFullDisks() {
        let e = SystemError("cannot open", path: "/x/y", code: ENOENT)
        #expect(e.description == "cannot open /x/y: No such file or directory")
        #expect(!e.isOutOfSpace)
        #expect(SystemError("w", path: "p", code: ENOSPC).isOutOfSpace)
        #expect(SystemError("w", path: "p", code: EFBIG).isOutOfSpace)
        #expect(SystemError("w", path: "p", code: EDQUOT).isOutOfSpace)
    }
}

@Suite("AtomicFile")
struct AtomicFileTests {
    @Test func writeCreatesAndReplacesWithPrivateMode() throws {
        try withTemporaryDirectory("atomic") { dir in
            let path = dir.sub("state.json")
            try AtomicFile.write("first", to: path)
            #expect(fileBytes(path) == Array("first".utf8))
            #expect(fileMode(path) == 0o600)
            let big = [UInt8](repeating: 0x5A, count: 300_000)
            try AtomicFile.write(big, to: path)
            #expect(fileBytes(path) == big)
            try AtomicFile.write([], to: path)
            #expect(fileBytes(path) == [])
            // No temp files are left next to the target.
            #expect(FileSystem.listDirectory(dir.path) == ["state.json"])
        }
    }

    /// The exchange: the new contents appear whole under the name, the old ones move to the spare
    /// (no file created or freed after the first), and a reader holding the old file keeps it.
    @Test func replaceExchangingSwapsWithTheSpare() throws {
        try withTemporaryDirectory("atomic") { dir in
            let path = dir.sub("ids.json"), spare = dir.sub("ids.spare")
            // No file yet: an ordinary rename puts the first contents in place.
            try AtomicFile.replaceExchanging(Array("one".utf8), at: path, spare: spare)
            #expect(fileBytes(path) == Array("one".utf8) && !FileSystem.exists(spare))
            try AtomicFile.replaceExchanging(Array("two, longer".utf8), at: path, spare: spare)
            #expect(fileBytes(path) == Array("two, longer".utf8) && fileBytes(spare) == Array("one".utf8))
            var before = stat(), after = stat()
            stat(path, &before)
            let handle = try #require(FileHandle(forReadingAtPath: path))
            defer { try? handle.close() }
            try AtomicFile.replaceExchanging(Array("3".utf8), at: path, spare: spare)
            stat(spare, &after)
            // The old file is the spare now, whole: the open reader still reads it.
            #expect(before.st_ino == after.st_ino)
            #expect(String(decoding: try handle.readToEnd() ?? Data(), as: UTF8.self) == "two, longer")
            #expect(fileBytes(path) == Array("3".utf8) && fileMode(path) == 0o600)
            #expect(FileSystem.listDirectory(dir.path).sorted() == ["ids.json", "ids.spare"])
        }
    }

    @Test func replacementIsANewInodeSoOpenReadersKeepTheOldContent() throws {
        try withTemporaryDirectory("atomic") { dir in
            let path = dir.sub("f")
            try AtomicFile.write("old content", to: path)
            let handle = try #require(FileHandle(forReadingAtPath: path))
            defer { try? handle.close() }
            try AtomicFile.write("new", to: path)
            let seen = try handle.readToEnd() ?? Data()
            #expect(String(decoding: seen, as: UTF8.self) == "old content")
            #expect(fileBytes(path) == Array("new".utf8))
        }
    }

    @Test func missingDirectoryFailsAndLeavesNothing() throws {
        try withTemporaryDirectory("atomic") { dir in
            #expect(throws: SystemError.self) { try AtomicFile.write("x", to: dir.sub("nope/f")) }
            #expect(FileSystem.listDirectory(dir.path).isEmpty)
        }
    }

    @Test func renameOntoADirectoryFailsAndCleansTheTempFile() throws {
        try withTemporaryDirectory("atomic") { dir in
            try FileSystem.createDirectory(dir.sub("target"))
            try writeBytes([1], to: dir.sub("target/inside"))
            #expect(throws: SystemError.self) { try AtomicFile.write("x", to: dir.sub("target")) }
            #expect(FileSystem.listDirectory(dir.path) == ["target"])
        }
    }

    @Test func concurrentWritersNeverProduceAMixedFile() throws {
        try withTemporaryDirectory("atomic") { dir in
            let path = dir.sub("f")
            let payloads = (0..<8).map { i in [UInt8](repeating: UInt8(0x41 + i), count: 64 * 1024) }
            try AtomicFile.write(payloads[0], to: path)
            DispatchQueue.concurrentPerform(iterations: 8) { i in
                for _ in 0..<5 { try? AtomicFile.write(payloads[i], to: path) }
            }
            let result = try #require(fileBytes(path))
            #expect(payloads.contains(result))
            #expect(FileSystem.listDirectory(dir.path) == ["f"])
        }
    }
}

@Suite("FileLock")
struct FileLockTests {
    @Test func secondHolderIsRefusedUntilTheFirstUnlocks() throws {
        try withTemporaryDirectory("lock") { dir in
            let path = dir.sub("writer.lock")
            let a = FileLock(path: path)
            let b = FileLock(path: path)
            #expect(!FileLock.isLocked(path: path))
            let first = try a.tryLock()
            #expect(first)
            #expect(a.isHeld)
            let again = try a.tryLock()
            #expect(again, "re-locking a held lock must succeed")
            let second = try b.tryLock()
            #expect(!second)
            #expect(!b.isHeld)
            #expect(FileLock.isLocked(path: path))
            #expect(FileLock.holderPID(path: path) == getpid())
            #expect(fileMode(path) == 0o600)
            a.unlock()
            #expect(!a.isHeld)
            #expect(!FileLock.isLocked(path: path))
            let afterRelease = try b.tryLock()
            #expect(afterRelease)
            b.unlock()
        }
    }

    @Test func releasedWhenTheLockObjectGoesAway() throws {
        try withTemporaryDirectory("lock") { dir in
            let path = dir.sub("l")
            do {
                let a = FileLock(path: path)
                let locked = try a.tryLock()
                #expect(locked)
                #expect(FileLock.isLocked(path: path))
            }
            #expect(!FileLock.isLocked(path: path))
        }
    }

    @Test func isLockedIsFalseForAMissingFile() {
        #expect(!FileLock.isLocked(path: "/tmp/telegram-unit-no-such-dir/x.lock"))
        #expect(FileLock.holderPID(path: "/tmp/telegram-unit-no-such-dir/x.lock") == nil)
    }

    @Test func missingDirectoryThrows() {
        #expect(throws: SystemError.self) { try FileLock(path: "/tmp/telegram-unit-no-such-dir/x.lock").tryLock() }
    }

    @Test func blockingLockWaitsForTheHolder() async throws {
        try await withTemporaryDirectory("lock") { dir in
            let path = dir.sub("l")
            let holder = FileLock(path: path)
            let held = try holder.tryLock()
            #expect(held)
            let start = Clock.monotonicNanoseconds()
            // The waiter blocks in flock on a thread of its own: on the test pool it could take
            // the last free thread and leave none to run the holder's unlock.
            let result = Mutex<Double?>(nil)
            let done = DispatchSemaphore(value: 0)
            DetachedThread {
                let lock = FileLock(path: path)
                if (try? lock.lock()) != nil {
                    result.withLock { $0 = Clock.milliseconds(since: start) }
                    lock.unlock()
                }
                done.signal()
            }.start()
            try await Task.sleep(for: .milliseconds(200))
            holder.unlock()
            await onThread { done.wait() }
            let waited = result.withLock { $0 }
            #expect((waited ?? 0) >= 150, "lock() returned before the holder released it (or failed): \(String(describing: waited))")
        }
    }
}

@Suite("TempBox")
struct TempBoxTests {
    @Test func layoutAndFreshFilePerCall() throws {
        try withTemporaryDirectory("tempbox") { dir in
            let box = try TempBox(rootPath: dir.path, processType: "share", launchId: 0xABC)
            defer { box.dispose() }
            #expect(box.basePath == dir.path + "/temp/share/temp-abc")
            // Made on the first temp file, not before.
            #expect(!FileSystem.exists(box.basePath))
            let a = try box.tempFile(fileName: "photo.jpg")
            #expect(FileSystem.isDirectory(box.basePath))
            #expect(FileLock.isLocked(path: box.basePath + "/.lock"))
            let b = try box.tempFile(fileName: "photo.jpg")
            #expect(a != b)
            #expect(a.hasPrefix(box.basePath + "/"))
            #expect(FileSystem.lastComponent(a) == "photo.jpg")
            #expect(FileSystem.isDirectory(FileSystem.parentPath(a)))
        }
    }

    @Test(arguments: [
        ("../../etc/passwd", "_.._etc_passwd"),
        ("a/b", "a_b"),
        (".hidden", "hidden"),
        ("..", "file"),
        ("", "file"),
        ("/", "_"),
    ])
    func fileNamesAreSanitised(_ input: String, _ expected: String) throws {
        try withTemporaryDirectory("tempbox") { dir in
            let box = try TempBox(rootPath: dir.path, processType: "app")
            defer { box.dispose() }
            let path = try box.tempFile(fileName: input)
            #expect(FileSystem.lastComponent(path) == expected)
            #expect(FileSystem.parentPath(FileSystem.parentPath(path)) == box.basePath)
        }
    }

    @Test func deadLaunchesAreRemovedLiveOnesAndOtherTypesKept() throws {
        try withTemporaryDirectory("tempbox") { dir in
            let typePath = dir.path + "/temp/notification"
            // A crashed launch without a lock file, and one whose lock file nobody holds.
            try FileSystem.createDirectory(typePath + "/temp-dead1/1")
            try writeBytes([1], to: typePath + "/temp-dead1/1/f")
            try FileSystem.createDirectory(typePath + "/temp-dead2")
            try writeBytes([], to: typePath + "/temp-dead2/.lock")
            // Something that is not a launch directory.
            try FileSystem.createDirectory(typePath + "/keep-me")
            // Another process type's dead launch is not ours to clean.
            try FileSystem.createDirectory(dir.path + "/temp/share/temp-other")

            let live = try TempBox(rootPath: dir.path, processType: "notification", launchId: 1)
            let livePayload = try live.tempFile(fileName: "in-use")
            try writeBytes([7], to: livePayload)
            #expect(!FileSystem.exists(typePath + "/temp-dead1"))
            #expect(!FileSystem.exists(typePath + "/temp-dead2"))
            #expect(FileSystem.isDirectory(typePath + "/keep-me"))
            #expect(FileSystem.isDirectory(dir.path + "/temp/share/temp-other"))

            // A second live launch of the same type must not pull the first one's files away.
            let second = try TempBox(rootPath: dir.path, processType: "notification", launchId: 2)
            _ = try second.tempFile(fileName: "second")
            #expect(fileBytes(livePayload) == [7])
            #expect(FileSystem.isDirectory(second.basePath))

            // After the first exits uncleanly (lock dropped, directory left), the next launch removes it.
            let firstBase = live.basePath
            live.dispose()
            try FileSystem.createDirectory(firstBase)
            second.dispose()
            let third = try TempBox(rootPath: dir.path, processType: "notification", launchId: 3)
            defer { third.dispose() }
            _ = try third.tempFile(fileName: "third")
            #expect(!FileSystem.exists(firstBase))
            #expect(!FileSystem.exists(second.basePath))
            #expect(FileSystem.listDirectory(typePath).sorted() == ["keep-me", "temp-3"])
        }
    }

    /// A launch between creating its staging lock file and taking the lock looks dead to a probe;
    /// a concurrent launch removed it and the first one's rename failed (30 concurrent pushes,
    /// NotifyServiceConcurrencyTests). Young staging directories are now never touched.
    @Test func youngStagingDirectoriesAreLeftAloneAndAbandonedOnesGo() throws {
        try withTemporaryDirectory("tempbox") { dir in
            let typePath = dir.path + "/temp/notification"
            try FileSystem.createDirectory(typePath + "/.staging-temp-young")
            try writeBytes([], to: typePath + "/.staging-temp-young/.lock")
            try FileSystem.createDirectory(typePath + "/.staging-temp-old")
            try writeBytes([], to: typePath + "/.staging-temp-old/.lock")
            var old = [timespec(tv_sec: time(nil) - 3600, tv_nsec: 0), timespec(tv_sec: time(nil) - 3600, tv_nsec: 0)]
            #expect(utimensat(AT_FDCWD, typePath + "/.staging-temp-old", &old, 0) == 0)

            let box = try TempBox(rootPath: dir.path, processType: "notification", launchId: 9)
            defer { box.dispose() }
            #expect(FileSystem.isDirectory(typePath + "/.staging-temp-young"))
            #expect(!FileSystem.exists(typePath + "/.staging-temp-old"))
        }
    }

    @Test func sameLaunchDirectoryCannotBeOpenedTwice() throws {
        try withTemporaryDirectory("tempbox") { dir in
            let first = try TempBox(rootPath: dir.path, processType: "widget", launchId: 77)
            defer { first.dispose() }
            _ = try first.tempFile(fileName: "a")
            let second = try TempBox(rootPath: dir.path, processType: "widget", launchId: 77)
            #expect { try second.tempFile(fileName: "b") } throws: {
                ($0 as? SystemError)?.code == EBUSY
            }
            #expect(FileSystem.isDirectory(first.basePath))
            #expect(FileSystem.isDirectory(first.basePath + "/1"))
        }
    }

    /// A launch that never asks for a temp file leaves nothing behind, and makes nothing.
    @Test func aLaunchWithoutTempFilesMakesNoDirectory() throws {
        try withTemporaryDirectory("tempbox") { dir in
            let box = try TempBox(rootPath: dir.path, processType: "notification", launchId: 5)
            #expect(!FileSystem.exists(box.basePath))
            #expect(FileSystem.listDirectory(dir.path + "/temp/notification").isEmpty)
            box.dispose()
            #expect(FileSystem.listDirectory(dir.path + "/temp/notification").isEmpty)
        }
    }

    @Test func disposeRemovesTheLaunchDirectory() throws {
        try withTemporaryDirectory("tempbox") { dir in
            let box = try TempBox(rootPath: dir.path, processType: "siri")
            let file = try box.tempFile(fileName: "x")
            try writeBytes([1, 2, 3], to: file)
            box.dispose()
            #expect(!FileSystem.exists(box.basePath))
            #expect(FileSystem.isDirectory(dir.path + "/temp/siri"))
        }
    }
}

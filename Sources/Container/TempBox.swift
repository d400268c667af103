#if canImport(Glibc)
import Glibc
#endif

/// Telegram's TempBox: one directory per launch, `temp/<processType>/temp-<hex>/`. At start it
/// removes earlier launches of the same process type. Telegram removes every other `temp-*`, which
/// can pull the directory from under a second live process of the same type (two pushes handled at
/// once); here each launch holds a flock on its own `.lock`, and only unlocked (dead) launches go.
/// As Telegram's, the launch's directory is made on the first temp file: a launch that needs none
/// (a push, a widget refresh) creates and removes nothing, which would cost it a millisecond.
public final class TempBox {
    public let processType: String
    public let launchId: UInt64
    public let basePath: String
    private let typePath: String
    private let name: String
    private var lock: FileLock?
    private var counter = 0

    public init(rootPath: String, processType: String, launchId: UInt64 = UInt64.random(in: 0 ... .max)) throws {
        self.processType = processType
        self.launchId = launchId
        typePath = rootPath + "/temp/" + processType
        name = "temp-" + String(launchId, radix: 16)
        self.basePath = typePath + "/" + name
        TempBox.removeEarlierLaunches(in: typePath, keeping: name)
    }

    /// Makes the launch's directory, once. It appears under its temp-* name only with its lock
    /// already held, so a cleaner in another launch can never take it for a dead one.
    private func makeDirectory() throws {
        guard lock == nil else { return }
        let staging = typePath + "/.staging-" + name
        try FileSystem.createDirectory(staging, durable: false)
        let lock = FileLock(path: staging + "/.lock")
        guard try lock.tryLock(), !FileSystem.exists(basePath) else {
            try? FileSystem.removeTree(staging)
            throw SystemError("temp directory already in use:", path: basePath, code: EBUSY)
        }
        try FileSystem.rename(staging, basePath)
        self.lock = lock
    }

    /// A launch stays in `.staging-*` for the moment between mkdir and rename; one older than this
    /// was left by a launch that died there.
    static let abandonedStagingSeconds = 60

    /// Removes `temp-*` directories of dead launches (their lock is free) and long-abandoned
    /// `.staging-*` ones. A young staging directory is a launch being born: between creating its
    /// lock file and taking the lock, a probe would find the lock free, so it is never probed.
    static func removeEarlierLaunches(in typePath: String, keeping current: String) {
        for name in FileSystem.listDirectory(typePath) where name != current {
            let path = typePath + "/" + name
            if name.hasPrefix(".staging-") {
                guard let age = FileSystem.secondsSinceModification(path), age > abandonedStagingSeconds else { continue }
            } else if !name.hasPrefix("temp-") {
                continue
            }
            guard FileSystem.exists(path + "/.lock") else {
                try? FileSystem.removeTree(path)
                continue
            }
            let probe = FileLock(path: path + "/.lock")
            if (try? probe.tryLock()) == true {
                try? FileSystem.removeTree(path)
                probe.unlock()
            }
        }
    }

    /// A fresh subdirectory per file, as Telegram's `tempFile(fileName:)`; the name is sanitised.
    public func tempFile(fileName: String) throws -> String {
        try makeDirectory()
        counter += 1
        let directory = basePath + "/\(counter)"
        try FileSystem.createDirectory(directory, durable: false)
        return directory + "/" + FileSystem.safeFileName(fileName)
    }

    /// Removes this launch's directory (at clean exit; a crash leaves it for the next launch).
    public func dispose() {
        guard let lock else { return }
        try? FileSystem.removeTree(basePath)
        lock.unlock()
        self.lock = nil
    }
}

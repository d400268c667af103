import Container
#if canImport(Glibc)
import Glibc
#endif

/// Telegram's device-specific encryption parameters: 48 bytes in `telegram-data/.tempkey`,
/// key(32) ‖ salt(16). Telegram writes the file non-atomically with no cross-process guard, so
/// two extensions starting first at once can each write a different key. Here the file is created
/// by writing a private temp file and hard-linking it into place: link(2) fails if `.tempkey`
/// exists, so exactly one creator wins and everyone else reads the winner's complete file.
public struct DeviceKey: Sendable, Equatable {
    public static let size = 48
    public let key: [UInt8]
    public let salt: [UInt8]

    public init(bytes: [UInt8]) {
        precondition(bytes.count == DeviceKey.size)
        key = Array(bytes[0..<32])
        salt = Array(bytes[32..<48])
    }

    public enum LoadError: Error, CustomStringConvertible {
        case wrongLength(path: String, found: Int)
        case unreadable(path: String, reason: String)

        public var description: String {
            switch self {
            case let .wrongLength(path, found):
                return "device key \(path) is \(found) bytes, expected \(DeviceKey.size); the encrypted stores cannot be opened without the original key, so nothing was changed (restore the file, or move the container aside to start over)"
            case let .unreadable(path, reason):
                return "cannot read device key \(path): \(reason)"
            }
        }
    }

    /// Loads the key, creating it when absent. A file of the wrong length is replaced only while
    /// no database exists (nothing can be lost); once stores exist it is an error, never a silent
    /// replacement that would orphan them.
    public static func loadOrCreate(path: String, databasesExist: () -> Bool) throws -> (DeviceKey, created: Bool) {
        for _ in 0..<3 {
            if let bytes = try read(path) {
                if bytes.count == size { return (DeviceKey(bytes: bytes), false) }
                if databasesExist() { throw LoadError.wrongLength(path: path, found: bytes.count) }
                // Nothing is encrypted with it yet: a bad file from an interrupted old writer.
                // Replace it under a lock, re-reading first, so that two processes that both saw
                // the bad file never remove the good key the other one just created.
                let lock = FileLock(path: path + ".lock")
                guard try lock.lock(within: 5) else {
                    let holder = FileLock.holderPID(path: path + ".lock").map { "process \($0)" } ?? "another process"
                    throw LoadError.unreadable(path: path, reason: "\(holder) has been replacing a damaged key for 5 s (stopped?); try again")
                }
                defer { lock.unlock() }
                if let again = try read(path), again.count != size, !databasesExist() {
                    unlink(path)
                }
                continue
            }
            if let created = try create(path) { return (created, true) }
            // Lost the race: the winner's file is complete; read it on the next pass.
        }
        throw LoadError.unreadable(path: path, reason: "the file keeps changing under us")
    }

    /// Loads an existing key; nil when there is none.
    public static func load(path: String) throws -> DeviceKey? {
        guard let bytes = try read(path) else { return nil }
        guard bytes.count == size else { throw LoadError.wrongLength(path: path, found: bytes.count) }
        return DeviceKey(bytes: bytes)
    }

    private static func read(_ path: String) throws -> [UInt8]? {
        do {
            return try FileSystem.readFileIfExists(path, limit: 4096)
        } catch let error as SystemError where error.code == EOVERFLOW {
            // Far too long is a wrong length like any other; report its size, not "unreadable".
            return [UInt8](repeating: 0, count: FileSystem.fileSize(path) ?? 4097)
        } catch {
            throw LoadError.unreadable(path: path, reason: "\(error)")
        }
    }

    /// Syncs an existing key file and its directory. A process that found the key rather than
    /// creating it calls this before it makes anything sealed with the key durable: the creator
    /// may not have synced it yet, and a power cut would take the key but keep what it sealed.
    public static func makeDurable(path: String) throws {
        let (fd, _) = try FileSystem.openRegularFile(path, limit: 4096)
        defer { close(fd) }
        try FileSystem.sync(fd, path: path)
        try FileSystem.syncDirectory(FileSystem.parentPath(path))
    }

    /// nil when another process created the file first.
    private static func create(_ path: String) throws -> DeviceKey? {
        let bytes = SecureRandom.bytes(size)
        let directory = FileSystem.parentPath(path)
        try FileSystem.createDirectory(directory)
        let temp = "\(directory)/.tempkey.new-\(getpid())-\(UInt32.random(in: 0 ... .max))"
        let fd = open(temp, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, FileSystem.fileMode)
        guard fd >= 0 else { throw LoadError.unreadable(path: temp, reason: "\(SystemError("create", path: temp))") }
        defer { unlink(temp) }
        do {
            try bytes.withUnsafeBytes { try FileSystem.writeAll(fd, $0, path: temp) }
            try FileSystem.sync(fd, path: temp)
            close(fd)
        } catch {
            close(fd)
            throw error
        }
        if link(temp, path) != 0 {
            if errno == EEXIST { return nil }
            throw LoadError.unreadable(path: path, reason: "\(SystemError("link", path: path))")
        }
        // Durable before any store is sealed with it: a store whose key was lost at a power cut
        // could never be opened again. If this fails the key stays (another process may already
        // use it), but this launch stops before committing anything.
        try FileSystem.syncDirectory(directory)
        return DeviceKey(bytes: bytes)
    }
}

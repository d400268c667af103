#if canImport(Glibc)
import Glibc
#endif

/// Whole-file replacement that a concurrent reader in another process can never see half done:
/// temp file in the same directory, write, fsync, rename over the target, fsync the directory.
/// It throws if any step fails. When only the directory's fsync after the rename fails, the new
/// file is in place but not durable: that is `NotDurable`, so nobody is told it was written, nor
/// that nothing changed. `durable: false` leaves out both syncs, for a file whose loss at a power
/// cut loses nothing (it describes state that does not outlive the machine's session either):
/// still whole or absent to every reader, and across a crash of the writer.
public enum AtomicFile {
    public static func write(_ bytes: [UInt8], to path: String, mode: mode_t = FileSystem.fileMode, durable: Bool = true) throws {
        let directory = FileSystem.parentPath(path)
        let temp = "\(directory)/.\(FileSystem.lastComponent(path)).tmp-\(getpid())-\(UInt32.random(in: 0 ... .max))"
        let fd = open(temp, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode)
        guard fd >= 0 else { throw SystemError("cannot create", path: temp) }
        var ok = false
        defer {
            if !ok { unlink(temp) }
        }
        do {
            try bytes.withUnsafeBytes { try FileSystem.writeAll(fd, $0, path: temp) }
            if durable { try FileSystem.sync(fd, path: temp) }
        } catch {
            close(fd)
            throw error
        }
        close(fd)
        try FileSystem.rename(temp, path)
        ok = true
        guard durable else { return }
        do {
            try FileSystem.syncDirectory(directory)
        } catch {
            throw NotDurable(path: path, reason: "\(error)")
        }
    }

    /// Replaces `path` as `write(durable: false)` does, without creating or freeing a file: the
    /// bytes go over `spare` (the file `path` held before, kept by the last exchange), and the two
    /// names are swapped at once (renameat2 RENAME_EXCHANGE). A rename over `path` frees its old
    /// file in the call, which on ext4 costs a small file's writer a third of a millisecond. Only
    /// for a writer holding a lock that keeps every other writer of `path` (and so of `spare`) out,
    /// and a format that tells a torn read (a checksum): a reader without the lock may still have
    /// open the file that is now the spare, and read it while the next writer writes over it.
    public static func replaceExchanging(_ bytes: [UInt8], at path: String, spare: String, mode: mode_t = FileSystem.fileMode) throws {
        // Overwritten, then cut to length: truncating first would free its blocks (on ext4 as
        // dear as the rename this avoids) only for the write to allocate them again.
        let fd = open(spare, O_WRONLY | O_CREAT | O_NOFOLLOW | O_CLOEXEC, mode)
        guard fd >= 0 else { throw SystemError("cannot open", path: spare) }
        do {
            try bytes.withUnsafeBytes { try FileSystem.writeAll(fd, $0, path: spare) }
            var status = stat()
            if fstat(fd, &status) != 0 || status.st_size != off_t(bytes.count) {
                guard ftruncate(fd, off_t(bytes.count)) == 0 else { throw SystemError("cannot truncate", path: spare) }
            }
        } catch {
            close(fd)
            throw error
        }
        close(fd)
        if let exchange = Self.renameat2, exchange(AT_FDCWD, spare, AT_FDCWD, path, 2 /* RENAME_EXCHANGE */) == 0 { return }
        // No `path` yet, or a file system (or C library) without the exchange: an ordinary rename.
        try FileSystem.rename(spare, path)
    }

    /// glibc's renameat2(2), which the Glibc module does not export: looked up once, called as C.
    private static let renameat2: (@convention(c) (Int32, UnsafePointer<CChar>, Int32, UnsafePointer<CChar>, UInt32) -> Int32)? = {
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "renameat2") else { return nil }
        return unsafeBitCast(symbol, to: (@convention(c) (Int32, UnsafePointer<CChar>, Int32, UnsafePointer<CChar>, UInt32) -> Int32).self)
    }()

    public static func write(_ string: String, to path: String) throws {
        try write(Array(string.utf8), to: path)
    }
}

import Container
import Cryptography
#if canImport(Glibc)
import Glibc
#endif

/// Telegram's launch write test: 1 MiB of random data in 128 KiB chunks into a TempBox file,
/// then removed.
/// Finding a full disk here, before any store is opened, is better than finding it mid-transaction.
enum DiskWriteTest {
    static let chunkSize = 128 * 1024
    static let totalSize = 1024 * 1024

    static func run(tempBox: TempBox) throws {
        let path = try tempBox.tempFile(fileName: "test.bin")
        defer { unlink(path) }
        let fd = open(path, O_RDWR | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, FileSystem.fileMode)
        guard fd >= 0 else { throw InsufficientSpace(detail: "\(SystemError("cannot create", path: path))") }
        defer { close(fd) }
        let chunk = SecureRandom.bytes(chunkSize)
        var written = 0
        while written < totalSize {
            let n = chunk.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
            if n != chunkSize {
                let reason = n < 0 ? String(cString: strerror(errno)) : "short write of \(n) bytes"
                throw InsufficientSpace(detail: "write test stopped after \(written + max(n, 0)) of \(totalSize) bytes: \(reason)")
            }
            written += n
        }
        // Not synced, as Telegram's is not: space is taken at write(2) here (ext4's and XFS's
        // delayed allocation reserve it then, tmpfs allocates it), so a full disk or a file-size
        // limit shows as a short write above (DiskFullTests); a sync flushed 1 MiB on every launch
        // (2.8 ms under strace).
    }
}

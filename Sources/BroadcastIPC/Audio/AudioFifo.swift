#if canImport(Glibc)
import Glibc
#endif
import Container

/// `0-audio-<id>`: the one pipe in the design (as in Telegram). The stream is chunks of
/// `Int32 length` (host-endian) followed by that many bytes.
public enum AudioFifo {
    /// Telegram's reader asserts chunks are at most 30 MiB.
    public static let maximumChunkBytes = 30 << 20
    /// Telegram's writer queues a chunk only while less than 1 MiB is waiting.
    public static let writerQueueLimit = 1 << 20

    /// Creates the FIFO (mode 0666, as Telegram) unless one is already there.
    public static func create(path: String) throws {
        if mkfifo(path, 0o666) == 0 { return }
        let code = errno
        guard code == EEXIST else { throw SystemError("cannot create FIFO", path: path, code: code) }
        var st = stat()
        guard lstat(path, &st) == 0, (st.st_mode & S_IFMT) == S_IFIFO else {
            throw SystemError("not a FIFO:", path: path, code: EEXIST)
        }
    }
}

#if canImport(Glibc)
import Glibc
#endif

/// A file for targets whose parser reads a path: each input is written to it and the shipped
/// reader opens it, so the fuzzed code is the reader itself. One per process, in
/// `$FUZZ_SCRATCH_DIR` (Scripts/fuzz points it at a directory it removes afterwards) or /tmp.
public struct ScratchFile {
    public let path: String

    public init(_ name: String) {
        let directory = getenv("FUZZ_SCRATCH_DIR").map { String(cString: $0) } ?? "/tmp"
        path = "\(directory)/\(name)-\(getpid())"
    }

    public init(path: String) { self.path = path }

    /// Replaces the file's content with `bytes` (plain write: the reader runs after it, in this process).
    public func write(_ bytes: [UInt8]) {
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        precondition(fd >= 0, "cannot create scratch file \(path)")
        defer { close(fd) }
        var offset = 0
        while offset < bytes.count {
            let n = bytes[offset...].withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
            precondition(n > 0, "cannot write scratch file \(path)")
            offset += n
        }
    }

    /// Replaces the file with one of `size` bytes holding `pieces` at their offsets and zeros
    /// (holes) elsewhere: a large, mostly empty file without writing its zeros.
    public func write(size: Int, pieces: [(offset: Int, bytes: [UInt8])]) {
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        precondition(fd >= 0, "cannot create scratch file \(path)")
        defer { close(fd) }
        for piece in pieces where !piece.bytes.isEmpty {
            let n = piece.bytes.withUnsafeBytes { pwrite(fd, $0.baseAddress, $0.count, off_t(piece.offset)) }
            precondition(n == piece.bytes.count, "cannot write scratch file \(path)")
        }
        precondition(ftruncate(fd, off_t(size)) == 0, "cannot size scratch file \(path)")
    }

    public func remove() { unlink(path) }
}

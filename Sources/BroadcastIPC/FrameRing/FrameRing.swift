#if canImport(Glibc)
import Glibc
#endif
import Container

/// Creating the shared frame file. The app does this (as Telegram's app creates `0-data-<id>`);
/// the extension only opens it, with `FrameRingWriter`.
public enum FrameRing {
    /// Creates the ring at `path`, replacing any file there: built under a temporary name and
    /// renamed into place, so an opener never sees a half-written header. Its blocks are
    /// allocated up front (posix_fallocate): the ring is written through mmap, and a store into
    /// a page the file system cannot allocate (a full disk) is SIGBUS in the writer, not an
    /// error; here a full disk is an error at creation. Returns its layout.
    @discardableResult
    public static func create(path: String, slotCount: Int = FrameRingLayout.defaultSlotCount,
                              slotCapacity: Int = FrameRingLayout.defaultSlotCapacity) throws(FrameRingError) -> FrameRingLayout {
        let layout = try FrameRingLayout(slotCount: slotCount, slotCapacity: slotCapacity)
        let temporary = "\(path).creating-\(getpid())-\(UInt32.random(in: 0 ... .max))"
        let fd = open(temporary, O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC, FileSystem.fileMode)
        guard fd >= 0 else { throw .system(SystemError("cannot create", path: temporary)) }
        var header = [UInt8](repeating: 0, count: FrameRingLayout.fileHeaderBytes)
        header.withUnsafeMutableBytes { page in
            page.storeBytes(of: FrameRingLayout.magic, toByteOffset: FrameRingLayout.Header.magic, as: UInt32.self)
            page.storeBytes(of: FrameRingLayout.version, toByteOffset: FrameRingLayout.Header.version, as: UInt32.self)
            page.storeBytes(of: UInt32(layout.slotCount), toByteOffset: FrameRingLayout.Header.slotCount, as: UInt32.self)
            page.storeBytes(of: UInt32(layout.slotCapacity), toByteOffset: FrameRingLayout.Header.slotCapacity, as: UInt32.self)
        }
        do throws(SystemError) {
            defer { close(fd) }
            guard ftruncate(fd, off_t(layout.fileSize)) == 0 else { throw SystemError("cannot size", path: temporary) }
            let allocated = posix_fallocate(fd, 0, off_t(layout.fileSize))
            guard allocated == 0 else { throw SystemError("cannot allocate", path: temporary, code: allocated) }
            let written = header.withUnsafeBytes { pwrite(fd, $0.baseAddress, $0.count, 0) }
            guard written == header.count else { throw SystemError("cannot write", path: temporary) }
            guard rename(temporary, path) == 0 else { throw SystemError("cannot rename \(temporary) to", path: path) }
        } catch {
            unlink(temporary)
            throw .system(error)
        }
        return layout
    }
}

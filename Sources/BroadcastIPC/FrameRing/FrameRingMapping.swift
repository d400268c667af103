#if canImport(Glibc)
import Glibc
#endif
import CSharedMemory
import Container

/// An open, validated, MAP_SHARED mapping of a frame ring: what the writer and the reader share.
/// The header is validated with pread before mapping, so a short or foreign file is an error,
/// never a SIGBUS.
final class FrameRingMapping {
    let path: String
    let layout: FrameRingLayout
    let base: UnsafeMutableRawPointer
    private let fd: Int32

    init(path: String, writable: Bool) throws(FrameRingError) {
        self.path = path
        let fd: Int32
        do {
            fd = try FileSystem.openRegularFile(path, limit: .max, flags: writable ? O_RDWR : O_RDONLY).fd
        } catch let error as SystemError {
            throw .system(error)
        } catch {
            throw .system(SystemError("cannot open", path: path, code: EIO))
        }
        do throws(FrameRingError) {
            var st = stat()
            guard fstat(fd, &st) == 0 else { throw FrameRingError.system(SystemError("cannot stat", path: path)) }
            guard (st.st_mode & S_IFMT) == S_IFREG else {
                throw FrameRingError.system(SystemError("not a regular file:", path: path, code: EINVAL))
            }
            let size = Int(st.st_size)
            var header = [UInt8](repeating: 0, count: 16)
            let read = header.withUnsafeMutableBytes { pread(fd, $0.baseAddress, $0.count, 0) }
            guard read == header.count else {
                throw FrameRingError.fileTooSmall(path: path, size: size, needed: FrameRingLayout.fileHeaderBytes)
            }
            let field = { (offset: Int) in header.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: offset, as: UInt32.self) } }
            guard field(FrameRingLayout.Header.magic) == FrameRingLayout.magic else { throw FrameRingError.notAFrameRing(path: path) }
            let version = field(FrameRingLayout.Header.version)
            guard version == FrameRingLayout.version else { throw FrameRingError.unsupportedVersion(path: path, version: version) }
            let layout = try FrameRingLayout(slotCount: Int(field(FrameRingLayout.Header.slotCount)),
                                             slotCapacity: Int(field(FrameRingLayout.Header.slotCapacity)))
            guard size >= layout.fileSize else { throw FrameRingError.fileTooSmall(path: path, size: size, needed: layout.fileSize) }
            let protection = writable ? PROT_READ | PROT_WRITE : PROT_READ
            guard let mapped = mmap(nil, layout.fileSize, protection, MAP_SHARED, fd, 0), mapped != MAP_FAILED else {
                throw FrameRingError.system(SystemError("cannot map", path: path))
            }
            self.layout = layout
            self.base = mapped
            self.fd = fd
        } catch {
            close(fd)
            throw error
        }
        tg_shm_install_guard()
    }

    deinit {
        munmap(base, layout.fileSize)
        close(fd)
    }

    /// The file still covers every slot. One fstat: cheap enough per frame, and it turns the
    /// common case of truncation into an error before any page is touched. The SIGBUS guard
    /// covers the race where the file shrinks after this check.
    var isIntact: Bool {
        var st = stat()
        return fstat(fd, &st) == 0 && Int(st.st_size) >= layout.fileSize
    }

    func header(_ offset: Int) -> UnsafeMutableRawPointer { base + offset }
    func slot(frameNumber: UInt64) -> UnsafeMutableRawPointer { base + layout.slotOffset(frameNumber: frameNumber) }

    // Guarded atomics: nil / false when the page has gone (file truncated).

    func load64(_ pointer: UnsafeRawPointer) -> UInt64? {
        var value: UInt64 = 0
        return tg_shm_load_acquire_u64(pointer, &value) == 0 ? value : nil
    }

    func load32(_ pointer: UnsafeRawPointer) -> UInt32? {
        var value: UInt32 = 0
        return tg_shm_load_acquire_u32(pointer, &value) == 0 ? value : nil
    }

    func store64(_ pointer: UnsafeMutableRawPointer, _ value: UInt64) -> Bool { tg_shm_store_release_u64(pointer, value) == 0 }
    func store32(_ pointer: UnsafeMutableRawPointer, _ value: UInt32) -> Bool { tg_shm_store_release_u32(pointer, value) == 0 }
}

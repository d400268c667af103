#if canImport(Glibc)
import Glibc
#endif
import BroadcastIPC
import Container

/// `--source FILE.yuv`: raw NV12 frames of the given size back to back (each the Y plane, then
/// the interleaved CbCr plane, stride = width: 1.5 × W × H bytes), read one at a time into the
/// one buffer and played in a loop. A file that is not a whole number of frames is refused
/// before streaming starts: a wrong --size would otherwise show as garbage, not as an error.
final class YUVFileSource: FrameSource {
    let path: String
    let frameCount: Int
    private let buffer: FrameBuffer
    private let fd: Int32

    init(path: String, geometry: NV12Geometry) throws(FrameSourceError) {
        let frameBytes = geometry.planeBytes
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw FrameSourceError(SystemError("cannot open", path: path).description) }
        var st = stat()
        guard fstat(fd, &st) == 0 else {
            let error = SystemError("cannot stat", path: path)
            close(fd)
            throw FrameSourceError(error.description)
        }
        let size = Int(st.st_size)
        let problem: String? =
            (st.st_mode & S_IFMT) != S_IFREG ? "\(path) is not a regular file"
            : size == 0 ? "\(path) is empty"
            : size % frameBytes != 0
                ? "\(path) has \(size) bytes, not a whole number of \(geometry.width)x\(geometry.height) NV12 frames (\(frameBytes) bytes each); check --size"
            : nil
        if let problem {
            close(fd)
            throw FrameSourceError(problem)
        }
        self.path = path
        self.fd = fd
        frameCount = size / frameBytes
        buffer = FrameBuffer(geometry: geometry)
    }

    deinit { close(fd) }

    var geometry: NV12Geometry { buffer.geometry }

    /// The next frame of the file, from the start again after the last one. A file that shrank
    /// to a partial frame or to nothing while streaming is an error, not a hang.
    func nextFrame(number: UInt64) throws(FrameSourceError) -> NV12Planes {
        var got = try readFrame()
        if got == 0 {
            guard lseek(fd, 0, SEEK_SET) == 0 else { throw FrameSourceError(SystemError("cannot rewind", path: path).description) }
            got = try readFrame()
            if got == 0 { throw FrameSourceError("\(path) became empty while streaming") }
        }
        guard got == buffer.bytes.count else {
            throw FrameSourceError("\(path) ends with a partial frame (\(got) of \(buffer.bytes.count) bytes): truncated while streaming?")
        }
        return buffer.planes
    }

    /// Fills the buffer with read(2) until it is full or the file ends; the bytes read.
    private func readFrame() throws(FrameSourceError) -> Int {
        var filled = 0
        while filled < buffer.bytes.count {
            let n = read(fd, buffer.bytes.baseAddress! + filled, buffer.bytes.count - filled)
            if n < 0 {
                if errno == EINTR { continue }
                throw FrameSourceError(SystemError("cannot read", path: path).description)
            }
            if n == 0 { break }
            filled += n
        }
        return filled
    }
}

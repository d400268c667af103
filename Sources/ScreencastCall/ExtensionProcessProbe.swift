import BroadcastIPC
import Container
#if canImport(Glibc)
import Glibc
#endif

/// Notices a killed extension at once instead of after Telegram's keepalive timeout (2 s, which
/// with whole-second timestamps can mean nearly 3): the writer records its pid in the frame
/// ring's header when it opens the ring, and a pid that is gone (or a zombie) means the writer
/// is dead, whatever its last keepalive says. A pid reused by another process only makes this
/// fall back to the keepalive rule.
enum ExtensionProcessProbe {
    /// The writer pid in a frame ring's header; nil when there is no ring or no writer yet.
    static func writerPid(ringPath: String) -> Int32? {
        guard let fd = try? FileSystem.openRegularFile(ringPath, limit: .max).fd else { return nil }
        defer { close(fd) }
        var header = [UInt8](repeating: 0, count: 32)
        guard header.withUnsafeMutableBytes({ pread(fd, $0.baseAddress, $0.count, 0) }) == header.count else { return nil }
        return header.withUnsafeBytes { bytes -> Int32? in
            guard bytes.loadUnaligned(fromByteOffset: FrameRingLayout.Header.magic, as: UInt32.self) == FrameRingLayout.magic else { return nil }
            let pid = bytes.loadUnaligned(fromByteOffset: FrameRingLayout.Header.writerPid, as: Int32.self)
            return pid > 0 ? pid : nil
        }
    }

    /// True only when the process certainly no longer runs: no such pid, or a zombie.
    static func isGone(_ pid: Int32) -> Bool {
        if kill(pid, 0) != 0 { return errno == ESRCH }
        guard let bytes = try? FileSystem.readFileIfExists("/proc/\(pid)/stat", limit: 4096) else { return false }
        // "pid (comm) S …": the state follows the last ')' (comm may itself contain parentheses).
        guard let close = bytes.lastIndex(of: UInt8(ascii: ")")), close + 2 < bytes.count else { return false }
        let state = bytes[close + 2]
        return state == UInt8(ascii: "Z") || state == UInt8(ascii: "X")
    }
}

import Container

/// Why a frame ring could not be created, opened or written.
public enum FrameRingError: Error, Equatable, Sendable, CustomStringConvertible {
    case invalidLayout(String)
    /// The file does not start with "TGBR": not a frame ring (perhaps Telegram's single-slot file).
    case notAFrameRing(path: String)
    case unsupportedVersion(path: String, version: UInt32)
    /// Shorter than its header says it must be: truncated, or still being created by a foreign tool.
    case fileTooSmall(path: String, size: Int, needed: Int)
    /// The writer refused a frame (invalid geometry, planes too small, larger than a slot).
    case frameRefused(String)
    /// The file shrank under the mapping (the app ended the call and truncated or replaced it).
    case fileTruncated(path: String)
    case system(SystemError)

    public var description: String {
        switch self {
        case .invalidLayout(let reason): return "invalid frame ring layout: \(reason)"
        case .notAFrameRing(let path): return "\(path) is not a frame ring (bad magic)"
        case .unsupportedVersion(let path, let version): return "\(path): unsupported frame ring version \(version)"
        case .fileTooSmall(let path, let size, let needed): return "\(path) has \(size) bytes, the ring needs \(needed)"
        case .frameRefused(let reason): return "frame refused: \(reason)"
        case .fileTruncated(let path): return "\(path) was truncated under the mapping"
        case .system(let error): return error.description
        }
    }
}

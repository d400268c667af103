/// `--source synthetic|FILE.yuv`.
public enum FrameSourceChoice: Equatable, Sendable, CustomStringConvertible {
    /// Frames that encode their number and a checksum (`SyntheticFrame`), so main can prove each arrived whole.
    case synthetic
    /// Raw NV12 frames of `--size`, back to back, played in a loop.
    case file(String)

    public init?(argument: String) {
        guard !argument.isEmpty else { return nil }
        self = argument == "synthetic" ? .synthetic : .file(argument)
    }

    public var description: String {
        switch self {
        case .synthetic: return "synthetic"
        case .file(let path): return path
        }
    }

    public var defaultValueDescription: String { description }
}

import BroadcastIPC

/// Where frames come from. A source fills one buffer it owns and lends it out: the planes returned
/// are valid until the next call. Used by one thread at a time (the frame thread).
public protocol FrameSource: AnyObject {
    var geometry: NV12Geometry { get }
    /// Frame `number` (counting from 1).
    func nextFrame(number: UInt64) throws(FrameSourceError) -> NV12Planes
}

/// Why a source cannot give frames; the description is the whole message.
public struct FrameSourceError: Error, Equatable, Sendable, CustomStringConvertible {
    public let description: String
    public init(_ description: String) { self.description = description }
}

extension FrameSourceChoice {
    /// Opens the source for `geometry` (the file checked whole before the first frame).
    public func open(geometry: NV12Geometry) throws(FrameSourceError) -> FrameSource {
        switch self {
        case .synthetic: return SyntheticFrameSource(geometry: geometry)
        case .file(let path): return try YUVFileSource(path: path, geometry: geometry)
        }
    }
}

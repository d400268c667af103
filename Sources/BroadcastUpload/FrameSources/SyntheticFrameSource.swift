import BroadcastIPC

/// `--source synthetic`: frame n carries n and a checksum of itself (`SyntheticFrame`), so the
/// reader can prove that every frame it accepted arrived whole and say which one it was.
final class SyntheticFrameSource: FrameSource {
    private let buffer: FrameBuffer

    /// The geometry must be valid and at least `SyntheticFrame.minimumWidth` wide (BroadcastSettings checks).
    init(geometry: NV12Geometry) {
        buffer = FrameBuffer(geometry: geometry)
    }

    var geometry: NV12Geometry { buffer.geometry }

    func nextFrame(number: UInt64) throws(FrameSourceError) -> NV12Planes {
        SyntheticFrame.draw(frameNumber: number, geometry: buffer.geometry, y: buffer.y, uv: buffer.uv)
        return buffer.planes
    }
}

/// A borrowed NV12 frame: its geometry and the two planes, valid only while their owner says so
/// (for a frame the ring reader returned: until the reader's next call).
public struct NV12Planes {
    public let geometry: NV12Geometry
    /// At least `geometry.yPlaneBytes`.
    public let y: UnsafeRawBufferPointer
    /// At least `geometry.uvPlaneBytes`.
    public let uv: UnsafeRawBufferPointer

    public init(geometry: NV12Geometry, y: UnsafeRawBufferPointer, uv: UnsafeRawBufferPointer) {
        self.geometry = geometry
        self.y = y
        self.uv = uv
    }

    /// nil when the planes can hold the geometry, else why not.
    public var validationError: String? {
        if let error = geometry.validationError { return error }
        if y.count < geometry.yPlaneBytes { return "Y plane has \(y.count) bytes, needs \(geometry.yPlaneBytes)" }
        if uv.count < geometry.uvPlaneBytes { return "UV plane has \(uv.count) bytes, needs \(geometry.uvPlaneBytes)" }
        return nil
    }
}

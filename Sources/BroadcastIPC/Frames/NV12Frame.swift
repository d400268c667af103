/// An owned NV12 frame: the Y plane followed by the UV plane in one array, as a source fills it
/// (a synthetic drawing, a YUV file) before publishing. Reuse one per source: drawing into it
/// again does not allocate.
public struct NV12Frame: Sendable {
    public let geometry: NV12Geometry
    public var bytes: [UInt8]

    /// A black frame (Y 16, CbCr 128). The geometry must be valid.
    public init(geometry: NV12Geometry) {
        precondition(geometry.isValid, geometry.validationError ?? "")
        self.geometry = geometry
        bytes = [UInt8](repeating: 16, count: geometry.yPlaneBytes) + [UInt8](repeating: 128, count: geometry.uvPlaneBytes)
    }

    public func withPlanes<R>(_ body: (NV12Planes) throws -> R) rethrows -> R {
        try bytes.withUnsafeBytes { all in
            try body(NV12Planes(geometry: geometry,
                                y: UnsafeRawBufferPointer(rebasing: all[0..<geometry.yPlaneBytes]),
                                uv: UnsafeRawBufferPointer(rebasing: all[geometry.yPlaneBytes..<geometry.planeBytes])))
        }
    }

    public mutating func withMutablePlanes<R>(_ body: (_ y: UnsafeMutableRawBufferPointer, _ uv: UnsafeMutableRawBufferPointer) throws -> R) rethrows -> R {
        let geometry = self.geometry
        return try bytes.withUnsafeMutableBytes { all in
            try body(UnsafeMutableRawBufferPointer(rebasing: all[0..<geometry.yPlaneBytes]),
                     UnsafeMutableRawBufferPointer(rebasing: all[geometry.yPlaneBytes..<geometry.planeBytes]))
        }
    }
}

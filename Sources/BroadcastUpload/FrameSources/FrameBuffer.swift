import BroadcastIPC

/// The one frame buffer a source reuses for every frame (Y plane then UV plane), so streaming
/// allocates nothing per frame: at 1080p a per-frame array would be 3 MB of churn 60 times a second.
final class FrameBuffer {
    let geometry: NV12Geometry
    let bytes: UnsafeMutableRawBufferPointer

    init(geometry: NV12Geometry) {
        self.geometry = geometry
        bytes = .allocate(byteCount: geometry.planeBytes, alignment: 64)
        bytes.initializeMemory(as: UInt8.self, repeating: 0)
    }

    deinit { bytes.deallocate() }

    var y: UnsafeMutableRawBufferPointer { UnsafeMutableRawBufferPointer(rebasing: bytes[0..<geometry.yPlaneBytes]) }
    var uv: UnsafeMutableRawBufferPointer { UnsafeMutableRawBufferPointer(rebasing: bytes[geometry.yPlaneBytes...]) }

    var planes: NV12Planes { NV12Planes(geometry: geometry, y: UnsafeRawBufferPointer(y), uv: UnsafeRawBufferPointer(uv)) }
}

#if canImport(Glibc)
import Glibc
#endif
import CSharedMemory
import Container

/// The extension's side of the ring: publishes frames, never waits for the reader (a slow
/// reader misses frames and counts them; it cannot slow capture down). One thread at a time.
public final class FrameRingWriter {
    private let mapping: FrameRingMapping

    public var path: String { mapping.path }
    public var layout: FrameRingLayout { mapping.layout }
    /// The number of the last frame published (continues the file's count, so a restarted
    /// extension does not make the reader see numbers go backwards).
    public private(set) var lastFrameNumber: UInt64

    /// Opens a ring the app created. Fails on a missing, foreign, truncated or newer-version file.
    public init(path: String) throws(FrameRingError) {
        mapping = try FrameRingMapping(path: path, writable: true)
        guard let latest = mapping.load64(mapping.header(FrameRingLayout.Header.latestSequence)),
              mapping.store32(mapping.header(FrameRingLayout.Header.writerPid), UInt32(bitPattern: getpid())) else {
            throw .fileTruncated(path: path)
        }
        lastFrameNumber = latest
    }

    /// Publishes an owned frame. Returns its frame number.
    @discardableResult
    public func publish(orientation: FrameOrientation = .up, frame: NV12Frame,
                        captureTimeNanos: UInt64 = Clock.monotonicNanoseconds()) throws(FrameRingError) -> UInt64 {
        let result = frame.withPlanes { planes -> Result<UInt64, FrameRingError> in
            do throws(FrameRingError) {
                return .success(try publish(orientation: orientation, planes: planes, captureTimeNanos: captureTimeNanos))
            } catch {
                return .failure(error)
            }
        }
        return try result.get()
    }

    /// Publishes borrowed planes (only `yPlaneBytes` / `uvPlaneBytes` of them are copied).
    /// `captureTimeNanos` is CLOCK_MONOTONIC (`Clock.monotonicNanoseconds()`), for the reader's latency.
    @discardableResult
    public func publish(orientation: FrameOrientation = .up, planes: NV12Planes,
                        captureTimeNanos: UInt64 = Clock.monotonicNanoseconds()) throws(FrameRingError) -> UInt64 {
        if let error = planes.validationError { throw .frameRefused(error) }
        let geometry = planes.geometry
        guard geometry.payloadBytes <= layout.slotCapacity else {
            throw .frameRefused("\(geometry) needs \(geometry.payloadBytes) bytes, a slot holds \(layout.slotCapacity)")
        }
        guard lastFrameNumber < UInt64.max else { throw .frameRefused("frame numbers exhausted") }
        guard mapping.isIntact else { throw .fileTruncated(path: path) }

        let n = lastFrameNumber + 1
        let slot = mapping.slot(frameNumber: n)
        let payload = slot + FrameRingLayout.Slot.payload

        // Seqlock: odd, full fence so no payload store can be seen before it, payload, even.
        // An odd value left by a writer that died mid-frame is stepped over, not reused.
        guard let seq = mapping.load64(slot + FrameRingLayout.Slot.seq) else { throw .fileTruncated(path: path) }
        let writing = seq & 1 == 0 ? seq &+ 1 : seq &+ 2
        guard mapping.store64(slot + FrameRingLayout.Slot.seq, writing) else { throw .fileTruncated(path: path) }
        tg_atomic_fence()
        var header: (UInt64, UInt64, UInt64) = (0, 0, 0)  // the 24 header bytes, on the stack
        let headerWritten = withUnsafeMutableBytes(of: &header) { scratch in
            FramePayload.writeHeader(orientation: orientation, geometry: geometry, to: scratch.baseAddress!)
            return tg_shm_write(payload, scratch.baseAddress!, FramePayload.headerBytes) == 0
        }
        guard headerWritten,
              tg_shm_write(payload + FramePayload.headerBytes, planes.y.baseAddress!, geometry.yPlaneBytes) == 0,
              tg_shm_write(payload + FramePayload.headerBytes + geometry.yPlaneBytes, planes.uv.baseAddress!, geometry.uvPlaneBytes) == 0,
              mapping.store64(slot + FrameRingLayout.Slot.frameNumber, n),
              mapping.store64(slot + FrameRingLayout.Slot.captureTimeNanos, captureTimeNanos),
              mapping.store32(slot + FrameRingLayout.Slot.payloadLength, UInt32(geometry.payloadBytes)),
              mapping.store64(slot + FrameRingLayout.Slot.seq, writing &+ 1),
              mapping.store64(mapping.header(FrameRingLayout.Header.latestSequence), n) else {
            throw .fileTruncated(path: path)
        }
        var previous: UInt32 = 0
        guard tg_shm_fetch_add_u32(mapping.header(FrameRingLayout.Header.publishCounter), 1, &previous) == 0 else {
            throw .fileTruncated(path: path)
        }
        tg_futex_wake_all(mapping.header(FrameRingLayout.Header.publishCounter))
        lastFrameNumber = n
        return n
    }
}

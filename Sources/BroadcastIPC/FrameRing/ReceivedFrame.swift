/// A frame the ring reader accepted. Its bytes live in the reader's buffer: valid until the
/// reader's next `next(timeoutNanos:)`; copy what must outlive that.
public struct ReceivedFrame {
    public let frameNumber: UInt64
    /// The writer's CLOCK_MONOTONIC at capture.
    public let captureTimeNanos: UInt64
    /// CLOCK_MONOTONIC when the copy was accepted; minus `captureTimeNanos`, the latency.
    public let receivedTimeNanos: UInt64
    public let orientation: FrameOrientation
    public let planes: NV12Planes
    /// The whole payload in Telegram's layout (`FramePayload`).
    public let payload: UnsafeRawBufferPointer

    public var geometry: NV12Geometry { planes.geometry }
}

/// What one `FrameRingReader.next(timeoutNanos:)` produced.
public enum FrameReadOutcome {
    case frame(ReceivedFrame)
    /// No new frame before the deadline.
    case timeout
    /// The newest frame's slot failed validation (already counted in `rejected`).
    case rejected(reason: String)
    /// The file shrank under the mapping; the ring is unusable, reopen or stop.
    case fileTruncated
}

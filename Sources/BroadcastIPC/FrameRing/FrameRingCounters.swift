/// What a ring reader has seen. Every frame number up to `FrameRingReader.lastFrameNumber` is
/// counted exactly once: received, dropped (overtaken before the reader looked), torn (the
/// writer came back into its slot during the copy) or rejected (its header failed validation).
public struct FrameRingCounters: Equatable, Sendable, Codable {
    public var received: UInt64 = 0
    public var dropped: UInt64 = 0
    public var rejected: UInt64 = 0
    public var tornDiscarded: UInt64 = 0
    /// Bytes copied out of the ring for accepted frames, and the time those copies took: the copy
    /// rate Scripts/bench compares with a plain memcpy of the same frames.
    public var copiedBytes: UInt64 = 0
    public var copyNanos: UInt64 = 0

    public init() {}

    /// Wrapping, as the reader counts: counters fed by a hostile ring must never trap.
    public var accounted: UInt64 { received &+ dropped &+ rejected &+ tornDiscarded }

    /// Counts across readers (a reopened ring starts its own at zero).
    public static func + (a: FrameRingCounters, b: FrameRingCounters) -> FrameRingCounters {
        var sum = FrameRingCounters()
        sum.received = a.received &+ b.received
        sum.dropped = a.dropped &+ b.dropped
        sum.rejected = a.rejected &+ b.rejected
        sum.tornDiscarded = a.tornDiscarded &+ b.tornDiscarded
        sum.copiedBytes = a.copiedBytes &+ b.copiedBytes
        sum.copyNanos = a.copyNanos &+ b.copyNanos
        return sum
    }
}

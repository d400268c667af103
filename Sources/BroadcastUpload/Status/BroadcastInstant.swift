import Container

/// One reading of both clocks the status machine needs: Unix seconds for the protocol's
/// timestamps (they are compared with the other process's), monotonic milliseconds for its own
/// timers. Tests pass made-up instants.
public struct BroadcastInstant: Equatable, Sendable {
    public var unixSeconds: Int32
    public var monotonicMs: Int64

    public init(unixSeconds: Int32, monotonicMs: Int64) {
        self.unixSeconds = unixSeconds
        self.monotonicMs = monotonicMs
    }

    public static func now() -> BroadcastInstant {
        BroadcastInstant(unixSeconds: Clock.unixTime(), monotonicMs: Int64(Clock.monotonicNanoseconds() / 1_000_000))
    }
}

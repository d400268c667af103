#if canImport(Glibc)
import Glibc
#endif

/// msg_id as MTProto defines it: the server's unixtime × 2³² plus a fraction of a second, so
/// message ids track the server's clock, not ours; the client's are divisible by 4 and strictly
/// increasing. The offset is learned from the server (the key exchange's server_time, a
/// bad_msg_notification's own msg_id) and kept with the session.
public struct MessageIdClock: Sendable {
    /// Server time − local time, seconds.
    public private(set) var timeOffset: Int64
    private var last: Int64 = 0

    public init(timeOffset: Int64 = 0) {
        self.timeOffset = timeOffset
    }

    public static func realtimeNanoseconds() -> Int64 {
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        return Int64(now.tv_sec) * 1_000_000_000 + Int64(now.tv_nsec)
    }

    /// The id for a moment, divisible by 4.
    static func messageId(forUnixNanoseconds nanoseconds: Int64) -> Int64 {
        let seconds = nanoseconds / 1_000_000_000
        let fraction = (nanoseconds % 1_000_000_000) << 32 / 1_000_000_000
        return (seconds << 32 | fraction) & ~3
    }

    /// The server's current time as the offset has it, seconds.
    public var serverNow: Int64 { Self.realtimeNanoseconds() / 1_000_000_000 + timeOffset }

    public mutating func next() -> Int64 {
        var id = Self.messageId(forUnixNanoseconds: Self.realtimeNanoseconds() + timeOffset * 1_000_000_000)
        if id <= last { id = last + 4 }
        last = id
        return id
    }

    /// Sets the offset from a message id the server made (its high 32 bits are its unixtime).
    public mutating func synchronise(withServerMessageId id: Int64) {
        timeOffset = (id >> 32) - Self.realtimeNanoseconds() / 1_000_000_000
        last = 0
    }

    public mutating func synchronise(offset: Int64) {
        timeOffset = offset
        last = 0
    }
}

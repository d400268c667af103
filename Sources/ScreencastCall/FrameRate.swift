/// Frames per second two ways: in the last second (from the arrival times of recent frames,
/// kept in a fixed ring) and on average over the stream (first frame to last).
struct FrameRate {
    /// Enough for 2,048 fps over the last second; faster than that reads as the ring's span.
    static let capacity = 2048
    static let windowNanos: UInt64 = 1_000_000_000

    private var arrivals = [UInt64](repeating: 0, count: capacity)
    private var next = 0
    private var filled = 0
    private(set) var firstNanos: UInt64?
    private(set) var lastNanos: UInt64 = 0
    private(set) var frames: UInt64 = 0

    mutating func record(_ nanos: UInt64) {
        arrivals[next] = nanos
        next = next + 1 == Self.capacity ? 0 : next + 1
        filled = min(filled + 1, Self.capacity)
        if firstNanos == nil { firstNanos = nanos }
        lastNanos = nanos
        frames += 1
    }

    /// Frames that arrived in the second before `now`.
    func lastSecond(now: UInt64) -> Double {
        var inWindow = 0
        var oldest = now
        for index in 0..<filled {
            let arrival = arrivals[index]
            if now &- arrival <= Self.windowNanos && arrival <= now {
                inWindow += 1
                oldest = min(oldest, arrival)
            }
        }
        // The whole ring inside the window: the true rate is higher than the ring can count.
        if inWindow == Self.capacity && now > oldest { return Double(inWindow) / (Double(now - oldest) / 1e9) }
        return Double(inWindow)
    }

    /// (frames − 1) over the time from the first frame to the last: the rate while streaming,
    /// which does not decay once the extension stops.
    var average: Double {
        guard frames >= 2, let firstNanos, lastNanos > firstNanos else { return 0 }
        return Double(frames - 1) / (Double(lastNanos - firstNanos) / 1e9)
    }
}

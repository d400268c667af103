/// Capture-to-read latencies: totals over the whole call, percentiles over the most recent
/// `capacity` frames. The storage is allocated once; recording a frame never allocates.
struct LatencySamples {
    static let defaultCapacity = 1024

    private var recent: [UInt64]
    private var next = 0
    private var filled = 0
    /// Sorting happens in here, once per summary, so `recent` keeps its order and capacity.
    private var scratch: [UInt64]
    private(set) var count: UInt64 = 0
    private(set) var sumNanos: UInt64 = 0
    private(set) var maxNanos: UInt64 = 0

    init(capacity: Int = defaultCapacity) {
        recent = [UInt64](repeating: 0, count: max(1, capacity))
        scratch = []
        scratch.reserveCapacity(recent.count)
    }

    mutating func record(_ nanos: UInt64) {
        recent[next] = nanos
        next = next + 1 == recent.count ? 0 : next + 1
        filled = min(filled + 1, recent.count)
        count += 1
        sumNanos &+= nanos
        maxNanos = max(maxNanos, nanos)
    }

    struct Summary: Equatable {
        var averageMs = 0.0
        var p50Ms = 0.0
        var p95Ms = 0.0
        var maxMs = 0.0
    }

    mutating func summary() -> Summary {
        guard count > 0 else { return Summary() }
        scratch.removeAll(keepingCapacity: true)
        scratch.append(contentsOf: recent[0..<filled])
        scratch.sort()
        func percentile(_ p: Double) -> Double {
            Self.milliseconds(scratch[min(scratch.count - 1, Int((Double(scratch.count - 1) * p).rounded()))])
        }
        return Summary(averageMs: Self.milliseconds(sumNanos) / Double(count), p50Ms: percentile(0.5),
                       p95Ms: percentile(0.95), maxMs: Self.milliseconds(maxNanos))
    }

    static func milliseconds(_ nanos: UInt64) -> Double { Double(nanos) / 1_000_000 }
}

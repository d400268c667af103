/// The reads' times in milliseconds: the first apart (cold — statements prepared and pages read
/// into SQLite's cache for the first time in the process), then the warm ones summarised, since
/// a process that shows a chat list reads it more than once (the app) or once (an extension).
struct ReadTimings: Encodable {
    struct Summary: Encodable {
        let median: Double
        let p90: Double
        let min: Double
        let max: Double

        init(_ samples: [Double]) {
            let sorted = samples.sorted()
            median = Self.quantile(sorted, 0.5)
            p90 = Self.quantile(sorted, 0.9)
            min = sorted.first ?? 0
            max = sorted.last ?? 0
        }

        /// Linear interpolation between closest ranks, as Tools/bench/commands.py's percentile.
        private static func quantile(_ sorted: [Double], _ fraction: Double) -> Double {
            guard sorted.count > 1 else { return sorted.first ?? 0 }
            let position = Double(sorted.count - 1) * fraction
            let low = Int(position)
            let high = Swift.min(low + 1, sorted.count - 1)
            return sorted[low] + (sorted[high] - sorted[low]) * (position - Double(low))
        }
    }

    let coldMs: Double
    let warmMs: Summary
    let warmReads: Int
}

/// Milliseconds with three decimals (microseconds), without Foundation's String(format:).
enum Milliseconds {
    static func text(_ value: Double) -> String {
        let micros = Int((value * 1000).rounded())
        let fraction = String(micros % 1000)
        return "\(micros / 1000).\(String(repeating: "0", count: 3 - fraction.count))\(fraction)"
    }
}

/// A measured number as people read it: two decimals, never the binary expansion a Double
/// prints ("0.64", not "0.6371132939999999"). Every command line and report says numbers alike.
public enum DecimalText {
    /// Rounded to the hundredth, the sign kept ("-0.05", "12.30").
    public static func hundredths(_ value: Double) -> String {
        guard value.isFinite else { return value.isNaN ? "?" : (value < 0 ? "-∞" : "∞") }
        let total = Int((abs(value) * 100).rounded())
        let fraction = total % 100
        let sign = value < 0 && total > 0 ? "-" : ""
        return "\(sign)\(total / 100).\(fraction < 10 ? "0" : "")\(fraction)"
    }
}

/// A duration in seconds as people read it: "0.64 s" and "10 s" under a minute, "2 min 5 s"
/// past it, "1 h 2 min" past an hour.
public enum DurationText {
    public static func text(seconds: Double) -> String {
        guard seconds.isFinite, seconds >= 60 else {
            let text = DecimalText.hundredths(seconds)
            return "\(text.hasSuffix(".00") ? String(text.dropLast(3)) : text) s"
        }
        let whole = Int(seconds.rounded())
        if whole < 3600 { return "\(whole / 60) min \(whole % 60) s" }
        return "\(whole / 3600) h \(whole % 3600 / 60) min"
    }

    /// Milliseconds to the hundredth ("3.07 ms"), for start-up and bench reports.
    public static func text(milliseconds: Double) -> String {
        "\(DecimalText.hundredths(milliseconds)) ms"
    }
}

/// Unicode's East Asian Width (UAX #11), reduced to the one question a terminal cell grid asks:
/// is this scalar Wide or Fullwidth, so two columns? Ambiguous (A) is not: see `TextWidth`.
enum EastAsianWidth {
    static func isWide(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        // Nothing below the Hangul Jamo block is wide; most text never reaches the search.
        guard value >= 0x1100 else { return false }
        let table = EastAsianWidthTable.wide
        var low = 0, high = table.count - 1
        while low <= high {
            let middle = (low + high) / 2
            let range = table[middle]
            if value < range.lowerBound { high = middle - 1 }
            else if value > range.upperBound { low = middle + 1 }
            else { return true }
        }
        return false
    }
}

/// Arabic contextual forms without HarfBuzz: each letter is replaced by its isolated, final,
/// initial or medial form from Unicode's Arabic Presentation Forms-B block (which DejaVu Sans
/// covers), and lam + alef become their ligature. Cairo draws one glyph per character and does no
/// shaping, so without this every Arabic letter would be drawn unjoined.
enum ArabicShaping {
    /// For U+0621…U+064A: the isolated form and how many forms follow it in Forms-B
    /// (1 = doesn't join, 2 = joins only to the letter before it, 4 = joins on both sides).
    private static let forms: [UInt32: (isolated: UInt32, count: Int)] = [
        0x0621: (0xFE80, 1), 0x0622: (0xFE81, 2), 0x0623: (0xFE83, 2), 0x0624: (0xFE85, 2),
        0x0625: (0xFE87, 2), 0x0626: (0xFE89, 4), 0x0627: (0xFE8D, 2), 0x0628: (0xFE8F, 4),
        0x0629: (0xFE93, 2), 0x062A: (0xFE95, 4), 0x062B: (0xFE99, 4), 0x062C: (0xFE9D, 4),
        0x062D: (0xFEA1, 4), 0x062E: (0xFEA5, 4), 0x062F: (0xFEA9, 2), 0x0630: (0xFEAB, 2),
        0x0631: (0xFEAD, 2), 0x0632: (0xFEAF, 2), 0x0633: (0xFEB1, 4), 0x0634: (0xFEB5, 4),
        0x0635: (0xFEB9, 4), 0x0636: (0xFEBD, 4), 0x0637: (0xFEC1, 4), 0x0638: (0xFEC5, 4),
        0x0639: (0xFEC9, 4), 0x063A: (0xFECD, 4), 0x0641: (0xFED1, 4), 0x0642: (0xFED5, 4),
        0x0643: (0xFED9, 4), 0x0644: (0xFEDD, 4), 0x0645: (0xFEE1, 4), 0x0646: (0xFEE5, 4),
        0x0647: (0xFEE9, 4), 0x0648: (0xFEED, 2), 0x0649: (0xFEEF, 2), 0x064A: (0xFEF1, 4),
    ]
    /// Lam followed by these alefs becomes one ligature (isolated form; final is +1).
    private static let lamAlef: [UInt32: UInt32] = [0x0622: 0xFEF5, 0x0623: 0xFEF7, 0x0625: 0xFEF9, 0x0627: 0xFEFB]
    private static let lam: UInt32 = 0x0644
    private static let tatweel: UInt32 = 0x0640

    /// Marks (harakat) don't break or take part in joining.
    private static func isTransparent(_ v: UInt32) -> Bool {
        (0x064B...0x065F).contains(v) || v == 0x0670 || (0x06D6...0x06ED).contains(v)
    }

    /// Can join to the letter after it (dual-joining letters and tatweel).
    private static func joinsForward(_ v: UInt32) -> Bool {
        v == tatweel || forms[v]?.count == 4
    }

    /// Can join to the letter before it.
    private static func joinsBackward(_ v: UInt32) -> Bool {
        v == tatweel || (forms[v]?.count ?? 1) >= 2
    }

    static func shape(_ scalars: [Unicode.Scalar]) -> [Unicode.Scalar] {
        // Most text has no Arabic at all.
        guard scalars.contains(where: { (0x0621...0x064A).contains($0.value) }) else { return scalars }
        let values = scalars.map(\.value)
        func neighbour(_ from: Int, _ step: Int) -> UInt32? {
            var i = from + step
            while i >= 0, i < values.count {
                if !isTransparent(values[i]) { return values[i] }
                i += step
            }
            return nil
        }
        var out: [Unicode.Scalar] = []
        out.reserveCapacity(scalars.count)
        var i = 0
        while i < values.count {
            let v = values[i]
            guard let form = forms[v] else {
                out.append(scalars[i])
                i += 1
                continue
            }
            let joinsBefore = neighbour(i, -1).map(joinsForward) ?? false
            if v == lam, i + 1 < values.count, let ligature = lamAlef[values[i + 1]] {
                out.append(Unicode.Scalar(joinsBefore ? ligature + 1 : ligature)!)
                i += 2
                continue
            }
            let joinsAfter = form.count == 4 && (neighbour(i, 1).map(joinsBackward) ?? false)
            let offset: UInt32
            switch (form.count, joinsBefore, joinsAfter) {
            case (1, _, _): offset = 0
            case (2, true, _): offset = 1
            case (4, true, true): offset = 3
            case (4, false, true): offset = 2
            case (4, true, false): offset = 1
            default: offset = 0
            }
            out.append(Unicode.Scalar(form.isolated + offset)!)
            i += 1
        }
        return out
    }
}

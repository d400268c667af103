/// A small subset of the Unicode Bidirectional Algorithm (UAX #9), enough to show Hebrew and Arabic
/// names and messages in the right order without linking FriBidi: no explicit embeddings or
/// isolates, weak types reduced to "number", neutrals resolved by their strong neighbours (N1/N2),
/// levels 0…2, and per-line reordering (L2) with mirrored brackets (L4).
enum Bidi {
    enum Class: Equatable {
        case leftToRight
        case rightToLeft
        case number
        case neutral
    }

    /// The class of a cluster, from its first scalar.
    static func classify(_ scalar: Unicode.Scalar) -> Class {
        let v = scalar.value
        let properties = scalar.properties
        if properties.numericType == .decimal { return .number }
        if isRightToLeftScript(v) {
            return properties.isAlphabetic ? .rightToLeft : .neutral
        }
        if properties.isAlphabetic { return .leftToRight }
        return .neutral
    }

    /// Hebrew, Arabic, Syriac, Thaana, NKo, Samaritan, Mandaic, their presentation forms, and the
    /// supplementary right-to-left blocks.
    static func isRightToLeftScript(_ v: UInt32) -> Bool {
        (0x0590...0x08FF).contains(v) || (0xFB1D...0xFDFF).contains(v) || (0xFE70...0xFEFF).contains(v)
            || (0x10800...0x10FFF).contains(v) || (0x1E800...0x1EFFF).contains(v)
    }

    /// 1 when the first strong character is right-to-left (rules P2/P3), else 0.
    static func paragraphLevel(_ classes: [Class]) -> UInt8 {
        for c in classes {
            if c == .leftToRight { return 0 }
            if c == .rightToLeft { return 1 }
        }
        return 0
    }

    /// One embedding level per element.
    static func levels(_ classes: [Class], paragraphLevel base: UInt8) -> [UInt8] {
        // W7 in short: a number after a left-to-right letter (or at the start of an LTR paragraph)
        // behaves as left-to-right; otherwise it stays a number, which counts as RTL for neutrals.
        enum Resolved { case l, r, en, neutral }
        var resolved: [Resolved] = []
        resolved.reserveCapacity(classes.count)
        var lastStrong: Resolved = base == 0 ? .l : .r
        for c in classes {
            switch c {
            case .leftToRight: resolved.append(.l); lastStrong = .l
            case .rightToLeft: resolved.append(.r); lastStrong = .r
            case .number: resolved.append(lastStrong == .l ? .l : .en)
            case .neutral: resolved.append(.neutral)
            }
        }
        // N1/N2: a run of neutrals between two equal directions takes it, otherwise the paragraph's.
        let baseDirection: Resolved = base == 0 ? .l : .r
        func direction(_ r: Resolved) -> Resolved { r == .en ? .r : r }
        var i = 0
        while i < resolved.count {
            guard resolved[i] == .neutral else { i += 1; continue }
            var end = i
            while end < resolved.count, resolved[end] == .neutral { end += 1 }
            let before = i == 0 ? baseDirection : direction(resolved[i - 1])
            let after = end == resolved.count ? baseDirection : direction(resolved[end])
            let chosen = before == after ? before : baseDirection
            for j in i..<end { resolved[j] = chosen }
            i = end
        }
        // I1/I2.
        return resolved.map { r in
            switch (base, r) {
            case (0, .l): return 0
            case (0, .r): return 1
            case (0, _): return 2
            case (_, .r): return 1
            default: return 2
            }
        }
    }

    /// Visual order of one line's elements (rule L2): from the highest level down to the lowest odd
    /// level, reverse every run at that level or higher.
    static func visualOrder(_ levels: [UInt8]) -> [Int] {
        var order = Array(levels.indices)
        guard let highest = levels.max(), highest > 0 else { return order }
        let lowestOdd = levels.filter { $0 % 2 == 1 }.min() ?? highest
        var level = highest
        while level >= max(lowestOdd, 1) {
            var i = 0
            while i < order.count {
                guard levels[order[i]] >= level else { i += 1; continue }
                var end = i
                while end < order.count, levels[order[end]] >= level { end += 1 }
                order[i..<end].reverse()
                i = end
            }
            level -= 1
        }
        return order
    }

    /// The mirror image of a paired punctuation mark, drawn in right-to-left runs (rule L4).
    static func mirrored(_ scalar: Unicode.Scalar) -> Unicode.Scalar? {
        mirrorPairs[scalar.value].flatMap(Unicode.Scalar.init)
    }

    private static let mirrorPairs: [UInt32: UInt32] = [
        0x28: 0x29, 0x29: 0x28, 0x3C: 0x3E, 0x3E: 0x3C, 0x5B: 0x5D, 0x5D: 0x5B, 0x7B: 0x7D, 0x7D: 0x7B,
        0xAB: 0xBB, 0xBB: 0xAB, 0x2039: 0x203A, 0x203A: 0x2039, 0x2264: 0x2265, 0x2265: 0x2264,
    ]
}

/// The rule at the end of a TZif file (a POSIX TZ string such as "CET-1CEST,M3.5.0,M10.5.0/3"):
/// the offsets and the yearly switch to and from daylight time, for instants after the file's
/// last listed transition. POSIX writes offsets west of Greenwich as positive; here they are
/// kept east-positive as TZif's are.
struct PosixZoneRule: Sendable {
    enum Day: Sendable {
        /// Mm.w.d: day d (0 = Sunday) of week w (5 = the last) of month m.
        case monthWeekDay(month: Int, week: Int, weekday: Int)
        /// Jn: day n of the year, 1...365, February 29 never counted.
        case julian(Int)
        /// n: day n of the year, 0...365, February 29 counted.
        case zeroBased(Int)
    }

    let standard: Int32
    let daylight: (offset: Int32, start: (Day, Int32), end: (Day, Int32))?

    init?(_ text: String) {
        var p = Parser(Array(text.utf8))
        guard p.name(), let std = p.offset() else { return nil }
        standard = -std
        if p.atEnd {
            daylight = nil
            return
        }
        guard p.name() else { return nil }
        let dst = p.peekIsOffset ? p.offset() : std - 3600
        guard let dst, p.consume(","), let start = p.rule(), p.consume(","), let end = p.rule(), p.atEnd else { return nil }
        daylight = (-dst, start, end)
    }

    func offset(at instant: Int64) -> Int32 {
        guard let daylight else { return standard }
        let year = CivilDate.year(ofDay: floorDiv(instant + Int64(standard), 86_400))
        // The switch to daylight time happens at its local standard time, the switch back at its
        // local daylight time.
        let start = Self.instant(daylight.start, year: year) - Int64(standard)
        let end = Self.instant(daylight.end, year: year) - Int64(daylight.offset)
        let inDaylight = start < end ? (instant >= start && instant < end) : (instant < end || instant >= start)
        return inDaylight ? daylight.offset : standard
    }

    /// Seconds since 1970 of the local time the rule names in `year`, read as if UTC.
    static func instant(_ rule: (Day, Int32), year: Int) -> Int64 {
        let day: Int64
        switch rule.0 {
        case .monthWeekDay(let month, let week, let weekday):
            let first = CivilDate.days(year: year, month: month, day: 1)
            // 1970-01-01 was a Thursday (4).
            let firstWeekday = Int(((first + 4) % 7 + 7) % 7)
            var dayOfMonth = 1 + (weekday - firstWeekday + 7) % 7 + (week - 1) * 7
            let length = CivilDate.monthLength(year: year, month: month)
            while dayOfMonth > length { dayOfMonth -= 7 }
            day = CivilDate.days(year: year, month: month, day: dayOfMonth)
        case .julian(let n):
            let leapShift = CivilDate.isLeap(year) && n >= 60 ? 1 : 0
            day = CivilDate.days(year: year, month: 1, day: 1) + Int64(n - 1 + leapShift)
        case .zeroBased(let n):
            day = CivilDate.days(year: year, month: 1, day: 1) + Int64(n)
        }
        return day * 86_400 + Int64(rule.1)
    }

    private func floorDiv(_ a: Int64, _ b: Int64) -> Int64 { a >= 0 ? a / b : -((-a + b - 1) / b) }

    private struct Parser {
        let bytes: [UInt8]
        var at = 0
        init(_ bytes: [UInt8]) { self.bytes = bytes }

        var atEnd: Bool { at == bytes.count }
        var peekIsOffset: Bool {
            guard at < bytes.count else { return false }
            let b = bytes[at]
            return b == UInt8(ascii: "+") || b == UInt8(ascii: "-") || (b >= 48 && b <= 57)
        }

        mutating func consume(_ c: Character) -> Bool {
            guard at < bytes.count, bytes[at] == c.asciiValue! else { return false }
            at += 1
            return true
        }

        /// "CET" or "<+03>".
        mutating func name() -> Bool {
            if consume("<") {
                while at < bytes.count, bytes[at] != UInt8(ascii: ">") { at += 1 }
                return consume(">")
            }
            let start = at
            while at < bytes.count, (bytes[at] | 0x20) >= UInt8(ascii: "a"), (bytes[at] | 0x20) <= UInt8(ascii: "z") { at += 1 }
            return at - start >= 3
        }

        mutating func number() -> Int? {
            let start = at
            var value = 0
            while at < bytes.count, bytes[at] >= 48, bytes[at] <= 57, at - start < 6 {
                value = value * 10 + Int(bytes[at] - 48)
                at += 1
            }
            return at > start ? value : nil
        }

        /// [+-]hh[:mm[:ss]] in seconds.
        mutating func offset() -> Int32? {
            var sign: Int32 = 1
            if consume("-") { sign = -1 } else { _ = consume("+") }
            guard let hours = number(), hours <= 167 else { return nil }
            var seconds = hours * 3600
            if consume(":") {
                guard let minutes = number(), minutes < 60 else { return nil }
                seconds += minutes * 60
                if consume(":") {
                    guard let s = number(), s < 60 else { return nil }
                    seconds += s
                }
            }
            return sign * Int32(seconds)
        }

        mutating func rule() -> (Day, Int32)? {
            let day: Day
            if consume("M") {
                guard let m = number(), (1...12).contains(m), consume("."), let w = number(), (1...5).contains(w),
                      consume("."), let d = number(), d <= 6 else { return nil }
                day = .monthWeekDay(month: m, week: w, weekday: d)
            } else if consume("J") {
                guard let n = number(), (1...365).contains(n) else { return nil }
                day = .julian(n)
            } else {
                guard let n = number(), n <= 365 else { return nil }
                day = .zeroBased(n)
            }
            var time: Int32 = 7200
            if consume("/") {
                guard let t = offset() else { return nil }
                time = t
            }
            return (day, time)
        }
    }
}

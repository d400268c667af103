#if canImport(Glibc)
import Glibc
#endif

/// A time zone's UTC offsets over time, read from the system's tz database (TZif, RFC 8536) or
/// given as a fixed offset. Read here rather than through the C library's TZ: `main run` imports
/// on a background thread while its interface formats local times, and TZ is process-wide.
public struct ZoneInfo: Sendable {
    /// Transition instants (ascending) and the offset in seconds east of UTC from each on.
    let transitions: [Int64]
    let offsets: [Int32]
    /// Before the first transition.
    let initialOffset: Int32
    /// After the last transition, when the file's footer gives a rule (slim TZif files stop
    /// listing transitions where the rule takes over).
    let rule: PosixZoneRule?

    public static func fixed(seconds: Int32) -> ZoneInfo {
        ZoneInfo(transitions: [], offsets: [], initialOffset: seconds, rule: nil)
    }

    /// The offset in force at `instant` (seconds since 1970, UTC).
    public func offset(at instant: Int64) -> Int32 {
        guard let last = transitions.last else { return rule?.offset(at: instant) ?? initialOffset }
        if instant >= last, let rule { return rule.offset(at: instant) }
        // The last transition at or before the instant.
        var low = 0, high = transitions.count
        while low < high {
            let mid = (low + high) / 2
            if transitions[mid] <= instant { low = mid + 1 } else { high = mid }
        }
        return low == 0 ? initialOffset : offsets[low - 1]
    }

    /// The instant a local wall-clock time (as seconds since 1970 read as if it were UTC) names.
    /// A time the clocks passed twice (when they go back) is the first of the two; a time they
    /// skipped (when they go forward) is read with the offset before the jump.
    public func instant(local: Int64) -> Int64 {
        var candidates: [Int64] = []
        for probe in [local - 86_400, local, local + 86_400] {
            let offset = Int64(offset(at: probe))
            let instant = local - offset
            if Int64(self.offset(at: instant)) == offset { candidates.append(instant) }
        }
        if let first = candidates.min() { return first }
        return local - Int64(offset(at: local - 86_400))
    }

    // MARK: TZif

    /// Parses a TZif file (version 1 data, or the 64-bit data of versions 2 and later with the
    /// footer's rule). Nil when the bytes are not TZif.
    public init?(tzif bytes: [UInt8]) {
        var r = TZifReader(bytes: bytes)
        guard r.magic(), let version = r.byte(), r.skip(15), let header = r.header() else { return nil }
        var parsed: (transitions: [Int64], offsets: [Int32], initial: Int32)?
        if version == 0 {
            parsed = r.body(header, timeSize: 4)
        } else {
            // Skip the 32-bit body, then read the second header and its 64-bit body.
            guard r.skip(header.bodySize(timeSize: 4)), r.magic(), r.skip(16), let second = r.header() else { return nil }
            parsed = r.body(second, timeSize: 8)
        }
        guard let parsed else { return nil }
        var footerRule: PosixZoneRule?
        if version != 0, let footer = r.footer() { footerRule = PosixZoneRule(footer) }
        self.init(transitions: parsed.transitions, offsets: parsed.offsets, initialOffset: parsed.initial, rule: footerRule)
    }

    init(transitions: [Int64], offsets: [Int32], initialOffset: Int32, rule: PosixZoneRule?) {
        self.transitions = transitions
        self.offsets = offsets
        self.initialOffset = initialOffset
        self.rule = rule
    }
}

/// Reads TZif's big-endian fields, failing (nil) rather than trapping on a short file.
private struct TZifReader {
    struct Header {
        var isutcnt, isstdcnt, leapcnt, timecnt, typecnt, charcnt: Int
        func bodySize(timeSize: Int) -> Int {
            timecnt * timeSize + timecnt + typecnt * 6 + charcnt + leapcnt * (timeSize + 4) + isstdcnt + isutcnt
        }
    }

    let bytes: [UInt8]
    var at = 0

    mutating func skip(_ n: Int) -> Bool {
        guard n >= 0, at + n <= bytes.count else { return false }
        at += n
        return true
    }

    mutating func byte() -> UInt8? {
        guard at < bytes.count else { return nil }
        defer { at += 1 }
        return bytes[at]
    }

    mutating func magic() -> Bool {
        guard at + 4 <= bytes.count, Array(bytes[at..<at + 4]) == Array("TZif".utf8) else { return false }
        at += 4
        return true
    }

    mutating func integer(_ size: Int) -> Int64? {
        guard at + size <= bytes.count else { return nil }
        var v: UInt64 = 0
        for i in 0..<size { v = v << 8 | UInt64(bytes[at + i]) }
        at += size
        // Sign-extend the 32-bit fields.
        return size == 4 ? Int64(Int32(bitPattern: UInt32(v))) : Int64(bitPattern: v)
    }

    mutating func header() -> Header? {
        var counts: [Int] = []
        for _ in 0..<6 {
            guard let v = integer(4), (0...100_000).contains(v) else { return nil }
            counts.append(Int(v))
        }
        return Header(isutcnt: counts[0], isstdcnt: counts[1], leapcnt: counts[2], timecnt: counts[3], typecnt: counts[4], charcnt: counts[5])
    }

    mutating func body(_ h: Header, timeSize: Int) -> (transitions: [Int64], offsets: [Int32], initial: Int32)? {
        guard h.typecnt >= 1, at + h.bodySize(timeSize: timeSize) <= bytes.count else { return nil }
        var times: [Int64] = []
        for _ in 0..<h.timecnt { guard let t = integer(timeSize) else { return nil }; times.append(t) }
        var indices: [Int] = []
        for _ in 0..<h.timecnt { guard let i = byte(), Int(i) < h.typecnt else { return nil }; indices.append(Int(i)) }
        var typeOffsets: [Int32] = []
        for _ in 0..<h.typecnt {
            guard let utoff = integer(4), skip(2) else { return nil }
            typeOffsets.append(Int32(clamping: utoff))
        }
        guard skip(h.charcnt + h.leapcnt * (timeSize + 4) + h.isstdcnt + h.isutcnt) else { return nil }
        return (times, indices.map { typeOffsets[$0] }, typeOffsets[0])
    }

    mutating func footer() -> String? {
        guard byte() == 0x0A, let end = bytes[at...].firstIndex(of: 0x0A) else { return nil }
        return String(decoding: bytes[at..<end], as: UTF8.self)
    }
}

extension ZoneInfo {
    public enum ParseError: Error, CustomStringConvertible {
        case unknown(String)
        public var description: String {
            if case .unknown(let name) = self {
                return "unknown time zone \"\(name.prefix(60))\": give an IANA name (Europe/Berlin, America/New_York), UTC or an offset like +03:00 or -05:30"
            }
            return ""
        }
    }

    /// `UTC`, an offset (`+03:00`, `-0530`, `+3`) or an IANA name from /usr/share/zoneinfo.
    public static func named(_ name: String, directory: String = "/usr/share/zoneinfo") throws -> ZoneInfo {
        if name == "UTC" || name == "GMT" || name == "Z" { return .fixed(seconds: 0) }
        if let seconds = offsetSeconds(name) { return .fixed(seconds: seconds) }
        let parts = name.split(separator: "/", omittingEmptySubsequences: false)
        guard !name.isEmpty, !name.hasPrefix("/"), !parts.contains(".."), !parts.contains(""),
              name.utf8.allSatisfy({ $0 > 32 && $0 < 127 }),
              let bytes = readSmallFile(directory + "/" + name), let zone = ZoneInfo(tzif: bytes) else {
            throw ParseError.unknown(name)
        }
        return zone
    }

    /// "+HH:MM", "+HHMM", "+HH" or "+H": seconds east of UTC, at most 15 hours either way.
    static func offsetSeconds(_ text: String) -> Int32? {
        guard let sign = text.first, sign == "+" || sign == "-" else { return nil }
        var rest = Array(text.utf8.dropFirst())
        if rest.count == 5, rest[2] == UInt8(ascii: ":") { rest.remove(at: 2) }
        guard (1...4).contains(rest.count), rest.count != 3, rest.allSatisfy({ $0 >= 48 && $0 <= 57 }) else { return nil }
        let value = rest.reduce(0) { $0 * 10 + Int($1 - 48) }
        let (hours, minutes) = rest.count == 4 ? (value / 100, value % 100) : (value, 0)
        guard hours <= 15, minutes < 60 else { return nil }
        let seconds = Int32(hours * 3600 + minutes * 60)
        return sign == "-" ? -seconds : seconds
    }

    /// The machine's zone: `TZ` when set to a name, else what /etc/localtime links to; UTC when
    /// neither says.
    public static func local() -> (name: String, zone: ZoneInfo) {
        if let tz = getenv("TZ").map({ String(cString: $0) }), !tz.isEmpty {
            let name = tz.hasPrefix(":") ? String(tz.dropFirst()) : tz
            if let zone = try? named(name) { return (name, zone) }
        }
        var buffer = [CChar](repeating: 0, count: 4096)
        let n = readlink("/etc/localtime", &buffer, buffer.count - 1)
        if n > 0 {
            let target = String(decoding: buffer[..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self)
            let parts = target.split(separator: "/").map(String.init)
            if let at = parts.lastIndex(of: "zoneinfo"), at + 1 < parts.count {
                let name = parts[(at + 1)...].joined(separator: "/")
                if let zone = try? named(name) { return (name, zone) }
            }
        }
        if let bytes = readSmallFile("/etc/localtime"), let zone = ZoneInfo(tzif: bytes) { return ("localtime", zone) }
        return ("UTC", .fixed(seconds: 0))
    }

    private static func readSmallFile(_ path: String) -> [UInt8]? {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while bytes.count <= 1 << 20 {
            let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if n < 0 && errno == EINTR { continue }
            if n <= 0 { break }
            bytes += chunk[..<n]
        }
        return bytes.count > 1 << 20 ? nil : bytes
    }
}

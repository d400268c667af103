/// Finds an object that repeats a key in JSON text, written independently of the container's
/// own StrictJSON so each checks the other. Parsers disagree on which of two equal keys wins, so
/// a file that names a key twice means different things to different readers; the readers refuse
/// such files, and the targets check that no file the readers accept has one.
///
/// Keys compare as Swift strings after unescaping (canonical equivalence, as JSONDecoder's
/// keyed containers compare them); a lone surrogate escape counts as U+FFFD, as the decoder reads it.
public enum JSONDuplicateKeys {
    /// The first repeated key, or nil when there is none or the text is not JSON this scanner
    /// follows (it is only asked about text a decoder has already accepted).
    public static func first(in bytes: [UInt8]) -> String? {
        var scanner = Scanner(bytes: bytes)
        return try? scanner.run()
    }

    private struct Stop: Error {}

    private struct Scanner {
        let bytes: [UInt8]
        var i = 0
        var found: String?

        init(bytes: [UInt8]) { self.bytes = bytes }

        mutating func run() throws -> String? {
            if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { i = 3 }
            try value(depth: 0)
            return found
        }

        mutating func space() {
            while i < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[i]) { i += 1 }
        }

        mutating func value(depth: Int) throws {
            guard depth < 1024, found == nil else { throw Stop() }
            space()
            guard i < bytes.count else { throw Stop() }
            switch bytes[i] {
            case UInt8(ascii: "{"):
                i += 1
                var keys: Set<String> = []
                space()
                if i < bytes.count, bytes[i] == UInt8(ascii: "}") { i += 1; return }
                while true {
                    space()
                    let key = try string()
                    if !keys.insert(key).inserted { found = key; throw Stop() }
                    space()
                    guard i < bytes.count, bytes[i] == UInt8(ascii: ":") else { throw Stop() }
                    i += 1
                    try value(depth: depth + 1)
                    space()
                    guard i < bytes.count else { throw Stop() }
                    if bytes[i] == UInt8(ascii: "}") { i += 1; return }
                    guard bytes[i] == UInt8(ascii: ",") else { throw Stop() }
                    i += 1
                }
            case UInt8(ascii: "["):
                i += 1
                space()
                if i < bytes.count, bytes[i] == UInt8(ascii: "]") { i += 1; return }
                while true {
                    try value(depth: depth + 1)
                    space()
                    guard i < bytes.count else { throw Stop() }
                    if bytes[i] == UInt8(ascii: "]") { i += 1; return }
                    guard bytes[i] == UInt8(ascii: ",") else { throw Stop() }
                    i += 1
                }
            case UInt8(ascii: "\""):
                _ = try string()
            default:
                // A number or literal: everything up to the next structural character.
                while i < bytes.count, !Array(",]} \t\r\n".utf8).contains(bytes[i]) { i += 1 }
            }
        }

        /// A string at the opening quote, unescaped into UTF-16 code units, then decoded.
        mutating func string() throws -> String {
            guard i < bytes.count, bytes[i] == UInt8(ascii: "\"") else { throw Stop() }
            i += 1
            var units: [UInt16] = []
            var raw: [UInt8] = []
            func flush() { units += String(decoding: raw, as: UTF8.self).utf16; raw = [] }
            while i < bytes.count {
                let byte = bytes[i]
                i += 1
                if byte == UInt8(ascii: "\"") {
                    flush()
                    return Self.decode(units)
                }
                guard byte == UInt8(ascii: "\\") else { raw.append(byte); continue }
                flush()
                guard i < bytes.count else { throw Stop() }
                let escape = bytes[i]
                i += 1
                switch escape {
                case UInt8(ascii: "b"): units.append(0x08)
                case UInt8(ascii: "f"): units.append(0x0C)
                case UInt8(ascii: "n"): units.append(0x0A)
                case UInt8(ascii: "r"): units.append(0x0D)
                case UInt8(ascii: "t"): units.append(0x09)
                case UInt8(ascii: "u"):
                    guard i + 4 <= bytes.count, let unit = UInt16(String(decoding: bytes[i..<(i + 4)], as: UTF8.self), radix: 16) else { throw Stop() }
                    units.append(unit)
                    i += 4
                default: units.append(UInt16(escape))
                }
            }
            throw Stop()
        }

        /// UTF-16 to a string, each unpaired surrogate as U+FFFD.
        static func decode(_ units: [UInt16]) -> String {
            var text = ""
            var iterator = units.makeIterator()
            var decoder = UTF16()
            loop: while true {
                switch decoder.decode(&iterator) {
                case .scalarValue(let scalar): text.unicodeScalars.append(scalar)
                case .error: text.unicodeScalars.append("\u{FFFD}")
                case .emptyInput: break loop
                }
            }
            return text
        }
    }
}

import FoundationEssentials

/// JSON as every process reads it from the container or from outside: duplicate object keys are
/// an error. Parsers disagree on `{"a":false,"a":true}` (JSONDecoder keeps the first, most others
/// the last), so a file that means one thing to one reader and another to the next is refused
/// outright, by every reader, whatever the file (container-layout.md, "JSON read across processes").
public enum StrictJSON {
    public struct Rejected: Error, CustomStringConvertible, Equatable {
        /// Byte offset of the problem in the input.
        public let offset: Int
        public let reason: String
        public var description: String { "not valid JSON: \(reason) at byte \(offset)" }
    }

    /// Nesting deeper than this is refused before any decoder recurses into it.
    public static let maximumDepth = 512

    /// Decodes with JSONDecoder after checking the text is one well-formed JSON value in which no
    /// object repeats a key (keys compared after unescaping, as the decoder compares them).
    public static func decode<T: Decodable>(_ type: T.Type, from bytes: [UInt8]) throws -> T {
        try validate(bytes)
        return try JSONDecoder().decode(type, from: Data(bytes))
    }

    /// Throws `Rejected` for malformed JSON, nesting beyond `maximumDepth`, or a repeated key.
    public static func validate(_ bytes: [UInt8]) throws {
        try bytes.withUnsafeBufferPointer { buffer in
            var scanner = Scanner(bytes: buffer)
            try scanner.document()
        }
    }

    /// One pass, no recursion (a hostile file cannot exhaust the stack): a stack of open
    /// containers, each object with the set of keys it has seen.
    private struct Scanner {
        let bytes: UnsafeBufferPointer<UInt8>
        var index = 0

        init(bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

        enum Frame {
            case array
            case object(Set<String>)
        }

        func fail(_ reason: String, at offset: Int? = nil) -> Rejected {
            Rejected(offset: offset ?? index, reason: reason)
        }

        mutating func skipWhitespace() {
            while index < bytes.count {
                switch bytes[index] {
                case 0x20, 0x09, 0x0A, 0x0D: index += 1
                default: return
                }
            }
        }

        mutating func expect(_ byte: UInt8, _ what: String) throws {
            skipWhitespace()
            guard index < bytes.count, bytes[index] == byte else { throw fail("expected \(what)") }
            index += 1
        }

        mutating func document() throws {
            // A UTF-8 byte order mark is tolerated, as JSONDecoder tolerates it.
            if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { index = 3 }
            var stack: [Frame] = []
            try value(&stack)
            while !stack.isEmpty {
                skipWhitespace()
                guard index < bytes.count else { throw fail("unexpected end of input") }
                let byte = bytes[index]
                switch stack[stack.count - 1] {
                case .array:
                    if byte == 0x5D { index += 1; stack.removeLast(); continue }
                    guard byte == 0x2C else { throw fail("expected ',' or ']'") }
                    index += 1
                    try value(&stack)
                case .object:
                    if byte == 0x7D { index += 1; stack.removeLast(); continue }
                    guard byte == 0x2C else { throw fail("expected ',' or '}'") }
                    index += 1
                    try member(&stack)
                }
            }
            skipWhitespace()
            guard index == bytes.count else { throw fail("trailing characters after the JSON value") }
        }

        /// A key and its value inside the object on top of the stack.
        mutating func member(_ stack: inout [Frame]) throws {
            skipWhitespace()
            let keyOffset = index
            guard index < bytes.count, bytes[index] == 0x22 else { throw fail("expected a string key") }
            let key = try string()
            guard case .object(var keys) = stack[stack.count - 1] else { throw fail("internal: not in an object") }
            // Take the set out of the stack while inserting so it is not copied.
            stack[stack.count - 1] = .array
            let (inserted, _) = keys.insert(key)
            stack[stack.count - 1] = .object(keys)
            guard inserted else { throw fail("duplicate key \(TerminalText.quoted(key))", at: keyOffset) }
            try expect(0x3A, "':'")
            try value(&stack)
        }

        /// One value; an opened array or object is pushed and finished by `document`'s loop.
        mutating func value(_ stack: inout [Frame]) throws {
            skipWhitespace()
            guard index < bytes.count else { throw fail("unexpected end of input") }
            switch bytes[index] {
            case 0x7B: // {
                index += 1
                try push(.object([]), &stack)
                skipWhitespace()
                if index < bytes.count, bytes[index] == 0x7D { index += 1; stack.removeLast(); return }
                try member(&stack)
            case 0x5B: // [
                index += 1
                try push(.array, &stack)
                skipWhitespace()
                if index < bytes.count, bytes[index] == 0x5D { index += 1; stack.removeLast(); return }
                try value(&stack)
            case 0x22:
                _ = try string()
            case 0x74: try literal("true")
            case 0x66: try literal("false")
            case 0x6E: try literal("null")
            case 0x2D, 0x30 ... 0x39: try number()
            default: throw fail("unexpected character")
            }
        }

        mutating func push(_ frame: Frame, _ stack: inout [Frame]) throws {
            guard stack.count < StrictJSON.maximumDepth else { throw fail("nested deeper than \(StrictJSON.maximumDepth)") }
            stack.append(frame)
        }

        mutating func literal(_ word: StaticString) throws {
            let start = index
            let count = word.utf8CodeUnitCount
            guard bytes.count - index >= count else { throw fail("unexpected end of input") }
            for k in 0..<count where bytes[index + k] != word.utf8Start[k] { throw fail("invalid literal", at: start) }
            index += count
        }

        mutating func number() throws {
            let start = index
            if bytes[index] == 0x2D { index += 1 }
            func digits(_ s: inout Scanner) -> Int {
                let from = s.index
                while s.index < s.bytes.count, (0x30 ... 0x39).contains(s.bytes[s.index]) { s.index += 1 }
                return s.index - from
            }
            guard index < bytes.count else { throw fail("invalid number", at: start) }
            if bytes[index] == 0x30 {
                index += 1
            } else if digits(&self) == 0 {
                throw fail("invalid number", at: start)
            }
            if index < bytes.count, bytes[index] == 0x2E {
                index += 1
                guard digits(&self) > 0 else { throw fail("invalid number", at: start) }
            }
            if index < bytes.count, bytes[index] == 0x65 || bytes[index] == 0x45 {
                index += 1
                if index < bytes.count, bytes[index] == 0x2B || bytes[index] == 0x2D { index += 1 }
                guard digits(&self) > 0 else { throw fail("invalid number", at: start) }
            }
        }

        /// A string starting at the opening quote, unescaped. Raw control characters and invalid
        /// UTF-8 are errors, as the JSON grammar says.
        mutating func string() throws -> String {
            let start = index
            index += 1
            var scalars = String.UnicodeScalarView()
            let runStart = index
            var plain = true
            while true {
                guard index < bytes.count else { throw fail("unterminated string", at: start) }
                let byte = bytes[index]
                if byte == 0x22 { break }
                if byte < 0x20 { throw fail("control character in a string") }
                if byte == 0x5C {
                    if plain {
                        scalars.append(contentsOf: try utf8(runStart, index).unicodeScalars)
                        plain = false
                    }
                    index += 1
                    try escape(&scalars)
                    continue
                }
                if byte >= 0x80 {
                    let from = index
                    index += 1
                    while index < bytes.count, bytes[index] & 0xC0 == 0x80 { index += 1 }
                    if !plain { scalars.append(contentsOf: try utf8(from, index).unicodeScalars) }
                    continue
                }
                if !plain { scalars.append(Unicode.Scalar(byte)) }
                index += 1
            }
            let text: String = plain ? try utf8(runStart, index) : String(scalars)
            index += 1
            return text
        }

        func utf8(_ from: Int, _ to: Int) throws -> String {
            let slice = UnsafeBufferPointer(rebasing: bytes[from..<to])
            guard let text = String(validating: slice, as: UTF8.self) else { throw fail("invalid UTF-8", at: from) }
            return text
        }

        mutating func escape(_ scalars: inout String.UnicodeScalarView) throws {
            guard index < bytes.count else { throw fail("unterminated escape") }
            let byte = bytes[index]
            index += 1
            switch byte {
            case 0x22: scalars.append("\"")
            case 0x5C: scalars.append("\\")
            case 0x2F: scalars.append("/")
            case 0x62: scalars.append("\u{08}")
            case 0x66: scalars.append("\u{0C}")
            case 0x6E: scalars.append("\n")
            case 0x72: scalars.append("\r")
            case 0x74: scalars.append("\t")
            case 0x75:
                let unit = try hex4()
                if (0xD800 ... 0xDBFF).contains(unit), bytes.count - index >= 6, bytes[index] == 0x5C, bytes[index + 1] == 0x75 {
                    let save = index
                    index += 2
                    let low = try hex4()
                    if (0xDC00 ... 0xDFFF).contains(low) {
                        let value = 0x10000 + ((UInt32(unit) - 0xD800) << 10) + (UInt32(low) - 0xDC00)
                        scalars.append(Unicode.Scalar(value)!)
                        return
                    }
                    index = save
                }
                // A lone surrogate cannot be a scalar; it stands as U+FFFD, as the decoder's does.
                scalars.append(Unicode.Scalar(UInt32(unit)) ?? "\u{FFFD}")
            default:
                throw fail("invalid escape", at: index - 2)
            }
        }

        mutating func hex4() throws -> UInt16 {
            guard bytes.count - index >= 4 else { throw fail("invalid \\u escape") }
            var value: UInt16 = 0
            for _ in 0..<4 {
                let byte = bytes[index]
                let digit: UInt8
                switch byte {
                case 0x30 ... 0x39: digit = byte - 0x30
                case 0x41 ... 0x46: digit = byte - 0x41 + 10
                case 0x61 ... 0x66: digit = byte - 0x61 + 10
                default: throw fail("invalid \\u escape")
                }
                value = value << 4 | UInt16(digit)
                index += 1
            }
            return value
        }
    }
}

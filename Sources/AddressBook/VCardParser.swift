import Container
import FoundationEssentials
import Storage
#if canImport(Glibc)
import Glibc
#endif

/// vCard 2.1, 3.0 and 4.0 (RFC 2426, RFC 6350) as far as names and numbers go: FN, else N;
/// every TEL, as text or as a tel: URI; UID, the card's identity a later import merges by.
/// Folded lines are joined; escapes are undone.
enum VCardParser {
    private struct Card {
        let line: Int
        var fullName = ""
        var structuredName = ""
        var phones: [String] = []
        var uid: String?
        var name: String { fullName.allSatisfy(\.isWhitespace) ? structuredName : fullName }
    }

    static func parse(_ text: String) throws -> AddressBookFile.Parsed {
        typealias Invalid = AddressBookFile.Invalid
        var collector = AddressBookFile.Collector()
        var card: Card?
        for (number, line) in unfoldedLines(text) where !line.allSatisfy(\.isWhitespace) {
            guard let (name, value) = property(line) else {
                throw Invalid("line \(number): not a vCard property (NAME:value)")
            }
            switch name {
            case "BEGIN":
                guard value.trimmingWhitespace().uppercased() == "VCARD" else { throw Invalid("line \(number): BEGIN of something other than VCARD") }
                if let open = card { throw Invalid("line \(number): BEGIN:VCARD inside the card begun at line \(open.line) (END:VCARD missing)") }
                card = Card(line: number)
            case "END":
                guard let open = card else { throw Invalid("line \(number): END:VCARD without BEGIN:VCARD") }
                try collector.add(name: open.name, phones: open.phones, uid: open.uid, line: open.line)
                card = nil
            default:
                guard card != nil else { throw Invalid("line \(number): text outside BEGIN:VCARD … END:VCARD") }
                switch name {
                case "VERSION":
                    let version = value.trimmingWhitespace()
                    guard ["2.1", "3.0", "4.0"].contains(version) else { throw Invalid("line \(number): vCard version \(version) is not supported (3.0 and 4.0 are)") }
                case "FN": card?.fullName = unescape(value[...])
                case "N": card?.structuredName = structuredName(value)
                case "TEL": card?.phones.append(telephone(value))
                case "UID":
                    let uid = unescape(value[...]).trimmingWhitespace()
                    card?.uid = uid.isEmpty ? nil : uid
                default: break
                }
            }
        }
        if let open = card { throw Invalid("line \(open.line): BEGIN:VCARD without END:VCARD") }
        return AddressBookFile.Parsed(format: .vcard, contacts: collector.contacts, skipped: collector.skipped)
    }

    // The syntax below is found in Unicode scalars, never Characters: a value that starts with a
    // combining mark or a joiner would otherwise join the `:`, `;` or folding space before it into
    // one Character and hide it (Fuzz/'s vcard target found a whole file refused that way).

    /// Physical lines joined where a line starts with a space or tab (folding), each with the
    /// number of its first physical line. Lines end at CRLF, LF or CR.
    static func unfoldedLines(_ text: String) -> [(Int, String)] {
        var lines: [(Int, String)] = []
        var number = 0
        func add(_ raw: Substring.UnicodeScalarView) {
            number += 1
            if let first = raw.first, first == " " || first == "\t", !lines.isEmpty {
                lines[lines.count - 1].1.unicodeScalars.append(contentsOf: raw.dropFirst())
            } else {
                lines.append((number, String(String.UnicodeScalarView(raw))))
            }
        }
        let scalars = Substring(text).unicodeScalars
        var start = scalars.startIndex
        var index = start
        while index < scalars.endIndex {
            let scalar = scalars[index]
            guard scalar == "\n" || scalar == "\r" else { index = scalars.index(after: index); continue }
            add(scalars[start..<index])
            index = scalars.index(after: index)
            if scalar == "\r", index < scalars.endIndex, scalars[index] == "\n" { index = scalars.index(after: index) }
            start = index
        }
        add(scalars[start...])
        return lines
    }

    /// `[group.]NAME[;param=…]:value` → (NAME upper-cased, value). A colon inside a quoted
    /// parameter value does not end the name.
    static func property(_ line: String) -> (String, String)? {
        let scalars = Substring(line).unicodeScalars
        var inQuotes = false
        guard let colon = scalars.firstIndex(where: { c in
            if c == "\"" { inQuotes.toggle() }
            return c == ":" && !inQuotes
        }) else { return nil }
        let head = scalars[..<colon]
        var name = head[..<(head.firstIndex(of: ";") ?? head.endIndex)]
        if let dot = name.lastIndex(of: ".") { name = name[name.index(after: dot)...] }
        guard !name.isEmpty, name.allSatisfy({ $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "-") }) else { return nil }
        return (String(String.UnicodeScalarView(name)).uppercased(), String(String.UnicodeScalarView(scalars[scalars.index(after: colon)...])))
    }

    /// N is family;given;additional;prefixes;suffixes; a name reads given additional family.
    static func structuredName(_ value: String) -> String {
        let parts = split(value[...], on: ";").map { split($0, on: ",").map(unescape).joined(separator: " ") }
        func part(_ i: Int) -> String { i < parts.count ? parts[i] : "" }
        return [part(1), part(2), part(0)].filter { !$0.allSatisfy(\.isWhitespace) }.joined(separator: " ")
    }

    /// A number as text (`+1 555 0100`) or as a vCard 4 URI (`tel:+1-555-0100;ext=2`).
    static func telephone(_ value: String) -> String {
        let trimmed = value.trimmingWhitespace()
        let scalars = Substring(trimmed).unicodeScalars
        guard scalars.count >= 4, String(String.UnicodeScalarView(scalars.prefix(4))).lowercased() == "tel:" else { return unescape(trimmed[...]) }
        return String(String.UnicodeScalarView(scalars.dropFirst(4).prefix { $0 != ";" }))
    }

    /// Splits at separators not escaped with a backslash; escapes stay for `unescape`.
    static func split(_ value: Substring, on separator: Unicode.Scalar) -> [Substring] {
        var parts: [Substring] = []
        let scalars = value.unicodeScalars
        var start = scalars.startIndex
        var escaped = false
        for index in scalars.indices {
            if escaped { escaped = false; continue }
            if scalars[index] == "\\" { escaped = true } else if scalars[index] == separator {
                parts.append(Substring(scalars[start..<index]))
                start = scalars.index(after: index)
            }
        }
        parts.append(Substring(scalars[start...]))
        return parts
    }

    /// `\,` `\;` `\\` are the characters; `\n` is a line break, a space in a name.
    static func unescape(_ value: Substring) -> String {
        var out = String.UnicodeScalarView()
        var escaped = false
        for c in value.unicodeScalars {
            if escaped {
                out.append(c == "n" || c == "N" ? " " : c)
                escaped = false
            } else if c == "\\" {
                escaped = true
            } else {
                out.append(c)
            }
        }
        return String(out)
    }
}

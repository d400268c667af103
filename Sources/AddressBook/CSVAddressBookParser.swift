import Container
import FoundationEssentials
import Storage
#if canImport(Glibc)
import Glibc
#endif

/// CSV as address books export it (RFC 4180: quoted fields, "" for a quote, line breaks inside
/// quotes; the delimiter is the comma, semicolon or tab the header line uses). Columns are found
/// by their header names, as Google's, Outlook's and Apple's exports name them.
enum CSVAddressBookParser {
    struct Record: Equatable {
        let line: Int
        let fields: [String]
    }

    struct Columns: Equatable {
        var fullName: Int?
        var first: Int?
        var middle: Int?
        var last: Int?
        var phones: [Int] = []
    }

    static func parse(_ text: String) throws -> AddressBookFile.Parsed {
        typealias Invalid = AddressBookFile.Invalid
        let rows = try records(text, delimiter: delimiter(text)).filter { !$0.fields.allSatisfy { $0.allSatisfy(\.isWhitespace) } }
        guard let header = rows.first else { throw Invalid("the file is empty") }
        let columns = columns(header.fields)
        guard columns.fullName != nil || columns.first != nil || columns.last != nil else {
            throw Invalid("neither a vCard (no BEGIN:VCARD) nor a CSV address book: the first line names no name column (Name, or First Name / Last Name)")
        }
        guard !columns.phones.isEmpty else {
            throw Invalid("the CSV header names no phone column (a column with Phone, Mobile or Tel in its name)")
        }
        var collector = AddressBookFile.Collector()
        for row in rows.dropFirst() {
            if row.fields.count > header.fields.count, !row.fields[header.fields.count...].allSatisfy(\.isEmpty) {
                throw Invalid("line \(row.line): \(row.fields.count) fields, but the header has \(header.fields.count)")
            }
            func field(_ i: Int?) -> String { i.map { $0 < row.fields.count ? row.fields[$0] : "" } ?? "" }
            // Trimmed in scalars, as the collector spaces names (see AddressBookFile.singleSpaced).
            var name = AddressBookFile.singleSpaced(field(columns.fullName))
            if name.isEmpty { name = [field(columns.first), field(columns.middle), field(columns.last)].joined(separator: " ") }
            // One cell may hold several numbers (Google joins them with " ::: ").
            let phones = columns.phones.flatMap { field($0).replacing(":::", with: ";").split { $0 == ";" || $0 == "," || $0.isNewline }.map(String.init) }
            try collector.add(name: name, phones: phones, line: row.line)
        }
        return AddressBookFile.Parsed(format: .csv, contacts: collector.contacts, skipped: collector.skipped)
    }

    /// The header line's most frequent of comma, semicolon and tab (outside quotes); comma on a tie.
    static func delimiter(_ text: String) -> Unicode.Scalar {
        var counts: [Unicode.Scalar: Int] = [",": 0, ";": 0, "\t": 0]
        var inQuotes = false
        for c in text.unicodeScalars {
            if c == "\"" { inQuotes.toggle() }
            if !inQuotes && (c == "\n" || c == "\r") { break }
            if !inQuotes, counts[c] != nil { counts[c]! += 1 }
        }
        return [";", "\t"].reduce(",") { best, c in counts[c]! > counts[best]! ? c : best }
    }

    static func records(_ text: String, delimiter: Unicode.Scalar) throws -> [Record] {
        let scalars = text.unicodeScalars
        var records: [Record] = []
        var fields: [String] = []
        var field = String.UnicodeScalarView()
        var inQuotes = false, afterQuote = false
        var line = 1, recordLine = 1
        func endField() {
            fields.append(String(field))
            field = String.UnicodeScalarView()
            afterQuote = false
        }
        var i = scalars.startIndex
        while i < scalars.endIndex {
            let c = scalars[i]
            let next = scalars.index(after: i)
            let peek = next < scalars.endIndex ? scalars[next] : nil
            i = next
            if inQuotes {
                if c == "\"" {
                    if peek == "\"" { field.append("\""); i = scalars.index(after: i) } else { inQuotes = false; afterQuote = true }
                } else {
                    if c == "\n" { line += 1 }
                    field.append(c)
                }
            } else if c == "\"" && field.isEmpty && !afterQuote {
                inQuotes = true
            } else if c == delimiter {
                endField()
            } else if c == "\n" || c == "\r" {
                if c == "\r" && peek == "\n" { i = scalars.index(after: i) }
                endField()
                records.append(Record(line: recordLine, fields: fields))
                fields = []
                line += 1
                recordLine = line
            } else if afterQuote {
                guard c == " " || c == "\t" else {
                    throw AddressBookFile.Invalid("line \(line): text after a closing quote (a quote inside a quoted field is written \"\")")
                }
            } else {
                field.append(c)
            }
        }
        if inQuotes { throw AddressBookFile.Invalid("line \(recordLine): a quoted field is not closed") }
        if !field.isEmpty || !fields.isEmpty || afterQuote {
            endField()
            records.append(Record(line: recordLine, fields: fields))
        }
        return records
    }

    static func columns(_ header: [String]) -> Columns {
        var columns = Columns()
        for (index, title) in header.enumerated() {
            let words = title.lowercased().split { !($0.isLetter || $0.isNumber) }.map(String.init)
            let key = words.joined(separator: " ")
            if ["name", "full name", "display name", "fn", "contact name", "formatted name"].contains(key) {
                columns.fullName = columns.fullName ?? index
            } else if ["first name", "given name", "first", "given", "firstname", "givenname"].contains(key) {
                columns.first = columns.first ?? index
            } else if ["middle name", "additional name", "middle"].contains(key) {
                columns.middle = columns.middle ?? index
            } else if ["last name", "family name", "surname", "last", "family", "lastname", "familyname"].contains(key) {
                columns.last = columns.last ?? index
            } else if words.contains(where: { ["phone", "phones", "mobile", "tel", "telephone", "cell", "cellphone", "mobilephone", "phonenumber"].contains($0) }),
                      !words.contains("type"), !words.contains("label") {
                columns.phones.append(index)
            }
        }
        return columns
    }
}

import Container
import FoundationEssentials
import Storage
#if canImport(Glibc)
import Glibc
#endif

/// An address book file: vCard or CSV, told apart by its content rather than its name (files
/// arrive from many exporters under many names).
public enum AddressBookFile {
    public static let sizeLimit = 4 << 20
    public static let contactLimit = 20_000
    public static let phonesPerContactLimit = 64

    public enum Format: String, Sendable { case vcard, csv }

    public struct Parsed: Equatable {
        public let format: Format
        public let contacts: [DeviceContact]
        public let skipped: Int
    }

    /// What is wrong with the file, with a line number where there is one. Never quotes the
    /// file's content: errors go to logs and terminals.
    public struct Invalid: Error, CustomStringConvertible, Equatable {
        public let description: String
        public init(_ description: String) { self.description = description }
    }

    public static func parse(_ bytes: [UInt8]) throws -> Parsed {
        guard !bytes.isEmpty else { throw Invalid("the file is empty") }
        if bytes.starts(with: [0xff, 0xfe]) || bytes.starts(with: [0xfe, 0xff]) {
            throw Invalid("UTF-16 text; export the address book as UTF-8")
        }
        guard !bytes.contains(0) else { throw Invalid("binary data, not a vCard or CSV text file") }
        let body = bytes.starts(with: [0xef, 0xbb, 0xbf]) ? bytes.dropFirst(3) : bytes[...]
        guard let text = String(validating: body, as: UTF8.self) else { throw Invalid("not UTF-8 text") }
        let firstLine = text.split(whereSeparator: \.isNewline).first { !$0.allSatisfy(\.isWhitespace) } ?? ""
        if String(firstLine).trimmingWhitespace().uppercased().hasPrefix("BEGIN:VCARD") {
            return try VCardParser.parse(text)
        }
        return try CSVAddressBookParser.parse(text)
    }

    /// Trimmed, with every run of whitespace one space. In Unicode scalars: a space followed by a
    /// combining mark is one Character that counts as whitespace, and splitting Characters dropped
    /// the mark with it (so a name imported twice came out different).
    public static func singleSpaced(_ text: String) -> String {
        var out = String.UnicodeScalarView()
        var pendingSpace = false
        for scalar in text.unicodeScalars {
            if scalar.properties.isWhitespace {
                pendingSpace = !out.isEmpty
            } else {
                if pendingSpace { out.append(" ") }
                pendingSpace = false
                out.append(scalar)
            }
        }
        return String(out)
    }

    /// Builds the contacts and keeps count, under the limits.
    struct Collector {
        private(set) var contacts: [DeviceContact] = []
        private(set) var skipped = 0

        mutating func add(name: String, phones raw: [String], uid: String? = nil, line: Int) throws {
            var phones: [String] = []
            for number in raw {
                let digits = PhoneNumber.digits(number)
                if !digits.isEmpty && !phones.contains(digits) { phones.append(digits) }
            }
            let name = AddressBookFile.singleSpaced(name)
            if name.isEmpty && phones.isEmpty {
                skipped += 1
                return
            }
            guard phones.count <= AddressBookFile.phonesPerContactLimit else {
                throw Invalid("line \(line): more than \(AddressBookFile.phonesPerContactLimit) phone numbers in one contact")
            }
            guard contacts.count < AddressBookFile.contactLimit else {
                throw Invalid("more than \(AddressBookFile.contactLimit) contacts")
            }
            contacts.append(DeviceContact(name: name, phones: phones, uid: uid))
        }
    }
}

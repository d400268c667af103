import AddressBook
import FuzzSupport
import Storage

/// What `main contacts import` must make of any address book file, vCard or CSV
/// (`AddressBookFile.parse`, the function the command runs on the file's bytes):
/// - every contact has a name or a number; names are trimmed, single-spaced, one line (judged
///   in Unicode scalars, as a space and a combining mark are one Character); numbers
///   are ASCII digits, none repeated in a contact, at most the per-contact limit;
/// - what was imported is what the file says: the contacts, written back as a vCard and as a
///   CSV file the way exporters write them, parse to the same contacts (import is stable).
public enum AddressBookChecks {
    public static func check(_ input: [UInt8]) {
        guard let parsed = try? AddressBookFile.parse(input) else { return }
        invariant(parsed.contacts.count <= AddressBookFile.contactLimit, "more contacts than the limit")
        for contact in parsed.contacts {
            invariant(!contact.name.isEmpty || !contact.phones.isEmpty, "a contact with neither name nor number")
            invariant(isSingleSpaced(contact.name), "the name \"\(describe(Array(contact.name.utf8)))\" is not trimmed and single-spaced")
            invariant(contact.phones.count <= AddressBookFile.phonesPerContactLimit, "more numbers than the limit")
            invariant(Set(contact.phones).count == contact.phones.count, "a number repeated in one contact")
            invariant(contact.phones.allSatisfy { !$0.isEmpty && $0.utf8.allSatisfy { (0x30...0x39).contains($0) } }, "a number that is not ASCII digits: \(contact.phones)")
        }
        guard !parsed.contacts.isEmpty else { return }
        for (format, text) in [(AddressBookFile.Format.vcard, vCard(parsed.contacts)), (.csv, csv(parsed.contacts))] {
            let again: AddressBookFile.Parsed
            do { again = try AddressBookFile.parse(Array(text.utf8)) } catch {
                violated("the imported contacts written as \(format) do not parse (\(error)): \(describe(Array(text.utf8)))\n  from \(describe(input))")
            }
            invariant(again.format == format && again.contacts == parsed.contacts,
                      "the imported contacts written as \(format) parse differently: \(parsed.contacts) became \(again.contacts)\n  written \(describe(Array(text.utf8)))\n  from \(describe(input))")
        }
    }

    /// In Unicode scalars (the text is one line): no whitespace but single spaces between words.
    static func isSingleSpaced(_ name: String) -> Bool {
        let scalars = Array(name.unicodeScalars)
        for (index, scalar) in scalars.enumerated() where scalar.properties.isWhitespace {
            guard scalar == " ", index > 0, index < scalars.count - 1, scalars[index + 1] != " " else { return false }
        }
        return true
    }

    /// vCard 3.0 as address books export it: FN with `\\`, `,` and `;` escaped, one TEL per number.
    static func vCard(_ contacts: [DeviceContact]) -> String {
        contacts.map { contact in
            var card = "BEGIN:VCARD\r\nVERSION:3.0\r\n"
            var name = String.UnicodeScalarView()
            for c in contact.name.unicodeScalars {
                if c == "\\" || c == "," || c == ";" { name.append("\\") }
                name.append(c)
            }
            card += "FN:\(String(name))\r\n"
            for phone in contact.phones { card += "TEL;TYPE=CELL:\(phone)\r\n" }
            return card + "END:VCARD\r\n"
        }.joined()
    }

    /// CSV as Google exports it: a header, quoted names ("" for a quote), numbers joined by " ::: ".
    static func csv(_ contacts: [DeviceContact]) -> String {
        "Name,Phone 1 - Value\r\n" + contacts.map { contact in
            var name = String.UnicodeScalarView()
            for c in contact.name.unicodeScalars {
                if c == "\"" { name.append("\"") }
                name.append(c)
            }
            return "\"" + String(name) + "\",\"" + contact.phones.joined(separator: " ::: ") + "\"\r\n"
        }.joined()
    }
}

@testable import AddressBook
import Foundation
import Testing
import Storage

/// `main contacts import`: vCard and CSV address books, told apart by content, with clear errors.
@Suite("Address book files (vCard, CSV)")
struct IntentsContactsParsingTests {
    private func parse(_ text: String) throws -> AddressBookFile.Parsed {
        try AddressBookFile.parse(Array(text.utf8))
    }

    private func error(_ text: String) -> String? {
        error(Array(text.utf8))
    }

    private func error(_ bytes: [UInt8]) -> String? {
        do {
            _ = try AddressBookFile.parse(bytes)
            return nil
        } catch let invalid as AddressBookFile.Invalid {
            return invalid.description
        } catch {
            return "unexpected \(error)"
        }
    }

    // MARK: vCard

    @Test("vCard 3.0: FN wins over N, every TEL kept as digits, CRLF lines")
    func vcard3() throws {
        let parsed = try parse("BEGIN:VCARD\r\nVERSION:3.0\r\nN:Lovelace;Ada;;;\r\nFN:Ada King\r\nTEL;TYPE=CELL:+1 (555) 010-0001\r\nTEL;TYPE=HOME:555 0100 002\r\nEND:VCARD\r\n")
        #expect(parsed.format == .vcard)
        #expect(parsed.contacts == [DeviceContact(name: "Ada King", phones: ["15550100001", "5550100002"])])
        #expect(parsed.skipped == 0)
    }

    @Test("vCard 4.0: tel: URIs with parameters, grouped properties, N when there is no FN")
    func vcard4() throws {
        let parsed = try parse("""
        BEGIN:VCARD
        VERSION:4.0
        N:Hopper;Grace;Brewster;Rear Admiral;
        TEL;VALUE=uri;TYPE="voice,cell":tel:+1-555-010-0003;ext=7
        item1.TEL:+44 20 7946 0000
        END:VCARD
        """)
        #expect(parsed.contacts == [DeviceContact(name: "Grace Brewster Hopper", phones: ["15550100003", "442079460000"])])
    }

    @Test("Folded lines are joined, escapes undone, several cards read")
    func foldedAndEscaped() throws {
        let parsed = try parse("BEGIN:VCARD\nVERSION:3.0\nFN:Jean-Luc\n  Picard\\, Captain\nTEL:+33 1 23\n 45 67 89\nEND:VCARD\n\nBEGIN:VCARD\nVERSION:3.0\nFN:Mom\nTEL:5550100009\nEND:VCARD\n")
        #expect(parsed.contacts.map(\.name) == ["Jean-Luc Picard, Captain", "Mom"])
        #expect(parsed.contacts[0].phones == ["33123456789"])
    }

    @Test("A card with neither name nor number is skipped; duplicate numbers are kept once")
    func skippedAndDeduplicated() throws {
        let parsed = try parse("BEGIN:VCARD\nVERSION:3.0\nNOTE:nothing here\nEND:VCARD\nBEGIN:VCARD\nVERSION:3.0\nTEL:+1 555 0100 004\nTEL:1-555-0100-004\nEND:VCARD\n")
        #expect(parsed.skipped == 1)
        #expect(parsed.contacts == [DeviceContact(name: "", phones: ["15550100004"])])
    }

    @Test("A UTF-8 byte order mark and a lower-case begin are accepted")
    func bomAndCase() throws {
        let parsed = try AddressBookFile.parse([0xef, 0xbb, 0xbf] + Array("begin:vcard\nversion:3.0\nfn:Zoë\ntel:123456\nend:vcard\n".utf8))
        #expect(parsed.contacts == [DeviceContact(name: "Zoë", phones: ["123456"])])
    }

    @Test("Malformed vCards are refused with the line at fault",
          arguments: [
              ("BEGIN:VCARD\nVERSION:3.0\nFN:A\n", "line 1: BEGIN:VCARD without END:VCARD"),
              ("BEGIN:VCARD\nFN:A\nBEGIN:VCARD\nEND:VCARD\n", "line 3: BEGIN:VCARD inside the card begun at line 1"),
              ("BEGIN:VCARD\nFN:A\nEND:VCARD\nEND:VCARD\n", "line 4: END:VCARD without BEGIN:VCARD"),
              ("BEGIN:VCARD\nFN:A\nEND:VCARD\nFN:B\n", "line 4: text outside BEGIN:VCARD"),
              ("BEGIN:VCARD\nVERSION:5.0\nEND:VCARD\n", "line 2: vCard version 5.0 is not supported"),
              ("BEGIN:VCARD\nthis is not a property\nEND:VCARD\n", "line 2: not a vCard property"),
          ])
    func malformedVCard(text: String, expected: String) {
        let message = error(text)
        #expect(message?.hasPrefix(expected) == true, "got \(message ?? "no error")")
    }

    // MARK: CSV

    @Test("CSV with Name and several phone columns, quoted fields and a Google-style multi-number cell")
    func googleStyleCSV() throws {
        let parsed = try parse("""
        Name,Given Name,Phone 1 - Type,Phone 1 - Value,Phone 2 - Value
        "Lovelace, Ada",Ada,Mobile,"+1 555 010 0001 ::: +1 555 010 0002",
        Grace Hopper,Grace,Work,555-010-0003,"555 010 0004"
        """)
        #expect(parsed.format == .csv)
        #expect(parsed.contacts == [
            DeviceContact(name: "Lovelace, Ada", phones: ["15550100001", "15550100002"]),
            DeviceContact(name: "Grace Hopper", phones: ["5550100003", "5550100004"]),
        ])
    }

    @Test("CSV with First/Last name columns, semicolons, CRLF, a quoted line break and a doubled quote")
    func outlookStyleCSV() throws {
        let parsed = try parse("First Name;Middle Name;Last Name;Mobile Phone;Home Phone;Notes\r\nAlan;Mathison;Turing;\"+44 7700 900 001\";;\"line one\r\nline two\"\r\n\"Q\"\"uote\";;O'Brien;;555 0100 005;\r\n")
        #expect(parsed.contacts == [
            DeviceContact(name: "Alan Mathison Turing", phones: ["447700900001"]),
            DeviceContact(name: "Q\"uote O'Brien", phones: ["5550100005"]),
        ])
    }

    @Test("A line break in a phone cell separates numbers; a record's line is where it starts")
    func lineBreakInCell() throws {
        let parsed = try parse("Name,Phone\nAda,\"555 0100 001\n555 0100 002\"\n")
        #expect(parsed.contacts == [DeviceContact(name: "Ada", phones: ["5550100001", "5550100002"])])
        let message = error("Name,Phone\nAda,\"555\n556\"\nBob,\"1\" x\n")
        #expect(message?.hasPrefix("line 4: text after a closing quote") == true, "got \(message ?? "no error")")
    }

    @Test("Blank CSV rows are ignored, rows with neither name nor number counted as skipped, short rows padded")
    func blankAndShortRows() throws {
        let parsed = try parse("name,phone,email\n\nAda,5550100001,\n,,x@example.com\nBob\n")
        #expect(parsed.contacts == [DeviceContact(name: "Ada", phones: ["5550100001"]), DeviceContact(name: "Bob", phones: [])])
        #expect(parsed.skipped == 1)
    }

    @Test("Malformed CSVs are refused clearly",
          arguments: [
              ("Name,Phone\n\"Ada,5550100001\n", "line 2: a quoted field is not closed"),
              ("Name,Phone\n\"Ada\" King,5550100001\n", "line 2: text after a closing quote"),
              ("Name,Phone\nAda,555,extra\n", "line 2: 3 fields, but the header has 2"),
              ("Name,Email\nAda,ada@example.com\n", "the CSV header names no phone column"),
              ("Email,Phone\nada@example.com,555\n", "neither a vCard"),
              ("just some text\n", "neither a vCard"),
          ])
    func malformedCSV(text: String, expected: String) {
        let message = error(text)
        #expect(message?.hasPrefix(expected) == true, "got \(message ?? "no error")")
    }

    // MARK: Files that are neither

    @Test("Empty, binary, UTF-16 and non-UTF-8 files are refused")
    func notText() {
        #expect(error([]) == "the file is empty")
        #expect(error([0x50, 0x4b, 0x03, 0x04, 0x00, 0x00])?.hasPrefix("binary data") == true)
        #expect(error([0xff, 0xfe, 0x4e, 0x00])?.hasPrefix("UTF-16") == true)
        #expect(error([0x4e, 0x61, 0x6d, 0x65, 0x0a, 0xc3, 0x28]) == "not UTF-8 text")
    }

    @Test("Errors never quote the file's content")
    func errorsDoNotLeak() {
        let secret = "Zebulon Quartermaine"
        for text in ["BEGIN:VCARD\n\(secret)\nEND:VCARD\n", "\(secret)\n", "Name,Phone\n\"\(secret)\" x,1\n"] {
            let message = error(text) ?? ""
            #expect(!message.contains("Zebulon"), "\(message)")
        }
    }

    @Test("More than the contact limit is refused")
    func contactLimit() {
        let rows = (0...AddressBookFile.contactLimit).map { "P\($0),\($0)" }.joined(separator: "\n")
        #expect(error("Name,Phone\n" + rows) == "more than \(AddressBookFile.contactLimit) contacts")
    }

    // MARK: Phone numbers

    @Test("Numbers match on their last ten digits, shorter ones only exactly")
    func phoneMatchKeys() {
        #expect(PhoneNumber.matchKey("+1 (555) 010-0001") == PhoneNumber.matchKey("555 010 0001"))
        #expect(PhoneNumber.matchKey("+44 020 7946 0000") == PhoneNumber.matchKey("+44 20 7946 0000"))
        #expect(PhoneNumber.matchKey("0100001") != PhoneNumber.matchKey("5550100001"))
        #expect(PhoneNumber.matchKey("12345") == "12345")
        #expect(PhoneNumber.matchKey("no digits") == nil)
    }
}

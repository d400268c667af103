@testable import AddressBook
import Testing
import Storage

/// Found by Fuzz/'s vcard and csv targets: the vCard parser found its syntax characters (the
/// colon after the property name, the `;` between N's parts, the space that folds a line) by
/// comparing Characters, so a value starting with a combining mark or a zero-width joiner, which
/// joins the preceding syntax character into one Character, hid it: the card's line was "not a
/// vCard property" and the whole address book was refused.
@Suite("Address books: syntax and spacing are judged in Unicode scalars, not Characters")
struct AddressBookScalarTests {
    private func contacts(_ text: String) throws -> [DeviceContact] {
        try AddressBookFile.parse(Array(text.utf8)).contacts
    }

    @Test(arguments: ["\u{301}Zo\u{eb}", "\u{200D}Ada", "\u{FE0F}Bob"])
    func valueStartingWithAJoiningScalar(_ name: String) throws {
        #expect(try contacts("BEGIN:VCARD\r\nVERSION:3.0\r\nFN:\(name)\r\nTEL:1555\r\nEND:VCARD\r\n")
                == [DeviceContact(name: name, phones: ["1555"])])
    }

    @Test func structuredNamePartStartingWithACombiningMark() throws {
        #expect(try contacts("BEGIN:VCARD\nVERSION:3.0\nN:Lovelace;\u{301}Ada;;;\nTEL:1\nEND:VCARD\n")
                == [DeviceContact(name: "\u{301}Ada Lovelace", phones: ["1"])])
    }

    @Test func foldedLineStartingWithACombiningMark() throws {
        #expect(try contacts("BEGIN:VCARD\nVERSION:3.0\nFN:Ada\n \u{301}Lovelace\nTEL:1\nEND:VCARD\n")
                == [DeviceContact(name: "Ada\u{301}Lovelace", phones: ["1"])])
    }

    @Test func telURIParameterStartingWithACombiningMark() throws {
        #expect(try contacts("BEGIN:VCARD\nVERSION:4.0\nFN:A\nTEL;VALUE=uri:tel:+1-555-0100;\u{301}ext=2\nEND:VCARD\n")
                == [DeviceContact(name: "A", phones: ["15550100"])])
    }

    @Test func escapeBeforeACombiningMark() throws {
        // The backslash escapes the next scalar; the combining mark stays with what it follows.
        #expect(try contacts("BEGIN:VCARD\nVERSION:3.0\nFN:A\\\u{301}B\nTEL:1\nEND:VCARD\n")
                == [DeviceContact(name: "A\u{301}B", phones: ["1"])])
    }

    /// Also found by the vcard target: names were single-spaced by splitting Characters at
    /// whitespace, and a space followed by a combining mark is one Character that counts as
    /// whitespace, so the mark was dropped with it, and a name imported again came out different.
    @Test func combiningMarkAfterASpaceIsKept() throws {
        #expect(try contacts("BEGIN:VCARD\nVERSION:3.0\nFN:A \u{301}B\nTEL:1\nEND:VCARD\n")
                == [DeviceContact(name: "A \u{301}B", phones: ["1"])])
        let first = try contacts("BEGIN:VCARD\nVERSION:3.0\nFN: A\t\u{301}B \nTEL:1\nEND:VCARD\n")
        #expect(first == [DeviceContact(name: "A \u{301}B", phones: ["1"])])
        #expect(try contacts("BEGIN:VCARD\nVERSION:3.0\nFN:\(first[0].name)\nTEL:1\nEND:VCARD\n") == first)
    }

    /// Found by the csv target: a CSV name was trimmed by Characters before it was single-spaced,
    /// so a trailing space and combining mark (one Character, counted as whitespace) lost the mark.
    @Test func csvNameEndingInASpaceAndACombiningMark() throws {
        #expect(try contacts("Name,Phone\n\"A \u{301}\",1\n") == [DeviceContact(name: "A \u{301}", phones: ["1"])])
    }
}

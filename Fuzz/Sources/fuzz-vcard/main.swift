import AddressBookChecks
import FuzzSupport

/// vCard address books for `main contacts import` (from any exporter, so from outside):
/// `AddressBookFile.parse` from a vCard corpus. The properties are AddressBookChecks'.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    AddressBookChecks.check(fuzzBytes(start, count))
    return 0
}

@_cdecl("LLVMFuzzerInitialize")
public func initialize(_ argc: UnsafeMutableRawPointer, _ argv: UnsafeMutableRawPointer) -> CInt {
    Seeds.writeIfRequested {
        [
            ("v3.vcf", "BEGIN:VCARD\r\nVERSION:3.0\r\nN:Lovelace;Ada;;;\r\nFN:Ada King\r\nTEL;TYPE=CELL:+1 (555) 010-0001\r\nTEL;TYPE=HOME:555 0100 002\r\nEND:VCARD\r\n"),
            ("v4.vcf", "BEGIN:VCARD\nVERSION:4.0\nN:Hopper;Grace;Brewster;;\nitem1.TEL;VALUE=uri;TYPE=\"voice,cell\":tel:+1-555-010-0003;ext=2\nEND:VCARD\nBEGIN:VCARD\nVERSION:4.0\nFN:Alan\\, Turing\\; \\\\ OBE\\nFRS\nTEL:+44 20 7946 0000\nEND:VCARD\n"),
            ("v21-folded.vcf", "BEGIN:VCARD\r\nVERSION:2.1\r\nFN:Very Long\r\n  Name Folded\r\nTEL;CELL:+1555\r\n 0100004\r\nEND:VCARD\r\n"),
            ("bom-nameless.vcf", "\u{FEFF}BEGIN:VCARD\nVERSION:3.0\nTEL:12345\nEND:VCARD\nBEGIN:VCARD\nVERSION:3.0\nEND:VCARD\n"),
            ("unicode.vcf", "BEGIN:VCARD\nVERSION:3.0\nFN:Émile Zoë 李小龍 👩‍💻\nTEL:٣٣٣ 5550100\nEND:VCARD\n"),
            ("quoted-param.vcf", "begin:vcard\nversion:3.0\nFN;X-NOTE=\"a:b\":Quoted Colon\nTEL:1\nend:vcard\n"),
            ("unterminated.vcf", "BEGIN:VCARD\nVERSION:3.0\nFN:Open\n"),
            ("nested.vcf", "BEGIN:VCARD\nBEGIN:VCARD\nEND:VCARD\n"),
            ("version-5.vcf", "BEGIN:VCARD\nVERSION:5.0\nEND:VCARD\n"),
        ].map { ($0.0, Array($0.1.utf8)) }
    }
    return 0
}

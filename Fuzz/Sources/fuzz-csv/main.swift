import AddressBookChecks
import FuzzSupport

/// CSV address books for `main contacts import` (Google, Outlook and Apple exports, so from
/// outside): `AddressBookFile.parse` from a CSV corpus. The properties are AddressBookChecks'.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    AddressBookChecks.check(fuzzBytes(start, count))
    return 0
}

@_cdecl("LLVMFuzzerInitialize")
public func initialize(_ argc: UnsafeMutableRawPointer, _ argv: UnsafeMutableRawPointer) -> CInt {
    Seeds.writeIfRequested {
        [
            ("google.csv", "Name,Given Name,Family Name,Phone 1 - Type,Phone 1 - Value,Phone 2 - Value\r\nAda King,Ada,King,Mobile,+1 555 010 0001 ::: +1 555 010 0002,\r\n,Grace,Hopper,Home,555-0100,\"5550101\"\r\n"),
            ("outlook.csv", "First Name,Middle Name,Last Name,Mobile Phone,Home Phone,Business Phone\nAlan,Mathison,Turing,+44 20 7946 0000,,\n"),
            ("semicolons.csv", "Name;Telephone\n\"Doe; Jane\";\"+33 1 23 45 67 89\"\n\"Quote \"\"Q\"\" Person\";1\n"),
            ("tabs.csv", "Full Name\tCell\nTab Person\t12 34\n\n"),
            ("multiline.csv", "Name,Phone\n\"Two\nLines\",\"1\n2\"\n"),
            ("bom.csv", "\u{FEFF}Name,Phone\r\nBOM,9\r\n"),
            ("unclosed.csv", "Name,Phone\n\"Open,1\n"),
            ("extra-fields.csv", "Name,Phone\nA,1,2,3\n"),
            ("after-quote.csv", "Name,Phone\n\"A\"x,1\n"),
            ("no-phone-column.csv", "Name,Email\nA,a@example.org\n"),
        ].map { ($0.0, Array($0.1.utf8)) }
    }
    return 0
}

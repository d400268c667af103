import AddressBook
import AppCore
import ArgumentParser
import Bootstrap
import CommandLineSupport
import Container
import Formats
import FoundationEssentials
import TelegramCore
#if canImport(Glibc)
import Glibc
#endif

/// `main contacts`: the device address book the Siri intents extension matches people against
/// (Telegram's Siri extension asks iOS Contacts; here main imports a file into the Postbox).
struct ContactsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "contacts",
        abstract: "Import the device address book (vCard or CSV), or list it with the Telegram users it matches.",
        discussion: """
        `intents send-message --to "Mom"` finds Mom here: a device contact's phone numbers are \
        matched to Telegram users' numbers (digits only; the last 10 digits, or all of a shorter \
        number). An import merges into what is stored: the same person (the same vCard UID, else a \
        number in common) is updated, a new one added, one not in the file kept; --replace \
        replaces the whole address book instead.

          main contacts import ~/contacts.vcf
          main contacts --json
        """,
        subcommands: [ListContacts.self, ImportContacts.self],
        defaultSubcommand: ListContacts.self)
}

/// One device contact and the Telegram users its numbers belong to.
struct DeviceContactRow: Codable {
    let name: String
    let phones: [String]
    /// The first matched user, or null.
    let peerId: Int64?
    let peerIds: [Int64]

    init(_ contact: EngineDeviceContact, users: [String: [EnginePeer]]) {
        name = contact.name
        phones = contact.phones
        let ids = DeviceContactMatch.peerIds(contact, users: users)
        peerIds = ids
        peerId = ids.first
    }

    func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(name, forKey: .name)
        try c.encode(phones, forKey: .phones)
        try c.encode(peerId, forKey: .peerId)
        try c.encode(peerIds, forKey: .peerIds)
    }
}

struct ListContacts: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: "List the imported device contacts, each with the Telegram user its numbers match.",
        discussion: "Opens everything read-only, so it works while `main run` runs.")

    @OptionGroup var options: ContainerOptions
    @Option(parsing: .unconditional, help: "The account id (default: the current account).") var account: Int64?
    @Flag(help: "Print JSON: [{\"name\", \"phones\", \"peerId\": N|null, \"peerIds\": [N]}].") var json = false

    func run() throws {
        let rows = try withReadingApp(options) { app -> [DeviceContactRow] in
            let (contacts, users) = try app.accountContext(account).engine.account.deviceContacts()
            return contacts.map { DeviceContactRow($0, users: users) }
        }
        if json {
            printJSON(try JSONFile.text(rows))
        } else if rows.isEmpty {
            printLine("no device contacts (import some with `main contacts import FILE`)")
        } else {
            for row in rows {
                printLine("\(row.name.isEmpty ? "(no name)" : row.name)\t\(row.phones.joined(separator: ", "))\t\(row.peerId.map { "→ \($0)" } ?? "not on Telegram")")
            }
        }
    }
}

/// What an import did.
struct ImportContacts: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Merge a vCard or CSV file into the device contacts (or --replace them).",
        discussion: """
        The format is told from the content. vCard 3.0 or 4.0 (2.1 without quoted-printable): one \
        or more BEGIN:VCARD … END:VCARD cards; FN (else N) is the name, every TEL a number; folded \
        lines are joined. CSV: a header line with a name column (Name, Full Name, or First Name / \
        Last Name) and one or more phone columns (any header with Phone, Mobile or Tel in it); \
        fields may be quoted; a cell may hold several numbers separated by ":::" or ";". At most \
        4 MiB and 20,000 contacts. Names and numbers are sealed in the account's Postbox like \
        every other value; the report says how many contacts matched Telegram users by phone.
        """)

    @OptionGroup var options: ContainerOptions
    @Argument(help: "The vCard (.vcf) or CSV file.") var file: String
    @Option(parsing: .unconditional, help: "The account id (default: the current account).") var account: Int64?
    @Flag(help: "Replace the device contacts with the file's, instead of merging.") var replace = false
    @Flag(help: "Print JSON: {\"format\", \"imported\", \"skipped\", \"matched\", \"added\", \"updated\", \"unchanged\", \"kept\", \"replaced\"}.") var json = false

    func run() throws {
        // Read and checked before launching: a bad file never costs a launch, a hand-over or a write.
        _ = try AddressBookFile.read(file)
        let operation = MainOperation.importContacts(file: FileSystem.absolutePath(file), accountId: account, replace: replace)
        let report = try Operations.perform(operation, options).expect("contacts import") {
            if case .contactsImported(let report) = $0 { return report } else { return nil }
        }
        if json {
            printJSON(try JSONFile.text(report))
        } else {
            let skipped = report.skipped > 0 ? " (\(report.skipped) skipped: no name and no number)" : ""
            let merge = report.replaced
                ? "the address book replaced"
                : "\(report.added) added, \(report.updated) updated, \(report.unchanged) unchanged, \(report.kept) kept from before"
            printLine("imported \(report.imported) contacts from a \(report.format == "csv" ? "CSV" : "vCard") file\(skipped): \(merge); \(report.matched) matched Telegram users by phone")
        }
    }
}

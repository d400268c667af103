import TelegramCore
import AppCore
import ArgumentParser
import Bootstrap
import CommandLineSupport
import Container
import Formats
import FoundationEssentials

struct AccountsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "accounts",
        abstract: "List accounts, or switch the current one.",
        subcommands: [ListAccounts.self, SwitchAccount.self],
        defaultSubcommand: ListAccounts.self)
}

struct AccountsListing: Codable {
    struct Entry: Codable {
        let id: String
        let peerId: Int64
        /// From the account's Postbox; nil for a logged-out account or one that cannot be read.
        let phone: String?
        let name: String?
        /// Where it lives ("127.0.0.1:41234", "Telegram"); nil for an offline account or an unreadable one.
        let server: String?
        let offline: Bool
        let current: Bool
        let loggedOut: Bool
        let sortOrder: Int32
    }

    let currentAccountId: String?
    let accounts: [Entry]

    /// The records with each logged-in account's phone and name, read from its Postbox.
    init(_ manager: EngineAccountManager) {
        let profiles = manager.state.activeRecords.compactMap { AccountProfile.read($0, manager: manager) }
        self.init(manager.state, profiles: Dictionary(profiles.map { ($0.accountId, $0) }, uniquingKeysWith: { first, _ in first }))
    }

    init(_ state: EngineAccountManagerState, profiles: [Int64: AccountProfile]) {
        currentAccountId = state.currentRecord.map { String($0.id) }
        accounts = state.records.sorted { ($0.sortOrder, $0.id) < ($1.sortOrder, $1.id) }.map {
            let profile = profiles[$0.id]
            return Entry(id: String($0.id), peerId: $0.backupData?.peerId ?? 0, phone: profile?.phone, name: profile?.name,
                         server: profile?.server, offline: profile != nil && profile?.server == nil, current: $0.id == state.currentRecord?.id, loggedOut: $0.isLoggedOut, sortOrder: $0.sortOrder)
        }
    }

    func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(currentAccountId, forKey: .currentAccountId)
        try c.encode(accounts, forKey: .accounts)
    }

    var lines: [String] {
        if accounts.isEmpty { return ["no accounts (create one with `main login`)"] }
        return accounts.map { entry in
            let who = [entry.phone, entry.name].compactMap { $0 }.filter { !$0.isEmpty }.joined(separator: "  ")
            let place = entry.server.map { "  on \($0)" } ?? (entry.offline ? "  offline" : "")
            return "\(entry.current ? "*" : " ") \(entry.id)  \(who.isEmpty ? "peer \(entry.peerId)" : who)" + place
                + (entry.current ? "  (current)" : "") + (entry.loggedOut ? "  (logged out)" : "")
        }
    }
}

struct ListAccounts: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "list", abstract: "List accounts (id, phone, name, the server or offline); * marks the current one.")

    @OptionGroup var options: ContainerOptions
    @Flag(help: "Print JSON.") var json = false

    /// Reads atomic-state and each logged-in account's Postbox read-only (its phone and name):
    /// works while `main run` runs.
    func run() throws {
        let listing = try withReadingApp(options) { AccountsListing($0.shared.accountManager) }
        json ? printJSON(try JSONFile.text(listing)) : printLines(listing.lines)
    }
}

struct SwitchAccount: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "switch", abstract: "Make another logged-in account current.")

    @OptionGroup var options: ContainerOptions
    // Account ids are Int64 and often negative; `.allUnrecognized` lets "-5975…" through as a value
    // instead of being taken for an unknown option.
    @Argument(parsing: .allUnrecognized, help: "The account id (see `main accounts`).") var id: [String] = []

    /// The id, with a "--" terminator (which `.allUnrecognized` keeps as a value) dropped.
    private var values: [String] { id.filter { $0 != "--" } }

    func validate() throws {
        guard values.count == 1, Int64(values[0]) != nil else { throw ValidationError("expected one account id (see `main accounts`)") }
    }

    func run() throws {
        let accountId = Int64(values[0])!
        try Operations.perform(.switchAccount(accountId: accountId), options)
        printLine("current account: \(accountId)")
    }
}

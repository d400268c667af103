import AppCore
import ArgumentParser
import Bootstrap
import CommandLineSupport
import Container
import Formats
import FoundationEssentials
import Storage

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
        let current: Bool
        let loggedOut: Bool
        let sortOrder: Int32
    }

    let currentAccountId: String?
    let accounts: [Entry]

    init(_ state: AccountManagerState) {
        currentAccountId = state.currentRecord.map { String($0.id) }
        accounts = state.records.sorted { ($0.sortOrder, $0.id) < ($1.sortOrder, $1.id) }.map {
            Entry(id: String($0.id), peerId: $0.backupData?.peerId ?? 0, current: $0.id == state.currentRecord?.id,
                  loggedOut: $0.isLoggedOut, sortOrder: $0.sortOrder)
        }
    }

    func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(currentAccountId, forKey: .currentAccountId)
        try c.encode(accounts, forKey: .accounts)
    }

    var lines: [String] {
        if accounts.isEmpty { return ["no accounts (create one with `main login`)"] }
        return accounts.map { "\($0.current ? "*" : " ") \($0.id)  peer \($0.peerId)\($0.loggedOut ? "  (logged out)" : "")" }
    }
}

struct ListAccounts: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "list", abstract: "List accounts; * marks the current one.")

    @OptionGroup var options: ContainerOptions
    @Flag(help: "Print JSON.") var json = false

    /// Reads atomic-state only: no lock, no database, works while `main run` runs.
    func run() throws {
        let environment = ProcessInfo.processInfo.environment
        let (configuration, _) = try BuildConfiguration.load(environment: environment)
        let container = try ResolvedContainer.resolve(.main, containerFlag: options.container, environment: environment, configuration: configuration)
        let state = try AccountManagerState.read(path: container.layout.atomicStatePath) ?? AccountManagerState()
        let listing = AccountsListing(state)
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

import AppCore
import ArgumentParser
import CommandLineSupport
import Formats

/// What `main check` found: SQLite's integrity check of each store, "ok" or what is wrong.
struct StoreCheck: Codable {
    let accountId: String
    let postbox: String
    let sharedData: String

    var isOK: Bool { postbox == "ok" && sharedData == "ok" }
}

struct CheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Check the stores' integrity: the account's Postbox and the shared data.",
        discussion: "Runs SQLite's integrity check on each, read-only (works while `main run` runs). Exit 1 when either is not \"ok\".")

    @OptionGroup var options: ContainerOptions
    @Option(parsing: .unconditional, help: "The account id (default: the current account).") var account: Int64?
    @Flag(help: "Print JSON: {\"accountId\", \"postbox\", \"sharedData\"}.") var json = false

    func run() throws {
        let check = try withReadingApp(options) { app -> StoreCheck in
            let context = try app.accountContext(account)
            let shared = try app.shared.accountManager.sharedData()?.integrityCheck() ?? "missing"
            return StoreCheck(accountId: String(context.record.id), postbox: try context.postbox.valueBox.integrityCheck(), sharedData: shared)
        }
        json ? printJSON(try JSONFile.text(check)) : printLines(["postbox (account \(check.accountId)): \(check.postbox)", "shared data: \(check.sharedData)"])
        if !check.isOK { throw ExitCode.failure }
    }
}

import AppCore
import ArgumentParser
import CommandLineSupport
import Container
import Formats
import RequestChannel
import TelegramCore

/// What `main requests` reports: where each request stands, as the container and the store say.
struct RequestsListing: Codable {
    struct Refused: Codable {
        let id: String
        /// The reason's first line, as main wrote it.
        let reason: String?
    }

    let accountId: String
    let pending: [String]
    let claimed: [String]
    let staging: [String]
    let acks: [String]
    let rejected: [Refused]
    /// The ids the account's Postbox records as applied, each once.
    let applied: [String]
}

struct RequestsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "requests",
        abstract: "List the request channel: requests waiting, claimed, refused (with reasons) and applied.",
        discussion: """
        Reads the container's requests/ folders and the ids the account's Postbox records as \
        applied (each applied exactly once). Opens everything read-only, so it works while \
        `main run` runs. Tools that check the channel (Scripts/chaos) read it here.
        """)

    @OptionGroup var options: ContainerOptions
    @Option(parsing: .unconditional, help: "The account id (default: the current account).") var account: Int64?
    @Flag(help: "Print JSON: {\"accountId\", \"pending\", \"claimed\", \"staging\", \"acks\", \"rejected\": [{\"id\", \"reason\"}], \"applied\"}.")
    var json = false

    func run() throws {
        let listing = try withReadingApp(options) { app -> RequestsListing in
            let context = try app.accountContext(account)
            let directories = RequestDirectories(layout: app.layout)
            let names = { (path: String) in FileSystem.listDirectory(path).filter { !$0.hasPrefix(".") }.sorted() }
            let rejected = names(directories.rejected).map { name in
                let reason = (try? FileSystem.readFileIfExists(directories.rejected + "/" + name + "/reason", limit: 64 * 1024))?
                    .flatMap { String(decoding: $0, as: UTF8.self).split(separator: "\n").first.map(String.init) }
                return RequestsListing.Refused(id: name, reason: reason)
            }
            return RequestsListing(accountId: String(context.record.id), pending: names(directories.pending),
                                   claimed: names(directories.claimed), staging: names(directories.staging),
                                   acks: names(directories.acks), rejected: rejected,
                                   applied: try context.engine.account.appliedRequestIds())
        }
        if json {
            printJSON(try JSONFile.text(listing))
        } else {
            printLines([
                "account \(listing.accountId)",
                "pending: \(listing.pending.count), claimed: \(listing.claimed.count), staging: \(listing.staging.count), acks not collected: \(listing.acks.count)",
                "applied: \(listing.applied.count)",
                "refused: \(listing.rejected.count)",
            ] + listing.rejected.map { "  \($0.id): \($0.reason ?? "(no reason)")" })
        }
    }
}

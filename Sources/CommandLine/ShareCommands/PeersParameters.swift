import Bootstrap
import CommandLineSupport
import Formats
import ShareExtensionContext

/// `share peers`'s parameters and work.
public struct PeersParameters: ContainerParameters {
    public var container: String?
    public var query: String?
    public var account: Int64?
    public var json = false

    public init() {}

    /// --account parses .unconditional in ArgumentParser (a negative id is a value); here a value
    /// starting with "-" declines instead, so the two cannot disagree.
    public static var syntax: DirectSyntax<Self> {
        [.container, .option("--query", \.query), .option("--account", \.account), .flag("--json", \.json)]
    }

    public func run() throws {
        do {
            let session = try ShareSession(containerFlag: container, account: account)
            defer { session.finish() }
            let listing = try PeerPickerListing.make(session, query: query)
            try session.requireUnlocked()
            json ? StandardStreams.writeJSON(try JSONFile.text(listing)) : StandardStreams.writeLines(listing.lines)
        } catch {
            let failure = error as? ShareFailure ?? ShareFailure("error", "\(error)")
            if json { StandardStreams.writeJSON(try JSONFile.text(ShareOutcome.failed(failure))) }
            throw failure
        }
    }
}

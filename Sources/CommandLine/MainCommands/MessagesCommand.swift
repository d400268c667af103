import AppCore
import ArgumentParser
import Bootstrap
import CommandLineSupport
import Formats
import TelegramCore

/// `main messages`: one chat's history, read-only. Scripts that must count what was stored (the
/// chaos run counts every copy of each text it sent) need the whole history; the Siri search
/// stops at 1,000 hits and walks from the newest.
struct MessagesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "messages",
        abstract: "List one chat's messages, newest first, with their texts.",
        discussion: """
        Opens everything read-only (works while `main run` runs). --json prints \
        [{"id", "timestamp", "outgoing", "authorId", "kind", "text", ...}] with what each message \
        carries (replyTo, forward, editedAt, entities, reactions, viaBot, signature, buttons, \
        media, poll, contact, location, todo, service; docs/cli-contract.md); text mode prints one \
        line per message: id, local date and time ("2026-11-23 14:05"), in/out, then the message as it reads ("[reply to 12] \
        📊 Poll: Lunch? [Yes 3 · No 1; 4 voters]"). A peer id that is not a chat: exit 1.
        """)

    static let limitRange = 1...1_000_000

    @OptionGroup var options: ContainerOptions
    @Option(parsing: .unconditional, help: "The chat's peer id (as `main chats` lists them).") var peer: Int64
    @Option(parsing: .unconditional, help: "The account id (default: the current account).") var account: Int64?
    @Option(parsing: .unconditional, help: "At most this many messages, newest first (1–1,000,000).") var limit = 100
    @Flag(help: "Print JSON.") var json = false

    struct UnknownChat: Error, CustomStringConvertible {
        let peer: Int64
        var description: String { "no chat with peer id \(peer)" }
    }

    func validate() throws {
        guard Self.limitRange.contains(limit) else { throw ValidationError("--limit must be between 1 and 1,000,000") }
    }

    func run() throws {
        let rows = try withReadingApp(options) { app -> [MessageRow] in
            let context = try app.accountContext(account)
            guard let listing = try context.engine.messages.listing(EnginePeer.Id(peer), limit: limit) else { throw UnknownChat(peer: peer) }
            return listing.messages.map { MessageRow($0, pinned: listing.pinnedIds.contains($0.id.id), readState: listing.readState) }
        }
        if json {
            printJSON(try JSONFile.text(rows))
        } else {
            for row in rows { printLine(row.textLine) }
        }
    }
}

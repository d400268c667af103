import AppCore
import ArgumentParser
import Bootstrap
import CommandLineSupport
import Container
import Formats
import TelegramCore

/// One row of the chat list as `main chats` shows it.
struct ChatListRow: Codable {
    let peerId: Int64
    let kind: String
    let title: String
    let pinned: Bool
    let muted: Bool
    let unreadCount: Int32
    let topMessageId: Int32
    /// Why the account cannot write here (a channel only its admins post in, a group left); absent when it can.
    let cannotWrite: String?
    /// What is left written in the chat (its draft), if anything.
    let draft: String?
}

struct ChatsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "chats",
        abstract: "List the top of the chat list (pinned first, then newest), with peer ids.",
        discussion: "The peer ids are what `main push --peer` and links take. Opens everything read-only.")

    @OptionGroup var options: ContainerOptions
    @Option(parsing: .unconditional, help: "The account id (default: the current account).") var account: Int64?
    @Option(parsing: .unconditional, help: "How many chats.") var limit = 20
    @Flag(help: "Print JSON.") var json = false

    func validate() throws {
        guard (1...10_000).contains(limit) else { throw ValidationError("--limit must be between 1 and 10,000") }
    }

    func run() throws {
        let rows = try withReadingApp(options) { app -> [ChatListRow] in
            let context = try app.accountContext(account)
            let now = Int32(clamping: Clock.unixTime())
            return try context.engine.chatList.top(limit: limit, now: now, unreadIncludingMuted: false).entries.map { entry in
                ChatListRow(peerId: entry.peerId.toInt64(), kind: entry.peerId.kindName,
                            title: entry.peer?.displayTitle ?? "", pinned: entry.isPinned, muted: entry.isMuted,
                            unreadCount: entry.unreadCount, topMessageId: entry.topMessageIndex.id.id,
                            cannotWrite: entry.peer?.writeRestriction, draft: entry.draftText)
            }
        }
        if json {
            printJSON(try JSONFile.text(rows))
        } else {
            for row in rows {
                let flags = [row.pinned ? "pinned" : nil, row.muted ? "muted" : nil, row.unreadCount > 0 ? "\(row.unreadCount) unread" : nil,
                             row.cannotWrite != nil ? "read-only" : nil, row.draft.map { "draft: \($0)" }]
                    .compactMap { $0 }.joined(separator: ", ")
                printLine("\(row.peerId)\t\(row.kind)\t\(row.title)\(flags.isEmpty ? "" : "\t(\(flags))")")
            }
        }
    }
}

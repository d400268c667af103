import AppCore
import ArgumentParser
import Bootstrap
import CommandLineSupport
import Formats
import Ingest
import TelegramCore

struct SeedCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "seed",
        abstract: "Fill the current account with a deterministic, realistic fixture.",
        discussion: "Users, groups, channels and secret chats; messages spread unevenly; pinned and muted chats, unread counts and calls. The same --seed gives the same fixture.")

    @OptionGroup var options: ContainerOptions
    @Option(parsing: .unconditional, help: "Number of chats (peers) to create.") var peers: Int
    @Option(parsing: .unconditional, help: "Number of messages to spread over them.") var messages: Int
    @Option(help: "Seed of the generator.") var seed: UInt64 = 1
    @Option(name: .customLong("big-chat"), parsing: .unconditional,
            help: "Messages (of --messages) that the first chat, pinned at the top of the list, holds (its newest a reply to the one halfway back); the rest go to the other chats. 0: no such chat.")
    var bigChat: Int = 0
    @Option(name: .customLong("unread-chat"), parsing: .unconditional,
            help: "Unread incoming messages that the next chat (after the big chat, pinned too) ends with; it holds twice as many of --messages, the older half read. 0: no such chat.")
    var unreadChat: Int = 0
    @Flag(help: "Print JSON.") var json = false

    func validate() throws {
        guard (1...1_000_000).contains(peers) else { throw ValidationError("--peers must be between 1 and 1,000,000") }
        guard (0...50_000_000).contains(messages) else { throw ValidationError("--messages must be between 0 and 50,000,000") }
        guard (0...messages).contains(bigChat) else { throw ValidationError("--big-chat must be between 0 and --messages") }
        guard peers > 1 || bigChat == 0 || bigChat == messages else {
            throw ValidationError("--big-chat with --peers 1 must be all the messages (there is no other chat for the rest)")
        }
        guard unreadChat >= 0, bigChat + 2 * unreadChat <= messages else {
            throw ValidationError("--unread-chat's chat holds twice its unread messages: --big-chat + 2 × --unread-chat must be at most --messages")
        }
        guard unreadChat == 0 || peers >= (bigChat > 0 ? 3 : 2) else {
            throw ValidationError("--unread-chat needs a chat of its own and one more for the rest: --peers \(bigChat > 0 ? 3 : 2) or more")
        }
    }

    func run() throws {
        let fixture = FixtureRequest(peers: peers, messages: messages, seed: seed, bigChatMessages: bigChat,
                                     unreadChatMessages: unreadChat)
        let summary = try Operations.perform(.seed(fixture), options).expect("seed") {
            if case .seeded(let summary) = $0 { return summary } else { return nil }
        }
        if json {
            printJSON(try JSONFile.text(summary))
        } else {
            let rate = summary.seconds > 0 ? Int(Double(summary.messages) / summary.seconds) : 0
            printLine("seeded \(summary.peers) chats and \(summary.messages) messages in \(DurationText.text(seconds: summary.seconds)) (\(rate) messages/s), \(summary.pinned) pinned, \(summary.calls) calls")
        }
    }
}

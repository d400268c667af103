import ArgumentParser
import CommandLineSupport

/// `intents search-messages`: INSearchForMessagesIntent.
public struct SearchMessagesCommand: DirectlyParsable {
    public static let configuration = CommandConfiguration(
        commandName: "search-messages",
        abstract: "Find messages, newest first, as \"Read my unread messages on Telegram\" does.",
        discussion: """
        Searches the account's messages read-only. Filters combine: --query (every word of it \
        begins a word of the message, in any order, ignoring case: "tick tom" finds "Tickets for \
        tomorrow"; accents count, "e" does not find "é"), --from (only the chat with that person: \
        tg<peerId>, a phone number or a name; several matches: needsDisambiguation, exit 3), \
        --unread (incoming messages not yet read), --since (on or after DATE). At most --limit \
        results, newest first. A query with a word of 3 or more letters is answered from the \
        search index main keeps (keyed hashes, no words stored); otherwise, or until main has \
        built the index, the chats are read from the top of the chat list until nothing older \
        can make the list.

        Each message: identifier <peerId>_<namespace>_<id> (what set-attribute takes), \
        conversationIdentifier (the chat's peer id), chatTitle, sender, isOutgoing, content, \
        dateSent (unix seconds), isRead.

        DATE: 2024-05-01 (that day's start, UTC), 2024-05-01T18:30:00Z or with an offset (a time \
        without one is UTC), or unix seconds.

        Codes: success, failureRequiringAppLaunch (locked: nothing is listed), unsupported \
        (noAccount, noRecipient), needsDisambiguation.
        """)

    @OptionGroup public var options: IntentOptions
    @Option(help: "Words the message has words beginning with (any order, case-insensitive).") public var query: String?
    @Option(help: ArgumentHelp("Only the chat with this person: tg<peerId>, a phone number or a name.", valueName: "person")) public var from: String?
    @Flag(help: "Only unread incoming messages.") public var unread = Self.defaults.unread
    @Option(help: ArgumentHelp("Only messages sent on or after DATE (ISO 8601 or unix seconds).", valueName: "date")) public var since: String?
    @Option(parsing: .unconditional, help: "At most this many messages (1–1000).") public var limit = Self.defaults.limit

    public init() {}

    public var parameters: SearchMessagesParameters {
        .init {
            $0.container = options.containerOptions.container; $0.json = options.json
            $0.query = query; $0.from = from; $0.unread = unread; $0.since = since; $0.limit = limit
        }
    }
}

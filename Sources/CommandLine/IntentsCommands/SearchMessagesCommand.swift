import ArgumentParser
import Bootstrap
import CommandLineSupport
import SiriIntents
import Storage

/// `intents search-messages`: INSearchForMessagesIntent.
public struct SearchMessagesCommand: ParsableCommand {
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
    @Flag(help: "Only unread incoming messages.") public var unread = false
    @Option(help: ArgumentHelp("Only messages sent on or after DATE (ISO 8601 or unix seconds).", valueName: "date")) public var since: String?
    @Option(help: "At most this many messages (1–1000).") public var limit = 20

    public init() {}

    public func validate() throws {
        guard (1...1000).contains(limit) else { throw ValidationError("--limit must be between 1 and 1000") }
        if let since, IntentDate.parse(since) == nil {
            throw ValidationError("--since must be YYYY-MM-DD, an ISO 8601 timestamp (2024-05-01T18:30:00Z) or unix seconds")
        }
        if let from, from.allSatisfy(\.isWhitespace) { throw ValidationError("--from must name someone") }
    }

    public func run() throws {
        var search = MessageSearch(unreadOnly: unread, since: since.flatMap(IntentDate.parse), limit: limit)
        if let query, !query.isEmpty { search.text = TextMatcher(query) }
        try IntentSession.respond(.searchForMessages, options: options, lockedCode: .failureRequiringAppLaunch,
                                  revealsContent: true) { account -> IntentResponse<FoundMessages> in
            try account.postbox.read { t in
                var search = search
                if let from {
                    switch try PersonResolver(transaction: t).resolve(from).person(for: .searchForMessages, query: from) as Result<IntentPerson, IntentResponseBox<FoundMessages>> {
                    case .success(let person): search.chat = PeerId(person.peerId)
                    case .failure(let early): return early.response
                    }
                }
                var builder = FoundMessageBuilder(transaction: t)
                let messages = try builder.build(try search.run(t))
                return IntentResponse(.searchForMessages, .success, detail: countPhrase(messages.count, "message"), payload: FoundMessages(messages: messages))
            }
        }
    }
}

/// Turns hits into INMessage-like entries, reading each chat and author once.
struct FoundMessageBuilder {
    let transaction: PostboxTransaction
    private var peers: [PeerId: Peer?] = [:]

    init(transaction: PostboxTransaction) { self.transaction = transaction }

    mutating func build(_ hits: [MessageSearch.Hit]) throws -> [FoundMessage] {
        var found: [FoundMessage] = []
        for hit in hits {
            let message = hit.message
            let chat = try peer(message.id.peerId)
            let author = try message.authorId.flatMap { try peer($0) }
            found.append(FoundMessage(identifier: message.id.description, conversationIdentifier: String(message.id.peerId.toInt64()),
                                      chatTitle: chat?.displayTitle ?? "", sender: author.map { IntentPerson($0) },
                                      isOutgoing: !message.isIncoming, content: message.text, dateSent: message.index.timestamp,
                                      isRead: hit.isRead))
        }
        return found
    }

    private mutating func peer(_ id: PeerId) throws -> Peer? {
        if let known = peers[id] { return known }
        let loaded = try transaction.peer(id)
        peers[id] = loaded
        return loaded
    }
}

extension SearchMessagesCommand: DirectlyParsable {
    public static func directParse(_ arguments: inout DirectArguments) throws(DirectArguments.Decline) -> Self {
        var command = Self()
        command.options = try IntentOptions.directParse(&arguments)
        command.query = try arguments.option("--query")
        command.from = try arguments.option("--from")
        command.unread = try arguments.flag("--unread")
        command.since = try arguments.option("--since")
        command.limit = try arguments.option("--limit") ?? 20
        return command
    }
}

import ArgumentParser
import CommandLineSupport
import SiriIntents
import TelegramCore

/// `intents search-messages`' parameters and work.
public struct SearchMessagesParameters: ContainerParameters {
    public var container: String?
    public var json = false
    public var query: String?
    public var from: String?
    public var unread = false
    public var since: String?
    public var limit = 20

    public init() {}

    public static var syntax: DirectSyntax<Self> {
        [.container, .flag("--json", \.json), .option("--query", \.query), .option("--from", \.from),
         .flag("--unread", \.unread), .option("--since", \.since), .option("--limit", \.limit)]
    }

    public func validate() throws {
        guard (1...1000).contains(limit) else { throw ValidationError("--limit must be between 1 and 1000") }
        if let since, IntentDate.parse(since) == nil {
            throw ValidationError("--since must be YYYY-MM-DD, an ISO 8601 timestamp (2024-05-01T18:30:00Z) or unix seconds")
        }
        if let from, from.allSatisfy(\.isWhitespace) { throw ValidationError("--from must name someone") }
    }

    public func run() throws {
        var search = EngineMessageSearch(unreadOnly: unread, since: since.flatMap(IntentDate.parse), limit: limit)
        if let query, !query.isEmpty { search.text = EngineTextMatcher(query) }
        try IntentSession.respond(.searchForMessages, container: container, json: json, lockedCode: .failureRequiringAppLaunch,
                                  revealsContent: true) { account -> IntentResponse<FoundMessages> in
            var search = search
            if let from {
                switch try account.engine.peers.resolvePerson(from).person(for: .searchForMessages, query: from) as Result<IntentPerson, IntentResponseBox<FoundMessages>> {
                case .success(let person): search.chat = EnginePeer.Id(person.peerId)
                case .failure(let early): return early.response
                }
            }
            let messages = try account.engine.messages.search(search).map { found in
                FoundMessage(identifier: found.message.id.description, conversationIdentifier: String(found.message.id.peerId.toInt64()),
                             chatTitle: found.chat?.displayTitle ?? "", sender: found.author.map { IntentPerson($0) },
                             isOutgoing: !found.message.isIncoming, content: found.message.text, dateSent: found.message.index.timestamp,
                             isRead: found.isRead)
            }
            return IntentResponse(.searchForMessages, .success, detail: countPhrase(messages.count, "message"), payload: FoundMessages(messages: messages))
        }
    }
}

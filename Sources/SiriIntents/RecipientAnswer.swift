import TelegramCore

/// An answer that can list the people a name fits (send-message, start-call, search --from).
public protocol RecipientPayload: IntentPayload {
    static func candidates(_ people: [IntentPerson]) -> Self
}

extension PersonResolution {
    /// The person, or the answer for when there is not exactly one: unsupported (noRecipient),
    /// or needsDisambiguation with the candidates (Apple's `.disambiguation(with:)`), in which
    /// case nothing is done.
    public func person<Payload: RecipientPayload>(for intent: IntentName, query: String) -> Result<IntentPerson, IntentResponseBox<Payload>> {
        switch self {
        case .found(let person):
            return .success(IntentPerson(person))
        case .notFound:
            return .failure(IntentResponseBox(IntentResponse(intent, .unsupported, reason: "noRecipient",
                                                             detail: "No Telegram user matches \"\(query)\".")))
        case .ambiguous(let people):
            return .failure(IntentResponseBox(IntentResponse(intent, .needsDisambiguation, reason: "ambiguous",
                                                             detail: "\(people.count) people match \"\(query)\"; say which (by tg<peerId>).",
                                                             payload: .candidates(people.map(IntentPerson.init)))))
        }
    }
}

/// An early answer carried as a Result's failure.
public struct IntentResponseBox<Payload: IntentPayload>: Error {
    public let response: IntentResponse<Payload>
    init(_ response: IntentResponse<Payload>) { self.response = response }
}

import SiriIntents

extension IntentSession {
    /// The intent's answer for the command line's options, printed.
    static func respond<Payload: IntentPayload>(_ intent: IntentName, options: IntentOptions, lockedCode: IntentCode,
                                                revealsContent: Bool = false,
                                                _ body: (IntentAccount) throws -> IntentResponse<Payload>) throws {
        try respond(intent, container: options.containerOptions.container, json: options.json, lockedCode: lockedCode,
                    revealsContent: revealsContent, body)
    }

    /// The intent's answer for `--container` and `--json`, printed.
    static func respond<Payload: IntentPayload>(_ intent: IntentName, container: String?, json: Bool, lockedCode: IntentCode,
                                                revealsContent: Bool = false,
                                                _ body: (IntentAccount) throws -> IntentResponse<Payload>) throws {
        try response(intent, container: container, lockedCode: lockedCode, revealsContent: revealsContent, body).emit(json: json)
    }
}

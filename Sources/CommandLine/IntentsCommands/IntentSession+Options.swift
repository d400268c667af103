import SiriIntents

extension IntentSession {
    /// The intent's answer for the command line's options, printed.
    static func respond<Payload: IntentPayload>(_ intent: IntentName, options: IntentOptions, lockedCode: IntentCode,
                                                revealsContent: Bool = false,
                                                _ body: (IntentAccount) throws -> IntentResponse<Payload>) throws {
        try response(intent, container: options.containerOptions.container, lockedCode: lockedCode,
                     revealsContent: revealsContent, body).emit(json: options.json)
    }
}

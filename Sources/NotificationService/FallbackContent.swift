import Formats

/// What is shown when a push cannot be verified: the push's own outer alert (which the server
/// keeps free of content), else the generic locked-message string. Never anything decrypted.
enum FallbackContent {
    static func make(aps: PushAps?, genericBody: String, failure: ServiceFailure) -> NotificationContent {
        let alert = aps?.alert
        let body = (alert?.body).flatMap { $0.isEmpty ? nil : $0 } ?? genericBody
        return NotificationContent(status: .fallback, reason: failure.code, detail: failure.detail,
                                   title: alert?.title ?? "", subtitle: alert?.subtitle ?? "", body: body,
                                   categoryIdentifier: aps?.category ?? "", sound: aps?.sound)
    }

    static let deadline = ServiceFailure("deadline", "time ran out before the push was verified and enriched")
}

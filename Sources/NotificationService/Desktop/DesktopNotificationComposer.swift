import DesktopNotifications

/// The composed content as the notification server's Notify takes it.
enum DesktopNotificationComposer {
    static func notification(_ content: NotificationContent, replacing: UInt32, canOpen: Bool, inlineReply: Bool, markup: Bool,
                             image: DesktopNotification.Image?) -> DesktopNotification {
        // Locked: the locked-message string is all there is, so it is the summary. A chat whose
        // name may not be shown (no names on the lock screen) is the app's.
        let summary: String
        let body: String
        if content.locked {
            (summary, body) = (content.body, "")
        } else {
            let title = content.title.isEmpty ? DesktopDelivery.appName : content.title
            summary = content.subtitle.isEmpty ? title : "\(title) › \(content.subtitle)"
            body = content.body
        }
        var actions: [DesktopNotification.Action] = []
        if canOpen { actions.append(.init(key: DesktopNotification.defaultActionKey, label: "Open")) }
        if inlineReply { actions.append(.init(key: DesktopNotification.inlineReplyActionKey, label: "Reply")) }
        return DesktopNotification(appName: DesktopDelivery.appName, replacesId: replacing, summary: summary,
                                   body: markup ? Self.markupEscaped(body) : body, actions: actions, category: "im.received",
                                   desktopEntry: DesktopDelivery.desktopEntry, image: content.locked ? nil : image,
                                   replyPlaceholder: inlineReply ? "Reply" : nil)
    }

    /// Servers with the "body-markup" capability read the body as a subset of HTML: a message's
    /// "<" or "&" must show as written.
    static func markupEscaped(_ text: String) -> String {
        var out = ""
        for character in text {
            switch character {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            default: out.append(character)
            }
        }
        return out
    }
}

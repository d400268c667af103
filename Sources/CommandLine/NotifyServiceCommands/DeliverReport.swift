import NotificationService

/// `notify-service --json`: the content's keys, and what became of it on the desktop.
struct DeliverReport: Encodable {
    let content: NotificationContent
    let desktop: DesktopOutcome

    private enum CodingKeys: String, CodingKey { case desktop }

    func encode(to encoder: Encoder) throws {
        try content.encode(to: encoder)
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(desktop, forKey: .desktop)
    }
}

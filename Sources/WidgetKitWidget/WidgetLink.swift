import Formats

/// Where tapping the widget goes (Telegram's widgetURL): a chat's row opens that chat in its
/// account; the small widget, which has one tap target, opens the app.
enum WidgetLink {
    static func chat(scheme: String, peerId: Int64, accountId: Int64, family: WidgetPicture.Family) -> String {
        if family == .small { return app(scheme: scheme) }
        return "\(scheme)://localpeer?id=\(peerId)&accountId=\(accountId)"
    }

    static func app(scheme: String) -> String { "\(scheme)://" }
}

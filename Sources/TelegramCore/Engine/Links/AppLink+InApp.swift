/// Which links in a message the app opens itself rather than handing them to the opener.
extension AppLink {
    /// t.me paths that are not chats (an invite, a sticker set, a share box): the browser's.
    static let telegramNonChatPaths: Set<String> = [
        "joinchat", "addstickers", "addemoji", "addtheme", "share", "c", "s", "proxy", "socks", "login", "setlanguage", "bg",
        "invoice", "boost", "iv",
    ]

    /// The app's own link, opened as its chat here; nil for a link the opener opens. A
    /// `<scheme>://` link is always the app's (one it cannot open throws why); a t.me or
    /// telegram.me link (http or https, www or not) is when its path names a chat.
    public static func inApp(_ url: String, scheme: String) throws -> AppLink? {
        let trimmed = url.trimmingWhitespace()
        if trimmed.lowercased().hasPrefix(scheme.lowercased() + "://") {
            return try parse(scheme + "://" + trimmed.dropFirst(scheme.count + 3), scheme: scheme)
        }
        guard let path = telegramPath(trimmed) else { return nil }
        let first = String(path.prefix { $0 != "/" && $0 != "?" })
        guard !telegramNonChatPaths.contains(first.lowercased()) else { return nil }
        return try? parse("https://t.me/" + path, scheme: scheme)
    }

    /// What follows the host of a t.me or telegram.me link, nil for any other link.
    static func telegramPath(_ url: String) -> String? {
        var rest = Substring(url)
        for scheme in ["https://", "http://"] where rest.lowercased().hasPrefix(scheme) { rest = rest.dropFirst(scheme.count) }
        if rest.lowercased().hasPrefix("www.") { rest = rest.dropFirst(4) }
        for host in ["t.me/", "telegram.me/"] where rest.lowercased().hasPrefix(host) { return String(rest.dropFirst(host.count)) }
        return nil
    }
}

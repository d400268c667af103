/// The `:shortcode:` names a composer completes into emoji, as Slack, GitHub and Telegram
/// Desktop's emoji suggestions spell the common ones. A small table on purpose: the picker
/// lists it, and typing the name narrows it.
enum EmojiShortcodes {
    static let all: [(name: String, emoji: String)] = [
        ("+1", "👍"), ("-1", "👎"), ("100", "💯"), ("angry", "😠"), ("beer", "🍺"), ("birthday", "🎂"),
        ("blush", "😊"), ("broken_heart", "💔"), ("cake", "🍰"), ("check", "✅"), ("clap", "👏"),
        ("coffee", "☕"), ("confused", "😕"), ("cool", "😎"), ("cry", "😢"), ("eyes", "👀"),
        ("facepalm", "🤦"), ("fire", "🔥"), ("flushed", "😳"), ("gift", "🎁"), ("grin", "😁"),
        ("grinning", "😀"), ("hand", "✋"), ("heart", "❤️"), ("heart_eyes", "😍"), ("hugs", "🤗"),
        ("joy", "😂"), ("kiss", "😘"), ("laughing", "😆"), ("moon", "🌙"), ("muscle", "💪"),
        ("neutral", "😐"), ("ok", "🆗"), ("ok_hand", "👌"), ("party", "🥳"), ("pizza", "🍕"),
        ("point_up", "☝️"), ("poop", "💩"), ("pray", "🙏"), ("rainbow", "🌈"), ("raised_hands", "🙌"),
        ("relaxed", "☺️"), ("rocket", "🚀"), ("rofl", "🤣"), ("sad", "😞"), ("scream", "😱"),
        ("shrug", "🤷"), ("sleeping", "😴"), ("slightly_smiling", "🙂"), ("smile", "😄"), ("smiley", "😃"),
        ("smirk", "😏"), ("sob", "😭"), ("sparkles", "✨"), ("star", "⭐"), ("star_struck", "🤩"),
        ("sun", "☀️"), ("sunglasses", "😎"), ("sweat_smile", "😅"), ("tada", "🎉"), ("thinking", "🤔"),
        ("thumbsdown", "👎"), ("thumbsup", "👍"), ("tired", "😫"), ("upside_down", "🙃"), ("v", "✌️"),
        ("wave", "👋"), ("wink", "😉"), ("x", "❌"), ("yum", "😋"), ("zany", "🤪"), ("zzz", "💤"),
    ]

    static func emoji(named name: String) -> String? { all.first { $0.name == name }?.emoji }

    /// Names starting with `prefix`, in the table's order.
    static func matching(_ prefix: String) -> [(name: String, emoji: String)] {
        let prefix = prefix.lowercased()
        return all.filter { $0.name.hasPrefix(prefix) }
    }
}

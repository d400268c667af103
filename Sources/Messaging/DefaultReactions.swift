/// Telegram's default reactions, in the server's order (messages.getAvailableReactions, as the
/// Bot API lists them for ReactionTypeEmoji): what the picker offers where a chat allows all.
/// Written as the API writes them: the red heart is U+2764 without a variation selector.
public enum DefaultReactions {
    public static let all: [String] = [
        "👍", "👎", "❤", "🔥", "🥰", "👏", "😁", "🤔", "🤯", "😱", "🤬", "😢", "🎉", "🤩", "🤮", "💩", "🙏", "👌", "🕊",
        "🤡", "🥱", "🥴", "😍", "🐳", "❤‍🔥", "🌚", "🌭", "💯", "🤣", "⚡", "🍌", "🏆", "💔", "🤨", "😐", "🍓", "🍾", "💋",
        "🖕", "😈", "😴", "😭", "🤓", "👻", "👨‍💻", "👀", "🎃", "🙈", "😇", "😨", "🤝", "✍", "🤗", "🫡", "🎅", "🎄", "☃",
        "💅", "🤪", "🗿", "🆒", "💘", "🙉", "🦄", "😘", "💊", "🙊", "😎", "👾", "🤷‍♂", "🤷", "🤷‍♀", "😡",
    ]

    /// The list's form of an emoji typed with or without variation selectors ("❤️" is "❤"), or
    /// nil when it is not one of them.
    public static func canonical(_ emoji: String) -> String? {
        let stripped = String(String.UnicodeScalarView(emoji.unicodeScalars.filter { $0.value != 0xFE0F }))
        return all.first { $0 == emoji || $0 == stripped }
    }
}

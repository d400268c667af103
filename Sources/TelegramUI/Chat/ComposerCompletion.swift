/// What Tab completes at the composer's cursor: `@` and the start of a member's username or
/// name, or `:` and the start of an emoji's shortcode (a whole `:name:` becomes its emoji). Pure,
/// over the text and the cursor, so each rule is tested without a screen.
struct ComposerCompletion: Equatable {
    enum Kind: Equatable {
        case mention
        case emoji
    }

    /// One thing the token can become: the text that replaces it and how the picker shows it.
    struct Choice: Equatable {
        let replacement: String
        let label: String
    }

    let kind: Kind
    /// Characters of the token (its `@` or `:` included), as Composer counts them.
    let range: Range<Int>
    /// What was typed after the `@` or `:`.
    let prefix: String

    /// The token that ends at the cursor: `@` or `:` at the start of a word, then letters,
    /// digits, `_`, `+` or `-` (a closing `:` of `:name:` too); nil when there is none.
    static func token(in text: String, cursor: Int) -> ComposerCompletion? {
        let characters = Array(text)
        guard cursor <= characters.count else { return nil }
        // A `:` alone at the start of a word: the emoji picker, nothing typed yet.
        if cursor > 0, characters[cursor - 1] == ":", cursor - 1 == 0 || characters[cursor - 2].isWhitespace {
            return ComposerCompletion(kind: .emoji, range: (cursor - 1) ..< cursor, prefix: "")
        }
        var start = cursor
        var closedEmoji = false
        if start > 0, characters[start - 1] == ":" {
            // `:name:` just closed: the token is the whole of it.
            closedEmoji = true
            start -= 1
        }
        while start > 0, characters[start - 1].isLetter || characters[start - 1].isNumber || "_+-".contains(characters[start - 1]) {
            start -= 1
        }
        guard start > 0 else { return nil }
        let sigil = characters[start - 1]
        guard sigil == "@" || sigil == ":" else { return nil }
        guard start - 1 == 0 || characters[start - 2].isWhitespace else { return nil }
        if closedEmoji && sigil != ":" { return nil }
        let end = closedEmoji ? cursor - 1 : cursor
        return ComposerCompletion(kind: sigil == "@" ? .mention : .emoji, range: (start - 1) ..< cursor,
                                  prefix: String(characters[start ..< end]))
    }

    /// The choices for this token: members whose username or a word of whose name starts with
    /// the prefix (the username, or the name where there is none), or emoji whose shortcode does.
    func choices(members: [MentionCandidate]) -> [Choice] {
        switch kind {
        case .emoji:
            if let exact = EmojiShortcodes.emoji(named: prefix.lowercased()) { return [Choice(replacement: exact, label: ":\(prefix):")] }
            return EmojiShortcodes.matching(prefix).map { Choice(replacement: $0.emoji, label: "\($0.emoji)  :\($0.name):") }
        case .mention:
            let typed = prefix.lowercased()
            return members.filter { member in
                (member.username?.lowercased().hasPrefix(typed) ?? false)
                    || member.name.lowercased().split(separator: " ").contains { $0.hasPrefix(typed) }
            }.map { member in
                let mention = member.username.map { "@" + $0 } ?? member.name
                return Choice(replacement: mention + " ", label: member.username.map { "\(member.name)  @\($0)" } ?? member.name)
            }
        }
    }

    /// The longest start the choices' replacements share beyond the token (a partial completion).
    static func commonStart(_ choices: [Choice]) -> String? {
        guard var common = choices.first?.replacement else { return nil }
        for choice in choices.dropFirst() {
            common = String(zip(common, choice.replacement).prefix { $0 == $1 }.map(\.0))
        }
        return common.isEmpty ? nil : common
    }
}

/// Someone a chat's `@` can name: a group's member or a private chat's other side.
public struct MentionCandidate: Equatable, Sendable {
    public let name: String
    public let username: String?

    public init(name: String, username: String?) {
        self.name = name
        self.username = username
    }
}

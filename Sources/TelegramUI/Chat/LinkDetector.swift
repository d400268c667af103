/// Bare links in a message's text, as Telegram's clients find them where no entity marks them:
/// `http://`, `https://` and `tg://` links, `www.` hosts and `t.me/` / `telegram.me/` paths.
/// A link runs to the next space; trailing punctuation (".", ",", "!", "?", ":", ";", quotes)
/// and a closing bracket without its opening one inside the link are not part of it, so
/// "(see https://x.org/a_(b))." gives `https://x.org/a_(b)`. Hosts may be international
/// (IDNs), left as written. An e-mail address is not a link: a match must not follow a letter,
/// a digit, "@", "." or "/" (so `ada@www.example.org` gives nothing).
public enum LinkDetector {
    static let prefixes: [(written: String, opened: String)] = [
        ("https://", ""), ("http://", ""), ("tg://", ""), ("www.", "https://"), ("t.me/", "https://"), ("telegram.me/", "https://"),
    ]

    /// Each link found, as it opens (`www.x.org` → `https://www.x.org`), with its characters.
    public static func links(in text: String) -> [(url: String, range: Range<Int>)] {
        let characters = Array(text)
        let lowered = characters.map { Character($0.lowercased()) }
        var found: [(String, Range<Int>)] = []
        var index = 0
        while index < characters.count {
            guard index == 0 || !isGlued(characters[index - 1]),
                  let prefix = prefixes.first(where: { matches(lowered, at: index, $0.written) }) else {
                index += 1
                continue
            }
            var end = index
            while end < characters.count, !ends(characters[end]) { end += 1 }
            end = trimmed(characters, from: index, to: end)
            let body = index + prefix.written.count
            // Something after the prefix, starting like a host or a path.
            if end > body, characters[body].isLetter || characters[body].isNumber {
                found.append((prefix.opened + String(characters[index..<end]), index..<end))
                index = end
            } else {
                index = max(end, index + 1)
            }
        }
        return found
    }

    static func matches(_ lowered: [Character], at index: Int, _ prefix: String) -> Bool {
        var position = index
        for character in prefix {
            guard position < lowered.count, lowered[position] == character else { return false }
            position += 1
        }
        return true
    }

    /// A character that glues what follows to a word: an e-mail's "@", a domain's ".", a path.
    static func isGlued(_ character: Character) -> Bool {
        character.isLetter || character.isNumber || character == "@" || character == "." || character == "/" || character == "_" || character == "-"
    }

    /// Where a link stops: a space, a control character, or what never appears in one unescaped.
    static func ends(_ character: Character) -> Bool {
        character.isWhitespace || character.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F }
            || character == "<" || character == ">" || character == "\"" || character == "«" || character == "»"
    }

    /// The end with trailing punctuation and unbalanced closing brackets dropped.
    static func trimmed(_ characters: [Character], from start: Int, to end: Int) -> Int {
        var end = end
        let pairs: [Character: Character] = [")": "(", "]": "[", "}": "{"]
        while end > start {
            let last = characters[end - 1]
            if ".,!?:;'’”*".contains(last) {
                end -= 1
            } else if let opening = pairs[last] {
                let inside = characters[start..<end]
                if inside.filter({ $0 == opening }).count < inside.filter({ $0 == last }).count { end -= 1 } else { break }
            } else {
                break
            }
        }
        return end
    }
}

extension ChatMessage {
    /// What its links open, in the order they appear: the entities' (a text link's target, a url,
    /// a mention as its t.me link) and the bare links of the text no entity covers; each once.
    public var links: [String] {
        var found: [(url: String, start: Int)] = entities.compactMap { entity in entity.url.map { ($0, entity.range.lowerBound) } }
        let covered = entities.filter { $0.url != nil }.map(\.range)
        for link in LinkDetector.links(in: text) where !covered.contains(where: { $0.overlaps(link.range) }) {
            found.append((link.url, link.range.lowerBound))
        }
        var seen = Set<String>()
        return found.sorted { $0.start < $1.start }.map(\.url).filter { seen.insert($0).inserted }
    }
}

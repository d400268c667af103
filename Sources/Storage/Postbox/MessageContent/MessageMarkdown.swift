/// Telegram's message markdown, as its apps read what is typed before sending: `**bold**`,
/// `__italic__`, `` `code` ``, ```` ```pre``` ```` (a language word on the fence's line),
/// `~~strike~~`, `||spoiler||` and `[text](url)` become the plain text and its entities, named as
/// Telegram Desktop's export names them. A marker with no closing one stays as typed; what is in
/// code is literal; markers nest (bold around italic). Any input parses: at worst it is all text.
public enum MessageMarkdown {
    /// The text without its markers, and its entities (offsets and lengths in UTF-16 units, an
    /// enclosing entity before what it encloses).
    public static func parse(_ text: String) -> (text: String, entities: [MessageTextEntity]) {
        var parser = Parser(Array(text))
        parser.parse(0 ..< parser.characters.count)
        // An enclosing entity is added after what it encloses: on the same span, the later first.
        let ordered = parser.entities.enumerated().sorted {
            ($0.element.offset, -$0.element.length, -$0.offset) < ($1.element.offset, -$1.element.length, -$1.offset)
        }
        return (parser.output, ordered.map(\.element))
    }

    /// The paired markers around formatted text, and their entity types.
    static let pairs: [(marker: [Character], type: String)] = [
        (["*", "*"], "bold"), (["_", "_"], "italic"), (["~", "~"], "strikethrough"), (["|", "|"], "spoiler"),
    ]

    private struct Parser {
        let characters: [Character]
        var output = ""
        var outputUTF16 = 0
        var entities: [MessageTextEntity] = []

        init(_ characters: [Character]) { self.characters = characters }

        /// Parses `range` of the input into the output.
        mutating func parse(_ range: Range<Int>) {
            // Where a search for a marker's closing failed: none closes after it in this range either.
            // (So a text of many unclosed markers is read once, not once per marker.)
            var unclosed: [String: Int] = [:]
            var index = range.lowerBound
            while index < range.upperBound {
                if let next = pre(at: index, in: range, &unclosed) ?? code(at: index, in: range, &unclosed)
                    ?? link(at: index, in: range, &unclosed) {
                    index = next
                    continue
                }
                if let pair = Self.pair(at: index, characters, range) {
                    if let close = search(pair.type, from: index + 2, &unclosed, { closing(pair.marker, from: $0, in: range) }),
                       close > index + 2 {
                        let start = outputUTF16
                        parse(index + 2 ..< close)
                        add(pair.type, from: start)
                        index = close + 2
                        continue
                    }
                    append(characters[index])
                    append(characters[index + 1])
                    index += 2
                    continue
                }
                append(characters[index])
                index += 1
            }
        }

        /// A ```` ``` ```` block at `index`: its text literal, a first line of one word its language.
        mutating func pre(at index: Int, in range: Range<Int>, _ unclosed: inout [String: Int]) -> Int? {
            guard matches(["`", "`", "`"], at: index, range),
                  let close = search("pre", from: index + 3, &unclosed, { find(["`", "`", "`"], from: $0, in: range) }) else { return nil }
            var body = index + 3 ..< close
            var language: String?
            if let newline = characters[body].firstIndex(where: \.isNewline) {
                let word = characters[body.lowerBound ..< newline]
                if !word.isEmpty, !word.contains(where: \.isWhitespace), !word.contains("`") { language = String(word) }
                if word.isEmpty || language != nil { body = newline + 1 ..< body.upperBound }
            }
            if let last = body.last, characters[last].isNewline { body = body.lowerBound ..< last }
            guard !body.isEmpty else { return nil }
            let start = outputUTF16
            for character in characters[body] { append(character) }
            add("pre", from: start, value: language)
            return close + 3
        }

        /// `` `code` `` at `index`, its text literal.
        mutating func code(at index: Int, in range: Range<Int>, _ unclosed: inout [String: Int]) -> Int? {
            guard characters[index] == "`", let close = search("code", from: index + 1, &unclosed, { find(["`"], from: $0, in: range) }),
                  close > index + 1 else { return nil }
            let start = outputUTF16
            for character in characters[index + 1 ..< close] { append(character) }
            add("code", from: start)
            return close + 1
        }

        /// `[text](url)` at `index`: the text (itself formatted) linked to a url with no spaces.
        mutating func link(at index: Int, in range: Range<Int>, _ unclosed: inout [String: Int]) -> Int? {
            guard characters[index] == "[",
                  let textEnd = search("link", from: index + 1, &unclosed, { find(["]", "("], from: $0, in: range) }),
                  textEnd > index + 1, !characters[index + 1 ..< textEnd].contains("[") else { return nil }
            let urlStart = textEnd + 2
            guard let urlEnd = characters[urlStart ..< range.upperBound].firstIndex(of: ")"), urlEnd > urlStart,
                  !characters[urlStart ..< urlEnd].contains(where: \.isWhitespace) else { return nil }
            let start = outputUTF16
            parse(index + 1 ..< textEnd)
            add("text_link", from: start, value: String(characters[urlStart ..< urlEnd]))
            return urlEnd + 1
        }

        /// `find` from `from`, unless a search for `key` already failed from there or before.
        func search(_ key: String, from: Int, _ unclosed: inout [String: Int], _ find: (Int) -> Int?) -> Int? {
            if let failed = unclosed[key], from >= failed { return nil }
            guard let found = find(from) else {
                unclosed[key] = min(unclosed[key] ?? Int.max, from)
                return nil
            }
            return found
        }

        /// The closing `marker` after `from`, code spans skipped (a marker in code is not one).
        func closing(_ marker: [Character], from: Int, in range: Range<Int>) -> Int? {
            var index = from
            while index < range.upperBound {
                if characters[index] == "`" {
                    let fence = matches(["`", "`", "`"], at: index, range)
                    let width = fence ? 3 : 1
                    if let close = find(Array(repeating: "`", count: width), from: index + width, in: range) {
                        index = close + width
                        continue
                    }
                }
                if matches(marker, at: index, range) { return index }
                index += 1
            }
            return nil
        }

        static func pair(at index: Int, _ characters: [Character], _ range: Range<Int>) -> (marker: [Character], type: String)? {
            guard index + 1 < range.upperBound else { return nil }
            return MessageMarkdown.pairs.first { characters[index] == $0.marker[0] && characters[index + 1] == $0.marker[1] }
        }

        func matches(_ marker: [Character], at index: Int, _ range: Range<Int>) -> Bool {
            guard index >= range.lowerBound, index + marker.count <= range.upperBound else { return false }
            return characters[index ..< index + marker.count].elementsEqual(marker)
        }

        func find(_ marker: [Character], from: Int, in range: Range<Int>) -> Int? {
            var index = from
            while index + marker.count <= range.upperBound {
                if matches(marker, at: index, range) { return index }
                index += 1
            }
            return nil
        }

        mutating func append(_ character: Character) {
            output.append(character)
            outputUTF16 += character.utf16.count
        }

        mutating func add(_ type: String, from start: Int, value: String? = nil) {
            guard outputUTF16 > start else { return }
            entities.append(MessageTextEntity(type: type, offset: Int32(clamping: start), length: Int32(clamping: outputUTF16 - start),
                                              value: value))
        }
    }
}

import Storage
import Testing

/// Telegram's markdown read into text and entities, as the apps do before sending.
@Suite("Storage: message markdown")
struct MessageMarkdownTests {
    func entity(_ type: String, _ offset: Int32, _ length: Int32, _ value: String? = nil) -> MessageTextEntity {
        MessageTextEntity(type: type, offset: offset, length: length, value: value)
    }

    @Test func eachMarkerBecomesItsEntity() {
        let parsed = MessageMarkdown.parse("a **bold** __it__ ~~gone~~ ||secret|| `x = 1` [site](https://telegram.org)")
        #expect(parsed.text == "a bold it gone secret x = 1 site")
        #expect(parsed.entities == [
            entity("bold", 2, 4), entity("italic", 7, 2), entity("strikethrough", 10, 4), entity("spoiler", 15, 6),
            entity("code", 22, 5), entity("text_link", 28, 4, "https://telegram.org"),
        ])
    }

    @Test func preBlocksWithAndWithoutALanguage() {
        let swift = MessageMarkdown.parse("look:\n```swift\nlet x = 1\n```\ndone")
        #expect(swift.text == "look:\nlet x = 1\ndone")
        #expect(swift.entities == [entity("pre", 6, 9, "swift")])
        let plain = MessageMarkdown.parse("```two words```")
        #expect(plain.text == "two words" && plain.entities == [entity("pre", 0, 9)])
    }

    @Test func offsetsAndLengthsCountUTF16() {
        let parsed = MessageMarkdown.parse("👩‍👩‍👧 **中文😀**")
        #expect(parsed.text == "👩‍👩‍👧 中文😀")
        // The family is 8 UTF-16 units, the space 1; 中文 2 and 😀 2.
        #expect(parsed.entities == [entity("bold", 9, 4)])
    }

    @Test func unclosedAndEmptyMarkersStayAsTyped() {
        for text in ["**not bold", "a __b", "`open", "```never closed", "[text](no close", "[text] (url)", "****", "~~~~ x",
                     "[](empty)", "[x](has space)", "||"] {
            let parsed = MessageMarkdown.parse(text)
            #expect(parsed.text == text && parsed.entities.isEmpty, "\(text)")
        }
    }

    @Test func markersInsideCodeAreLiteral() {
        let parsed = MessageMarkdown.parse("`**not bold**` and ```__nor italic__```")
        #expect(parsed.text == "**not bold** and __nor italic__")
        #expect(parsed.entities == [entity("code", 0, 12), entity("pre", 17, 14)])
        let spanning = MessageMarkdown.parse("**a `**` b**")
        #expect(spanning.text == "a ** b" && spanning.entities == [entity("bold", 0, 6), entity("code", 2, 2)],
                "a closing marker in code does not close")
    }

    @Test func boldAndItalicNest() {
        let parsed = MessageMarkdown.parse("**bold __both__** __it **both**__ [**link**](t.me/x)")
        #expect(parsed.text == "bold both it both link")
        #expect(parsed.entities == [
            entity("bold", 0, 9), entity("italic", 5, 4), entity("italic", 10, 7), entity("bold", 13, 4),
            entity("text_link", 18, 4, "t.me/x"), entity("bold", 18, 4),
        ])
    }

    /// Any string parses, and the entities lie within the text (a property over random strings of
    /// the markers' characters, where the parser's edge cases are).
    @Test func anyInputParsesIntoEntitiesWithinTheText() {
        var generator = SplitMix(seed: 29)
        let alphabet: [Character] = ["*", "_", "~", "|", "`", "[", "]", "(", ")", "\n", " ", "a", "b", "中", "👩‍👩‍👧", "é", "x"]
        for _ in 0 ..< 3000 {
            let length = Int(generator.next() % 40)
            let text = String((0 ..< length).map { _ in alphabet[Int(generator.next() % UInt64(alphabet.count))] })
            let parsed = MessageMarkdown.parse(text)
            let units = parsed.text.utf16.count
            for entity in parsed.entities {
                #expect(entity.offset >= 0 && entity.length > 0 && Int(entity.offset + entity.length) <= units, "\(text.debugDescription)")
            }
            #expect(parsed.text.count <= text.count, "markers only removed")
        }
        let long = String(repeating: "**[`__", count: 5000)
        #expect(MessageMarkdown.parse(long).text.count <= long.count, "a long unclosed text in reasonable time")
    }

    /// What a message's entities are written back as (an edit's composer) parses to the same
    /// text and entities: over random well-formed markdown, nested, with emoji and CJK.
    @Test func writtenBackMarkdownParsesToTheSameEntities() {
        var generator = SplitMix(seed: 41)
        func plain() -> String {
            let words = ["a", "word", "中文", "👩‍👩‍👧", "é", " ", "\n", "x y"]
            return (0 ..< 1 + Int(generator.next() % 3)).map { _ in words[Int(generator.next() % UInt64(words.count))] }.joined()
        }
        func formatted(_ depth: Int) -> String {
            (0 ..< 1 + Int(generator.next() % 3)).map { _ -> String in
                guard depth < 3 else { return plain() }
                switch generator.next() % 8 {
                case 0: return "**" + formatted(depth + 1) + "**"
                case 1: return "__" + formatted(depth + 1) + "__"
                case 2: return "~~" + formatted(depth + 1) + "~~"
                case 3: return "||" + formatted(depth + 1) + "||"
                case 4: return "`" + String(plain().map { $0 == "\n" ? " " : $0 }) + "`"
                case 5: return "[" + formatted(depth + 1) + "](https://t.me/x\(generator.next() % 9))"
                default: return plain()
                }
            }.joined(separator: generator.next() % 2 == 0 ? " " : "")
        }
        for _ in 0 ..< 2000 {
            let source = formatted(0)
            let parsed = MessageMarkdown.parse(source)
            let written = MessageMarkdown.markdown(parsed.text, entities: parsed.entities)
            let again = MessageMarkdown.parse(written)
            #expect(again.text == parsed.text && again.entities == parsed.entities, "\(source.debugDescription) → \(written.debugDescription)")
        }
        let pre = MessageMarkdown.parse("see ```swift\nlet x = 1\n``` done")
        #expect(MessageMarkdown.parse(MessageMarkdown.markdown(pre.text, entities: pre.entities)) == pre)
        #expect(MessageMarkdown.markdown("a @ada b", entities: [MessageTextEntity(type: "mention", offset: 2, length: 4)]) == "a @ada b",
                "a mention is text again")
    }
}

/// A small seeded generator, so the property test is the same every run.
private struct SplitMix {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

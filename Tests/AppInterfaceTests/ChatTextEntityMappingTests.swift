@testable import AppInterface
import Storage
import TelegramCore
import TelegramUI
import Testing

/// A message's stored entities (UTF-16, Telegram's names) as the chat draws them (Characters,
/// styles): wide characters and emoji counted right, bad ranges ignored, never a crash.
@Suite("AppInterface: message entities for the chat screen")
struct ChatTextEntityMappingTests {
    func entity(_ type: String, _ offset: Int32, _ length: Int32) -> MessageTextEntity {
        MessageTextEntity(type: type, offset: offset, length: length)
    }

    @Test func utf16OffsetsBecomeCharacterRanges() {
        // 👩‍👩‍👧 is 8 UTF-16 units and one Character; 中 one unit; 😀 two.
        let text = "👩‍👩‍👧 中文 😀 end"
        let mapped = ChatTextEntityMapping.entities([
            entity("bold", 0, 8), entity("italic", 9, 2), entity("spoiler", 12, 2), entity("text_link", 15, 3),
            entity("mention", 9, 1), entity("pre", 0, 18), entity("pre", 0, 19),
        ], in: text)
        #expect(mapped == [
            ChatTextEntity(range: 0 ..< 1, styles: .bold), ChatTextEntity(range: 2 ..< 4, styles: .italic),
            ChatTextEntity(range: 5 ..< 6, styles: .spoiler), ChatTextEntity(range: 7 ..< 10, styles: .link),
            ChatTextEntity(range: 2 ..< 3, styles: .link), ChatTextEntity(range: 0 ..< 10, styles: .code),
        ])
    }

    @Test func linksCarryWhatTheyOpen() {
        let text = "see docs, example.org, @ada_l and mail ada@x.org"
        let mapped = ChatTextEntityMapping.entities([
            MessageTextEntity(type: "text_link", offset: 4, length: 4, value: "https://docs.example.org/a"),
            entity("link", 10, 11), entity("mention", 23, 6), entity("email", 39, 9),
        ], in: text)
        #expect(mapped.map(\.url) == ["https://docs.example.org/a", "https://example.org", "https://t.me/ada_l", nil])
    }

    @Test func badRangesAndUnknownTypesAreIgnored() {
        let text = "short 😀"
        let mapped = ChatTextEntityMapping.entities([
            entity("bold", -1, 3), entity("bold", 2, 0), entity("bold", 5, 100), entity("bold", Int32.max, Int32.max),
            entity("custom_emoji", 0, 2), entity("italic", 7, 1),
        ], in: text)
        #expect(mapped == [ChatTextEntity(range: 6 ..< 7, styles: .italic)], "half of the emoji covers the emoji")
        #expect(ChatTextEntityMapping.entities([entity("bold", 0, 1)], in: "").isEmpty)
    }

    @Test func aStoredMessageCarriesItsEntitiesToTheScreen() throws {
        try PostboxFixture.withPostbox(messages: 1) { postbox in
            let group = PostboxFixture.group
            let parsed = MessageMarkdown.parse("see **this** ||now||")
            try postbox.transaction { t in
                try t.addMessages([Message(
                    index: MessageIndex(id: MessageId(peerId: group, id: 50), timestamp: 1_900_000_000), authorId: PostboxFixture.ada,
                    text: parsed.text, isIncoming: true, contentKind: .text, extras: MessageExtras(entities: parsed.entities))])
            }
            let page = try EngineDataSources(engine: TelegramEngine(postbox: postbox)).messages(in: group.chatId, before: nil, limit: 10)
            let message = try #require(page.first { $0.index.id == 50 })
            #expect(message.text == "see this now")
            #expect(message.entities == [ChatTextEntity(range: 4 ..< 8, styles: .bold), ChatTextEntity(range: 9 ..< 12, styles: .spoiler)])
        }
    }
}

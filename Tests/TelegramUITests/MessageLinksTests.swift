import Testing
import TelegramUI

/// The links Enter offers on a message: the entities' and the bare ones of its text.
@Suite("TelegramUI: links in a message")
struct MessageLinksTests {
    private func links(_ text: String) -> [String] { LinkDetector.links(in: text).map(\.url) }

    @Test func bareLinksEndAtSpacesAndLoseTrailingPunctuation() {
        #expect(links("see https://example.org/a?b=1&c=2, then http://x.io.") == ["https://example.org/a?b=1&c=2", "http://x.io"])
        #expect(links("Really? https://example.org/!") == ["https://example.org/"])
        #expect(links("«https://example.org/q»") == ["https://example.org/q"])
        #expect(links("nothing here: https:// or http://.") == [])
    }

    @Test func parenthesesStayWhenTheLinkOpensThem() {
        #expect(links("(see https://en.wikipedia.org/wiki/Engine_(computing))") == ["https://en.wikipedia.org/wiki/Engine_(computing)"])
        #expect(links("(see https://example.org/page)") == ["https://example.org/page"])
        #expect(links("[https://example.org]") == ["https://example.org"])
    }

    @Test func wwwAndTelegramHostsOpenOverHTTPS() {
        #expect(links("www.example.org and t.me/durov and telegram.me/ada") ==
                ["https://www.example.org", "https://t.me/durov", "https://telegram.me/ada"])
        #expect(links("tg://resolve?domain=ada") == ["tg://resolve?domain=ada"])
        #expect(links("HTTPS://Example.org") == ["HTTPS://Example.org"])
    }

    @Test func internationalHostsAreLinksAsWritten() {
        #expect(links("привет https://пример.рф/путь!") == ["https://пример.рф/путь"])
        #expect(links("https://例え.テスト") == ["https://例え.テスト"])
    }

    @Test func emailsAndGluedWordsAreNotLinks() {
        #expect(links("write to ada@example.org or ada@www.example.org") == [])
        #expect(links("mailto:ada@example.org") == [])
        #expect(links("xhttps://example.org notwww.example.org") == [])
    }

    @Test func entitiesComeFirstInTextOrderAndBareLinksTheyCoverAreNotRepeated() {
        let text = "docs https://a.org and @ada plus https://b.org"
        let message = ChatMessage(index: .init(timestamp: 1, id: 1), authorId: nil, text: text, isIncoming: true, entities: [
            ChatTextEntity(range: 0..<4, styles: .link, url: "https://docs.example.org"),
            ChatTextEntity(range: 5..<18, styles: .link, url: "https://a.org"),
            ChatTextEntity(range: 23..<27, styles: .link, url: "https://t.me/ada"),
            ChatTextEntity(range: 0..<4, styles: .bold),
        ])
        #expect(message.links == ["https://docs.example.org", "https://a.org", "https://t.me/ada", "https://b.org"])
    }
}

import Display
@testable import TelegramUI
import TelegramUIFakes
import Testing

/// A message's entities drawn in the chat: each wrapped row's parts in their styles (bold,
/// italic, code, links underlined, struck text dimmed), a spoiler hidden as ░.
@MainActor
@Suite("TelegramUI: formatted text in the chat")
struct ChatEntitiesSnapshotTests {
    static let text = "Plain **bold** and italic, `code`, a link, ~gone~ and a secret 中文 here to wrap"

    /// The message drawn in a `width`-column window: the surface and the rows of the message.
    func draw(width: Int, entities: [ChatTextEntity]) -> Surface {
        let store = FakeStore.fixture(messages: 0)
        store.histories[FakeStore.engineClub] = [
            ChatMessage(index: .init(timestamp: 1_700_000_000, id: 1), authorId: FakeStore.ada, text: Self.text, isIncoming: true,
                        entities: entities),
        ]
        let chat = ChatController(source: store, peerId: FakeStore.engineClub, title: "Engine Club")
        let window = Window(rootController: NavigationController(mode: .single, root: chat),
                            context: PresentationContext(theme: .dayMonochrome))
        window.layout(size: Size(width: width, height: 16))
        var surface = Surface(width: 0, height: 0)
        window.render(into: &surface)
        return surface
    }

    /// Each row's runs of one style, as "text|style" (time and sender left out).
    func runs(_ surface: Surface, rows: Range<Int>) -> [[String]] {
        rows.map { row in
            var result: [String] = [], current = "", style: Style?
            for column in 7 ..< surface.width {
                let cell = surface[column, row]
                if cell.width == 0 { continue }
                if cell.style != style, let previous = style {
                    result.append("\(current)|\(previous)")
                    current = ""
                }
                style = cell.style
                current.append(cell.character)
            }
            if let style { result.append("\(current.replacingOccurrences(of: " +$", with: "", options: .regularExpression))|\(style)") }
            return result
        }
    }

    func range(of part: String) -> Range<Int> {
        let characters = Array(Self.text)
        let needle = Array(part)
        let start = (0 ... characters.count - needle.count).first { Array(characters[$0 ..< $0 + needle.count]) == needle }!
        return start ..< start + needle.count
    }

    @Test func eachStyleIsDrawnThroughWrapping() {
        let entities = [
            ChatTextEntity(range: range(of: "**bold**"), styles: .bold),
            ChatTextEntity(range: range(of: "italic"), styles: .italic),
            ChatTextEntity(range: range(of: "`code`"), styles: .code),
            ChatTextEntity(range: range(of: "a link"), styles: .link),
            ChatTextEntity(range: range(of: "~gone~"), styles: .strikethrough),
            ChatTextEntity(range: range(of: "secret 中文"), styles: .spoiler),
            ChatTextEntity(range: range(of: "and a secret"), styles: .italic),
        ]
        let surface = draw(width: 40, entities: entities)
        let lines = surface.textLines
        let first = lines.firstIndex { $0.contains("Plain") }!
        #expect(Array(lines[first ..< first + 4]).map { String($0.dropFirst(7)).replacingOccurrences(of: " +$", with: "", options: .regularExpression) } == [
            "Ada Lovelace: Plain **bold**",
            "and italic, `code`, a link,",
            "~gone~ and a ░░░░░░░░░░░ here",
            "to wrap",
        ], "\(lines)")
        let styled = runs(surface, rows: first ..< first + 3)
        #expect(styled[0] == ["Ada Lovelace: |bold", "Plain |plain", "**bold**|bold", "|plain"], "\(styled[0])")
        #expect(styled[1] == ["and |plain", "italic|italic", ", |plain", "`code`|bold", ", |plain", "a link|bold underline", ",|plain"],
                "code in the accent (bold in monochrome), a link underlined: \(styled[1])")
        #expect(styled[2] == ["~gone~|dim", " |plain", "and a |italic", "░░░░░░░░░░░|dim", " here|plain"],
                "struck dimmed; the spoiler's 11 columns hidden, the italic over it too: \(styled[2])")
    }

    @Test func outOfRangeEntitiesDrawNothingAmiss() {
        let surface = draw(width: 40, entities: [ChatTextEntity(range: 70 ..< 500, styles: .bold),
                                                 ChatTextEntity(range: 400 ..< 500, styles: .spoiler)])
        #expect(surface.textLines.contains { $0.contains("~gone~ and a secret 中文 here") }, "the text as it is, unstyled")
    }
}

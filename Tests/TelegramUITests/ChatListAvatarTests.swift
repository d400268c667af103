import Display
@testable import TelegramUI
import TelegramUIFakes
import Testing

/// The chat list's avatar column: every row carries its initials on the peer's avatar colour
/// until the app hands a picture, which then replaces them without the list being read again.
@MainActor
@Suite("TelegramUI: chat list avatars")
struct ChatListAvatarTests {
    @Test func rowsCarryTheInitialsFallback() throws {
        let store = FakeStore.fixture(messages: 3), group = FakeStore.engineClub
        do {
            let list = ChatListController(source: store)
            list.reload(now: 1_800_000_000)
            #expect(list.leadingColumns == ChatListAvatar.size.width)
            let engine = try #require(list.items.first?.leading)
            #expect(engine.width == 4 && engine.height == 2)
            // "Engine Club": E and C, white and bold, centred on the first row.
            #expect(engine[1, 0].character == "E" && engine[2, 0].character == "C")
            #expect(engine[1, 0].foreground == .rgb(255, 255, 255) && engine[1, 0].attributes == .bold)
            // Telegram's colour for the peer: the first of its pair, abs(id) % 7 (3 → 0x54cb68).
            #expect(ChatListAvatar.color(group) == .rgb(0x54, 0xcb, 0x68))
            #expect(engine.elements.allSatisfy { $0.background == ChatListAvatar.color(group) })
            let ada = try #require(list.items.last?.leading)
            #expect(ada[1, 0].character == "A" && ada[2, 0].character == "L")

            let window = Window(rootController: NavigationController(mode: .single, root: list),
                                context: PresentationContext(theme: .dayMonochrome))
            window.layout(size: Size(width: 60, height: 12))
            var surface = Surface(width: 0, height: 0)
            window.render(into: &surface)
            #expect(surface.textLines.contains { $0.hasPrefix("  EC  Engine Club") }, "\(surface.textLines)")
            window.layout(size: Size(width: 40, height: 12))
            window.render(into: &surface)
            #expect(surface.textLines.contains { $0.hasPrefix(" Engine Club") }, "no avatar column under 50 columns")
        }
    }

    @Test func initialsOfEveryWidthFit() {
        func chat(_ letters: [String]) -> ChatListItem {
            ChatListItem(peerId: .user(8), title: "", letters: letters)
        }
        let wide = ChatListAvatar.initials(chat(["李", "王"]))
        #expect(wide[0, 0].character == "李" && wide[2, 0].character == "王")
        let mixed = ChatListAvatar.initials(chat(["🎉", "P"]))
        #expect(mixed[0, 0].character == "🎉" && mixed[2, 0].character == "P")
        let none = ChatListAvatar.initials(chat([]))
        #expect(none.elements.allSatisfy { $0.character == " " && $0.background == ChatListAvatar.color(.user(8)) })
        #expect(ChatListAvatar.color(.user(8)) == .rgb(0xff, 0xa8, 0x5c), "8 % 7 = 1")
    }

    @Test func picturesReplaceTheInitialsOnceDrawn() throws {
        let store = FakeStore.fixture(messages: 3), group = FakeStore.engineClub
        do {
            let list = ChatListController(source: store)
            var drawn: [ChatId: CellGrid] = [:]
            list.avatarPicture = { drawn[$0.peerId] }
            list.reload(now: 1_800_000_000)
            #expect(list.items[0].leading?[1, 0].character == "E", "nothing drawn yet: initials")
            let picture = CellGrid(width: 4, height: 2, fill: .init("▀", foreground: .rgb(1, 2, 3), background: .rgb(4, 5, 6)))
            drawn[group] = picture
            list.avatarsChanged()
            #expect(list.items[0].leading == picture)
            #expect(list.items[1].leading?[1, 0].character == "A", "the other row keeps its initials")
        }
    }
}

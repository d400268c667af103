import Display
@testable import TelegramUI
import TelegramUIFakes
import Testing

/// The composer in the chat screen: its keys before the chat's, its rows growing with the text
/// and scrolling to the cursor, the cursor drawn where it is, and Enter sending the whole text.
@MainActor
@Suite("TelegramUI: the chat's composer")
struct ChatComposerTests {
    /// Engine Club with a few messages in a 40 × `height` window, a first frame drawn.
    func openChat(height: Int = 24) -> (FakeStore, ChatController, Window) {
        let store = FakeStore.fixture(messages: 40)
        let chat = ChatController(source: store, peerId: FakeStore.engineClub, title: "Engine Club")
        let window = EntryAndSearchTests.window(chat, width: 40, height: height)
        _ = store.draw(window)
        return (store, chat, window)
    }

    func surface(_ window: Window) -> Surface {
        var surface = Surface(width: 0, height: 0)
        window.render(into: &surface)
        return surface
    }

    /// The rows from the separator above the composer down to the bottom.
    func composerRows(_ window: Window) -> [String] {
        let lines = surface(window).textLines
        guard let separator = lines.lastIndex(where: { $0.hasPrefix("────") }) else { return [] }
        return Array(lines[(separator + 1)...]).map { $0.trimmingTrailingSpaces }
    }

    @Test func theComposerGrowsWithItsTextToAThirdOfTheScreenThenScrolls() {
        let (_, chat, window) = openChat()
        #expect(composerRows(window).first == " ›  Message")
        let contentBefore = chat.controllerLayout(chat.validLayout!).content.height
        window.handle(.paste("one\ntwo\nthree"))
        #expect(Array(composerRows(window).prefix(3)) == [" › one", "   two", "   three"])
        #expect(chat.controllerLayout(chat.validLayout!).content.height == contentBefore - 2, "the history gives up two rows")
        window.handle(.paste(String(repeating: "\nmore", count: 20) + "\nlast"))
        let rows = composerRows(window)
        let layoutHeight = chat.validLayout!.size.height
        #expect(rows.count - 1 <= layoutHeight / 3, "at most a third of the screen: \(rows)")
        #expect(rows.contains("   last"), "scrolled to the cursor at the end: \(rows)")
        #expect(!rows.contains(" › one"), "the first line scrolled out")
        for _ in 0 ..< 30 { window.handle(.key(.up)) }
        #expect(composerRows(window).contains(" › one"), "back up at the first line")
    }

    @Test func theCursorIsDrawnWhereItIs() {
        let (_, _, window) = openChat()
        EntryAndSearchTests.type("hello", into: window)
        window.handle(.key(.left))
        window.handle(.key(.left))
        let drawn = surface(window)
        let row = drawn.textLines.lastIndex { $0.hasPrefix(" › hello") }!
        // " › " then "hel": the cursor on the first "l" of "lo".
        #expect(drawn[6, row].style.attributes.contains(.reverse))
        #expect(drawn[6, row].character == "l")
        #expect(!drawn[5, row].style.attributes.contains(.reverse))
        window.handle(.key(.character("X")))
        #expect(composerRows(window).first == " › helXlo")
    }

    @Test func enterSendsTheWholeMultiLineTextAndAltEnterAndControlJDoNot() {
        let (store, chat, window) = openChat()
        let actions = FakeChatActions(store: store)
        chat.actions = actions
        EntryAndSearchTests.type("first", into: window)
        window.handle(.key(.enter, .alt))
        EntryAndSearchTests.type("second", into: window)
        window.handle(.key(.character("j"), .control))
        let long = String(repeating: "x", count: 9000)
        window.handle(.paste(long))
        #expect(actions.sent.isEmpty)
        window.handle(.key(.enter))
        #expect(actions.sent.map(\.text) == ["first\nsecond\n" + long], "the whole text: the app splits what is over Telegram's limit")
        #expect(chat.composer.isEmpty)
    }

    @Test func anEmptyComposerLeavesTheArrowsToTheHistory() {
        let (_, chat, window) = openChat()
        window.handle(.key(.up))
        #expect(chat.selection?.id == 40, "↑ selects the newest message")
        window.handle(.key(.escape))
        #expect(chat.selection == nil)
        EntryAndSearchTests.type("ab", into: window)
        window.handle(.key(.home))
        window.handle(.key(.character("X")))
        #expect(chat.composer.text == "Xab", "Home moves the cursor once there is text")
        window.handle(.key(.pageUp))
        #expect(chat.scrollFromBottom > 1, "PgUp is the history's")
    }

    @Test func setDraftAndAnExternalEditor() {
        let (_, chat, window) = openChat()
        chat.setDraft("from the store")
        #expect(composerRows(window).first == " › from the store")
        chat.onEditExternally = { $0.uppercased() + "\nmore" }
        window.handle(.key(.character("e"), .alt))
        #expect(chat.composer.text == "FROM THE STORE\nmore" && chat.composer.cursor == chat.composer.text.count)
        struct Failed: Error, CustomStringConvertible { var description: String { "`false` exited with status 1" } }
        chat.onEditExternally = { _ in throw Failed() }
        window.handle(.key(.character("e"), .alt))
        #expect(chat.composer.text == "FROM THE STORE\nmore", "the draft as it was")
        chat.reload()
        #expect(chat.status?.contains("exited with status 1") == true, "kept over the app's reloads, until the person types")
        #expect(composerRows(window).first?.hasPrefix(" Draft unchanged") == true, "said in the composer's row")
    }
}

private extension String {
    var trimmingTrailingSpaces: String {
        var copy = self
        while copy.last == " " { copy.removeLast() }
        return copy
    }
}

/// A chat the account cannot write to (a channel only its admins post in, a group it left): the
/// reason where the composer was, keys that would write say it again and write nothing, and the
/// chat's own keys still work.
@MainActor
@Suite("TelegramUI: a chat that cannot be written to")
struct ReadOnlyChatTests {
    let restriction = "Only the channel's admins can post here"

    /// The composer's rows show the reason (cut to the 40 columns' width).
    func showsReason(_ window: Window) -> Bool {
        let rows = ChatComposerTests().composerRows(window)
        return rows.count == 1 && rows[0].hasPrefix(" Only the channel's admins")
    }

    @Test func theReasonStandsWhereTheComposerWasAndNothingCanBeWritten() {
        let composerTests = ChatComposerTests()
        let (store, chat, window) = composerTests.openChat()
        let actions = FakeChatActions(store: store)
        chat.actions = actions
        store.writeRestrictions[FakeStore.engineClub] = restriction
        chat.reload()
        #expect(showsReason(window), "\(composerTests.composerRows(window))")
        EntryAndSearchTests.type("hello", into: window)
        window.handle(.paste("pasted"))
        window.handle(.key(.enter))
        #expect(chat.composer.isEmpty, "nothing was written")
        #expect(actions.sent.isEmpty, "nothing was sent")
        #expect(showsReason(window), "\(composerTests.composerRows(window))")
        window.handle(.key(.up))
        #expect(chat.selection != nil, "↑ still selects the newest message")
        window.handle(.key(.character("r")))
        #expect(chat.replyTarget == nil, "no reply starts")
        #expect(chat.status == restriction)
    }

    @Test func theComposerComesBackWhenTheAccountMayWriteAgain() {
        let composerTests = ChatComposerTests()
        let (store, chat, window) = composerTests.openChat()
        store.writeRestrictions[FakeStore.engineClub] = restriction
        chat.reload()
        #expect(showsReason(window), "\(composerTests.composerRows(window))")
        store.writeRestrictions[FakeStore.engineClub] = nil
        chat.reload()
        #expect(composerTests.composerRows(window).first == " ›  Message")
        EntryAndSearchTests.type("hello", into: window)
        #expect(chat.composer.text == "hello")
    }
}

/// A broadcast channel's posts are the channel's: no "You:" before the account's own, as in
/// Telegram; a supergroup (also a channel to the server) names everyone.
@MainActor
@Suite("TelegramUI: a broadcast channel's posts carry no author")
struct BroadcastChannelPostsTests {
    static let channel = ChatId.channel(9)

    func rows(broadcast: Bool) -> [String] {
        let store = FakeStore()
        store.histories[Self.channel] = [
            ChatMessage(index: .init(timestamp: 1_700_000_000, id: 1), authorId: Self.channel, text: "first post", isIncoming: true),
            ChatMessage(index: .init(timestamp: 1_700_000_060, id: 2), authorId: .user(1), text: "my post", isIncoming: false),
        ]
        store.authors = [Self.channel: "Release notes", .user(1): "Me"]
        if broadcast { store.broadcasts = [Self.channel] }
        let chat = ChatController(source: store, peerId: Self.channel, title: "Release notes")
        let window = EntryAndSearchTests.window(chat, width: 60, height: 12)
        _ = store.draw(window)
        return ChatComposerTests().surface(window).textLines
    }

    @Test func aBroadcastChannelShowsPostsWithoutNames() {
        let rows = rows(broadcast: true)
        #expect(rows.contains { $0.contains("my post") }, "\(rows)")
        #expect(!rows.contains { $0.contains("You:") || $0.contains("Release notes: first") }, "\(rows)")
    }

    @Test func aSupergroupNamesItsMembers() {
        let rows = rows(broadcast: false)
        #expect(rows.contains { $0.contains("You: my post") }, "\(rows)")
        #expect(rows.contains { $0.contains("Release notes: first post") }, "\(rows)")
    }
}

@Suite("TelegramUI: a message's details")
struct MessageDetailsTests {
    @Test func aRefusedMessageSaysWhyInsteadOfWhenItWasSent() {
        var message = ChatMessage(index: .init(timestamp: 1_700_000_000, id: 5), authorId: nil, text: "can I post?", isIncoming: false)
        #expect(MessageDetails.rows(message, author: nil).contains { $0.label == "Sent" })
        message.delivery = .failed("you cannot write in this chat (CHAT_WRITE_FORBIDDEN)")
        let rows = MessageDetails.rows(message, author: nil)
        #expect(rows.contains { $0 == ("Not sent", "you cannot write in this chat (CHAT_WRITE_FORBIDDEN)") })
        #expect(!rows.contains { $0.label == "Sent" })
    }
}

import Display
@testable import TelegramUI
import TelegramUIFakes
import Testing

/// Tab in the composer: `@` and a member's username or name, `:` and an emoji's shortcode (a
/// closed `:name:` becomes its emoji), several choices completing as far as they agree or
/// opening a picker narrowed by typing.
@MainActor
@Suite("TelegramUI: completion in the composer")
struct ComposerCompletionTests {
    @Test func theTokenAtTheCursor() {
        #expect(ComposerCompletion.token(in: "hi @ad", cursor: 6) == ComposerCompletion(kind: .mention, range: 3 ..< 6, prefix: "ad"))
        #expect(ComposerCompletion.token(in: ":smi", cursor: 4)?.kind == .emoji)
        #expect(ComposerCompletion.token(in: "ok :smile:", cursor: 10) == ComposerCompletion(kind: .emoji, range: 3 ..< 10, prefix: "smile"))
        #expect(ComposerCompletion.token(in: "mail@host", cursor: 9) == nil, "inside a word: not a mention")
        #expect(ComposerCompletion.token(in: "plain", cursor: 5) == nil)
        #expect(ComposerCompletion.token(in: "10:30", cursor: 5) == nil, "a time is not a shortcode")
    }

    func chat(members: [MentionCandidate]) -> (ChatController, Window) {
        let store = FakeStore.fixture(messages: 10)
        store.mentions[FakeStore.engineClub] = members
        let chat = ChatController(source: store, peerId: FakeStore.engineClub, title: "Engine Club")
        let navigation = NavigationController(mode: .single, root: chat)
        navigation.reducedMotion = true
        let window = Window(rootController: navigation, context: PresentationContext(theme: .dayMonochrome))
        window.layout(size: Size(width: 60, height: 20))
        chat.loadPagesIfNeeded()
        return (chat, window)
    }

    func type(_ window: Window, _ text: String) {
        for character in text { window.handle(.key(KeyEvent(.character(character)))) }
    }

    func frame(_ window: Window) -> [String] {
        var surface = Surface(width: 0, height: 0)
        window.render(into: &surface)
        return surface.textLines
    }

    @Test func aMentionCompletesToTheUsernameOrTheName() {
        let (chat, window) = chat(members: [MentionCandidate(name: "Ada Lovelace", username: "ada"),
                                            MentionCandidate(name: "Grace Hopper", username: nil),
                                            MentionCandidate(name: "Alan Turing", username: "alan_t")])
        type(window, "thanks @ad")
        window.handle(.key(KeyEvent(.tab)))
        #expect(chat.composer.text == "thanks @ada ")
        chat.setDraft("ask @hop")
        window.handle(.key(KeyEvent(.tab)))
        #expect(chat.composer.text == "ask Grace Hopper ", "no username: the name, by a word of it")
        // Two start with "a": the picker, narrowed by typing, Enter inserts.
        chat.setDraft("cc @a")
        window.handle(.key(KeyEvent(.tab)))
        #expect(frame(window).contains { $0.contains("Ada Lovelace  @ada") } && frame(window).contains { $0.contains("Alan Turing  @alan_t") },
                "\(frame(window))")
        type(window, "tu")
        window.handle(.key(KeyEvent(.enter)))
        #expect(chat.composer.text == "cc @alan_t ")
        chat.setDraft("@zed")
        window.handle(.key(KeyEvent(.tab)))
        #expect(chat.status?.contains("No one here is called") == true)
    }

    @Test func shortcodesBecomeEmojiAndColonTabIsThePicker() {
        let (chat, window) = chat(members: [])
        type(window, "great :tada:")
        window.handle(.key(KeyEvent(.tab)))
        #expect(chat.composer.text == "great 🎉")
        chat.setDraft("so :thumbsu")
        window.handle(.key(KeyEvent(.tab)))
        #expect(chat.composer.text == "so 👍")
        chat.setDraft("mood :")
        window.handle(.key(KeyEvent(.tab)))
        #expect(frame(window).contains { $0.contains("Emoji") }, "\(frame(window))")
        type(window, "rock")
        window.handle(.key(KeyEvent(.enter)))
        #expect(chat.composer.text == "mood 🚀")
        // The cursor in the middle: what follows it stays.
        chat.setDraft("a :fire: b")
        for _ in 0 ..< 2 { window.handle(.key(KeyEvent(.left))) }
        window.handle(.key(KeyEvent(.tab)))
        #expect(chat.composer.text == "a 🔥 b" && chat.composer.cursor == 3)
    }
}

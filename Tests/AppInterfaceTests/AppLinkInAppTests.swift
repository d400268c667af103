import TelegramCore
import Testing

/// Which links the app opens as its own chats (tg:// and t.me, telegram.me), and which go to the opener.
@Suite("AppLink: the app's own links")
struct AppLinkInAppTests {
    @Test func theAppsOwnLinksOpenInsideItAndOthersDoNot() throws {
        #expect(try AppLink.inApp("tg://resolve?domain=ada", scheme: "tg") == .resolve(username: "ada"))
        #expect(try AppLink.inApp("https://t.me/ada", scheme: "tg") == .resolve(username: "ada"))
        #expect(try AppLink.inApp("http://www.telegram.me/ada/12", scheme: "tg") == .resolve(username: "ada"))
        #expect(try AppLink.inApp("https://t.me/joinchat/AbC", scheme: "tg") == nil)
        #expect(try AppLink.inApp("https://t.me/+AbC", scheme: "tg") == nil)
        #expect(try AppLink.inApp("https://example.org/t.me/ada", scheme: "tg") == nil)
        #expect(throws: AppLink.Invalid.self) { try AppLink.inApp("tg://settings", scheme: "tg") }
    }
}

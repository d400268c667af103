@testable import AppInterface
import TelegramUI
import TelegramUIFakes
import Testing

/// A chat opened by the wiring writes through the account's host: the composer's text sent to
/// that chat, the chat marked read as it is shown — and a write that fails is logged, not fatal.
@MainActor
@Suite("AppInterface: a chat's writes")
struct ChatWiringTests {
    struct Unwritable: Error {}

    @Test func composerSendsTheChatAndTextThroughTheHost() throws {
        let wired = WiredScreens(width: 60, height: 20)
        let account = wired.host.accountHosts[1]!
        wired.account?.openChat(FakeStore.engineClub, title: "Engine Club")
        _ = wired.frame()
        wired.type("on my way")
        wired.press(.key(.enter))
        #expect(account.sent.map(\.chat) == [FakeStore.engineClub])
        #expect(account.sent.map(\.text) == ["on my way"])
        #expect(wired.host.logBook.contains(.info, "message sent from the interface"))
    }

    @Test func shownChatIsMarkedReadUpToItsNewestIncomingMessage() throws {
        let wired = WiredScreens()
        let account = wired.host.accountHosts[1]!
        wired.account?.openChat(FakeStore.engineClub, title: "Engine Club")
        _ = wired.frame()
        #expect(account.reads.map(\.chat) == [FakeStore.engineClub])
        #expect(account.reads.map(\.index.id) == [30], "message 30 is the newest incoming one")
    }

    /// Beside the chat, the list's row loses its badge with the read, not at the next tick's refresh.
    @Test func theListsBadgeGoesWithTheRead() throws {
        let wired = WiredScreens(width: 160, height: 40)
        wired.account?.openChat(FakeStore.engineClub, title: "Engine Club")
        let before = try #require(wired.account?.root.chatList.chats.first { $0.peerId == FakeStore.engineClub })
        #expect(before.unreadCount == 15)
        _ = wired.frame()
        let after = try #require(wired.account?.root.chatList.chats.first { $0.peerId == FakeStore.engineClub })
        #expect(after.unreadCount == 0, "the list read again after the read")
        let row = try #require(wired.frame().split(separator: "\n").first { $0.contains("EC  Engine Club") })
        #expect(!row.contains("15"), "the next frame shows no badge: \(row)")
    }

    @Test func failingMarkReadIsLoggedAndTheChatStays() throws {
        let wired = WiredScreens()
        let account = wired.host.accountHosts[1]!
        account.markReadFailure = Unwritable()
        wired.account?.openChat(FakeStore.engineClub, title: "Engine Club")
        let frame = wired.frame()
        #expect(wired.host.logBook.contains(.error, "cannot mark read"))
        #expect(wired.account?.openChatPeer == FakeStore.engineClub)
        #expect(frame.contains("message 30"), "\(frame)")
        wired.screens.refresh()
        #expect(wired.account?.openChatPeer == FakeStore.engineClub, "still open after the next refresh")
    }
}

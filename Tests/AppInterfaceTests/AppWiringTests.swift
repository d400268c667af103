import AppCore
@testable import AppInterface
import Storage
import TelegramUI
import TelegramUIFakes
import Testing

/// The window's own decisions: a link opened in its account, the lock screen over everything while
/// the app is locked, the root rebuilt when the current account changes.
@MainActor
@Suite("AppInterface: the window follows the app")
struct AppWiringTests {
    /// A second account whose only chat is Charles Babbage.
    static let babbage = PeerId(namespace: .cloudUser, id: 7)

    static func secondAccount() -> FakeAccountHost {
        let store = FakeStore()
        let chat = babbage.chatId
        store.chats = [ChatListItem(peerId: chat, title: "Charles Babbage", unreadCount: 0, preview: "difference engine",
                                    timestamp: 1_700_000_000, letters: ["C", "B"])]
        store.histories[chat] = [ChatMessage(index: .init(timestamp: 1_700_000_000, id: 1), authorId: chat,
                                             text: "difference engine", isIncoming: true)]
        return FakeAccountHost(id: 2, store: store)
    }

    @Test func linkToAnotherAccountSwitchesThenOpensTheChat() throws {
        let host = FakeAppHost(accounts: [FakeAccountHost(id: 1, store: .fixture(messages: 30)), Self.secondAccount()])
        let wired = WiredScreens(host)
        host.link = LinkToOpen(account: 2, peer: Self.babbage.toInt64(), title: "Charles Babbage")
        wired.screens.refresh()
        #expect(host.switches == [2])
        #expect(wired.account?.account.accountId == 2)
        #expect(wired.account?.openChatPeer == Self.babbage.chatId)
        let frame = wired.frame()
        #expect(frame.contains("difference engine") && !frame.contains("Engine Club"), "\(frame)")
    }

    @Test func linkInTheCurrentAccountOpensWithoutASwitch() throws {
        let wired = WiredScreens()
        let group = PeerId(namespace: .cloudGroup, id: 3)
        wired.host.link = LinkToOpen(account: 1, peer: group.toInt64(), title: "Engine Club")
        wired.screens.refresh()
        #expect(wired.host.switches.isEmpty)
        #expect(wired.account?.openChatPeer == group.chatId)
    }

    @Test func linkToAnAccountThatCannotOpenIsLoggedAndNothingChanges() throws {
        let wired = WiredScreens()
        wired.host.link = LinkToOpen(account: 9, peer: Self.babbage.toInt64(), title: "Charles Babbage")
        wired.screens.refresh()
        #expect(wired.host.logBook.contains(.error, "cannot open the link's account"))
        #expect(wired.account?.account.accountId == 1 && wired.account?.openChatPeer == nil)
    }

    @Test func lockShowsTheLockScreenAndUnlockShowsTheRootAgain() throws {
        let wired = WiredScreens()
        wired.host.passcode = "2468"
        #expect(wired.frame().contains("Engine Club"))
        try wired.host.lock()
        wired.screens.refresh()
        var frame = wired.frame()
        #expect(wired.screens.lockScreen != nil)
        #expect(frame.contains("Telegram is locked") && !frame.contains("Engine Club"), "nothing beneath shows: \(frame)")
        wired.type("1357")
        wired.press(.key(.enter))
        #expect(wired.screens.lockScreen != nil && wired.frame().contains("wrong passcode"))
        wired.type("2468")
        wired.press(.key(.enter))
        #expect(wired.host.unlockAttempts == ["1357", "2468"])
        frame = wired.frame()
        #expect(wired.screens.lockScreen == nil)
        #expect(frame.contains("Engine Club") && !frame.contains("Telegram is locked"), "\(frame)")
    }

    @Test func theLockoutCountsDownWithTheTickAndGoesWhenTheWaitIsOver() throws {
        let wired = WiredScreens()
        wired.host.passcode = "2468"
        try wired.host.lock()
        wired.screens.refresh()
        wired.type("1357")
        wired.press(.key(.enter))
        wired.host.unlockWait = 28
        wired.screens.refresh()
        #expect(wired.frame().contains("try again in 28 seconds"), "\(wired.frame())")
        wired.host.unlockWait = 27
        wired.screens.refresh()
        var frame = wired.frame()
        #expect(frame.contains("try again in 27 seconds") && !frame.contains("28 seconds"), "\(frame)")
        wired.host.unlockWait = 0
        wired.screens.refresh()
        frame = wired.frame()
        #expect(!frame.contains("try again") && frame.contains("Telegram is locked"), "the wait is over: \(frame)")
    }

    @Test func qIsALetterInTheSplitsListColumnWithAChatOpenAndQuitsOnlyWhereTheKeyLineSaysSo() throws {
        let wired = WiredScreens(width: 160, height: 48)
        var quits = 0
        wired.screens.navigation.onQuit = { quits += 1 }
        let account = try #require(wired.account)
        let chat = try #require(wired.host.accountHosts[1]?.store.chats.first)
        account.openChat(chat.peerId, title: chat.title)
        wired.press(.key(.function(6)))
        #expect(wired.frame().contains("^C quit"))
        wired.type("quint")
        #expect(quits == 0, "the list column with a chat open: q is typed, not a quit")
        #expect(account.openChatPeer == chat.peerId)
        // On the root screen alone, q asks, as the key line says; q again (or y) quits.
        let root = WiredScreens(width: 160, height: 48)
        root.screens.navigation.onQuit = { quits += 1 }
        #expect(root.frame().contains("q quit"))
        root.type("q")
        #expect(quits == 0, "q asks first")
        #expect(root.frame().contains("Quit Telegram?"), "\(root.frame())")
        root.type("q")
        #expect(quits == 1)
        // A stray q (the start of "quinn" typed to find a chat) and Esc, or Enter on Stay, stay.
        root.type("quinn")
        #expect(quits == 1, "the letters after a stray q do not quit")
        root.press(.key(.escape))
        #expect(!root.frame().contains("Quit Telegram?"))
        root.type("q")
        root.press(.key(.enter))
        #expect(quits == 1, "Enter takes Stay, the first row")
        root.type("q")
        root.type("y")
        #expect(quits == 2)
    }

    @Test func currentAccountChangedElsewhereRebuildsTheRoot() throws {
        let host = FakeAppHost(accounts: [FakeAccountHost(id: 1, store: .fixture(messages: 30)), Self.secondAccount()])
        let wired = WiredScreens(host)
        let first = try #require(wired.account)
        host.currentId = 2
        wired.screens.refresh()
        #expect(wired.account !== first && wired.account?.account.accountId == 2)
        let frame = wired.frame()
        #expect(frame.contains("Charles Babbage") && !frame.contains("Engine Club"), "\(frame)")
        host.currentId = nil
        wired.screens.refresh()
        #expect(wired.account == nil && wired.frame().contains("Your phone number"), "no account: the login")
    }
}

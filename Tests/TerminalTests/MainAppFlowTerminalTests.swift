import Foundation
import Testing
import TestSupport

/// The real `main` in tmux for the app's flows: the login on an empty container swapping to the
/// tabs in the same process, Settings changing the Calls tab live, the lock screen taking the
/// passcode (a wrong one counted, the right one unlocking), a `main push` from another process
/// showing the in-app banner and ^O opening its chat, `main open URL` navigating the running
/// interface, `?` showing the keys, a resize across the split threshold keeping the open chat,
/// and the "terminal too small" notice.
@Suite(.serialized, .enabled(if: TmuxSession.isAvailable, "tmux is not installed: run Scripts/setup"))
struct MainAppFlowTerminalTests {
    typealias Main = MainInterfaceTerminalTests
    static var mainPath: String { Executables.path(Executables.main) }

    /// `main` on `container`, made empty first when it does not exist (a new path would be asked
    /// about: FirstLaunchTerminalTests).
    static func open(_ container: String, width: Int = 100, height: Int = 30, arguments: String = "") throws -> TmuxSession {
        try FileManager.default.createDirectory(atPath: container, withIntermediateDirectories: true)
        return try TmuxSession(width: width, height: height,
                        command: ["/bin/sh", "-c", "'\(mainPath)' \(arguments) --container '\(container)'; exec sleep 60"])
    }

    static func chats(_ container: String, limit: Int = 5) async throws -> [[String: Any]] {
        let json = try await Main.run("main", ["chats", "--json", "--limit", String(limit), "--container", container])
        return try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [[String: Any]])
    }

    @Test func loginOnAnEmptyContainerThenSettings() async throws {
        let directory = try TemporaryDirectory("ui-login")
        defer { directory.remove() }
        let container = directory.sub("container")
        let session = try Self.open(container)
        defer { session.kill() }
        try await session.waitFor(text: "Your phone number")
        try await session.still()
        try session.type("15x")
        try await session.waitFor(text: "phone must be digits")
        try session.press("BSpace")
        try session.type("5550001")
        try session.press("Enter")
        try await session.waitFor(text: "Your Name")
        try session.type("Grace Hopper")
        try session.press("Enter")
        // The same process, now authorized: the tabs, Chats selected.
        var screen = try await session.waitFor(text: "4 Settings")
        #expect(screen.contains { $0.contains("No chats yet") })
        let accounts = try await Main.run("main", ["accounts", "--container", container])
        #expect(accounts.split(separator: "\n").count == 1, "\(accounts)")
        // Settings: hide the Calls tab; the tab bar changes at once and `main settings` agrees.
        try await session.still()
        try session.press("4")
        try await session.waitFor(text: "Calls Tab")
        try await session.still()
        for _ in 0 ..< 6 { try session.press("Down") }  // past the account, its server, …, to Calls Tab
        try session.press("Enter")
        screen = try await session.waitFor(text: "3 Settings")
        #expect(!screen.contains { $0.contains("Calls ") && $0.contains("2 Calls") })
        #expect(try await Main.run("main", ["settings", "--json", "--container", container]).contains("\"showCallsTab\" : false"))
        // `?` shows the keys as a sheet; Esc closes it.
        try session.type("?")
        try await session.waitFor(text: "Keys")
        try await session.still()
        try session.press("Escape")
        try await session.waitFor("the sheet closed") { !$0.joined().contains("Everywhere") }
        try await session.still()
        // Settings → Accounts → Log Out: the only account is gone, so the login comes back, in-process.
        for _ in 0 ..< 4 { try session.press("Up") }  // from Calls Tab up to Accounts
        try session.press("Enter")
        try await session.waitFor(text: "+ Add Account")
        try await session.still()
        try session.press("Down")
        try session.press("Down")
        try session.press("Enter")
        try await session.waitFor(text: "Your phone number")
        #expect(try await Main.run("main", ["status", "--container", container]).contains("state: unauthorized"))
        try await session.still()
        try session.press("C-c")
        try await session.waitFor("main to end") { _ in (try? session.format("#{alternate_on}")) == "0" }
        // Seed 003's two stages, the interface's own phases timed in them.
        let logs = container + "/telegram-data/logs/app-logs"
        let log = try FileManager.default.contentsOfDirectory(atPath: logs)
            .map { try String(contentsOfFile: logs + "/" + $0, encoding: .utf8) }.joined()
        for (phase, stage) in [("window", "willFinishLaunching"), ("requestQueue", "didFinishLaunching"),
                               ("refreshers", "didFinishLaunching"), ("observers", "didFinishLaunching")] {
            #expect(log.contains("phase=\(phase) stage=\(stage)"), "\(phase) not timed in \(stage)")
        }
    }

    @Test func passcodeOnTheLockScreenThenBannerAndLink() async throws {
        let directory = try TemporaryDirectory("ui")
        defer { directory.remove() }
        let container = try await Main.seededContainer(in: directory)
        try await Main.run("main", ["passcode", "set", "--container", container], input: "2468\n")
        try await Main.run("main", ["unlock", "--container", container], input: "2468\n")
        let chats = try await Self.chats(container, limit: 10)
        let titles = chats.compactMap { $0["title"] as? String }
        let session = try Self.open(container)
        defer { session.kill() }
        try await session.waitFor(text: titles[0])
        try await Main.run("main", ["lock", "--container", container])
        try await session.waitFor(text: "Enter your passcode")
        // Judged on the settled frame: a capture taken while tmux is still taking the lock
        // screen's bytes can show rows of the frame before it (seen once under load).
        var screen = try await session.still()
        for title in titles { #expect(!screen.contains { $0.contains(title) }, "\(title) drawn while locked") }
        try await session.still()
        try session.type("1111")
        try session.press("Enter")
        screen = try await session.waitFor(text: "wrong passcode (1 failed attempt)")
        #expect(!screen.joined().contains("1111"), "the passcode is masked")
        #expect(try await Main.run("main", ["status", "--container", container]).contains("lock: locked"))
        try session.type("2468")
        try session.press("Enter")
        try await session.waitFor(text: titles[0])
        #expect(try await Main.run("main", ["status", "--container", container]).contains("lock: unlocked"))

        // A push for a chat that is not open: the banner, then ^O opens that chat.
        let user = try #require(chats.first { ($0["muted"] as? Bool) != true && ($0["kind"] as? String) == "user" } ?? chats.first)
        let peer = try #require(user["peerId"] as? Int64)
        let title = try #require(user["title"] as? String)
        try await Main.run("main", ["push", "--peer", String(peer), "--text", "banner from the push server", "--container", container])
        // The chat list's row says the text too, maybe a frame before the banner: wait for the banner.
        screen = try await session.waitFor(timeout: 10, "the banner") { $0.contains { $0.contains("^O open") } }
        #expect(screen.joined().contains("banner from the push server"), "\(screen.joined(separator: "\n"))")
        try session.press("C-o")
        try await session.waitFor("the chat opened") { $0[0].contains("‹ Chats") && $0[0].contains(title) }
        try await session.waitFor(timeout: 8, "the banner gone") { !$0.contains { $0.contains("^O open") } }

        // `main open URL` from another process navigates the running interface.
        let other = try #require(titles.first { $0 != title })
        let otherPeer = try #require(chats.first { ($0["title"] as? String) == other }?["peerId"] as? Int64)
        let opened = try await Main.run("main", ["open", "tg://localpeer?id=\(otherPeer)", "--container", container])
        #expect(opened.contains(other))
        try await session.waitFor(timeout: 5, "the linked chat") { $0[0].contains("‹ Chats") && $0[0].contains(other) }
        try await session.still()
        try session.press("C-c")
        try await session.waitFor("main to end") { _ in (try? session.format("#{alternate_on}")) == "0" }
    }

    @Test func resizeKeepsTheOpenChatAndSmallTerminalsGetANotice() async throws {
        let directory = try TemporaryDirectory("ui")
        defer { directory.remove() }
        let container = try await Main.seededContainer(in: directory)
        let title = try #require(try await Self.chats(container, limit: 1).first?["title"] as? String)
        // Launched with a link: the chat is open once the interface is ready.
        let peer = try #require(try await Self.chats(container, limit: 1).first?["peerId"] as? Int64)
        let session = try Self.open(container, width: 160, height: 48, arguments: "'tg://localpeer?id=\(peer)'")
        defer { session.kill() }
        var screen = try await session.waitFor(timeout: 8, "the split with the chat") { $0[0].contains(title) && $0[0].contains("│") }
        try await session.still()
        try session.resize(width: 80, height: 24)
        screen = try await session.waitFor("the pushed chat") { $0[0].hasPrefix("‹ Chats") && $0[0].contains(title) }
        try session.resize(width: 30, height: 10)
        screen = try await session.waitFor(text: "Too small: 30×10, needs 40×12")
        #expect(!screen.joined().contains(title))
        try session.resize(width: 160, height: 48)
        screen = try await session.waitFor("the split again") { $0[0].contains(title) && $0[0].contains("│") }
        try await session.still()
        try session.press("C-c")
        try await session.waitFor("main to end") { _ in (try? session.format("#{alternate_on}")) == "0" }
    }
}

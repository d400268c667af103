import Foundation
import Testing
import TestSupport

/// Two people, two containers, two `main` interfaces in tmux on one test server, each its own
/// client: Ada (160×48) finds Grace by name, a contact she has never written to, and writes;
/// Grace (80×24) gets it as a desktop notification (the server's push through the relay to her
/// notify-service) and in her chat list, opens it and sees Ada's next message arrive live; her
/// typing shows in Ada's header, and her reply, its edit, her reaction to Ada's message and her
/// deletion for everyone reach Ada's open chat; a file goes each way (fetched from the server
/// when Enter asks for it); Ada's header shows Grace online, then last seen once she quits, with
/// nothing but the two interfaces' keys.
@Suite(.serialized, .enabled(if: TmuxSession.isAvailable, "tmux is not installed: run Scripts/setup"))
struct TwoContainersTerminalTests {
    static let code = "24680"
    typealias Keys = MessageActionsTerminalTests

    @Test(.timeLimit(.minutes(5)))
    func adaAndGraceTalkThroughTheServer() async throws {
        let directory = try TemporaryDirectory("two-containers")
        defer { directory.remove() }
        let server = try TestServer.start(extraArguments: ["--login-code", Self.code, "--account", "+999 66 1 0001:Ada:Lovelace",
                                                           "--account", "+999 66 2 0002:Grace:Hopper"])
        defer { server.stop() }
        let sandbox = try Sandbox("two-containers-grace")
        defer { sandbox.remove() }
        let bus = try await DesktopBus.start(sandbox)
        let relay = try await PushRelayProcess.start(sandbox, env: bus.environment)
        let (ada, grace) = (directory.sub("ada"), sandbox.container)
        for (container, phone) in [(ada, "+999 66 1 0001"), (grace, "+999 66 2 0002")] {
            _ = try await MainInterfaceTerminalTests.run("main", ["login", "--server", server.address, "--public-key", TestServer.publicKeyPath,
                                                                  "--phone", phone, "--code", Self.code, "--container", container])
        }
        let main = Executables.path(Executables.main)
        let (adaDownloads, graceDownloads) = (directory.sub("ada-downloads"), directory.sub("grace-downloads"))
        let adaScreen = try TmuxSession(width: 160, height: 48, command: [main, "run", "--container", ada],
                                        environment: ["XDG_DOWNLOAD_DIR": adaDownloads])
        defer { adaScreen.kill() }
        let graceEnvironment = ["TELEGRAM_PUSH_RELAY": relay.address, "XDG_DOWNLOAD_DIR": graceDownloads].merging(bus.environment) { $1 }
        let graceScreen = try TmuxSession(width: 80, height: 24, command: [main, "run", "--container", grace], environment: graceEnvironment)
        defer { graceScreen.kill() }
        try await adaScreen.waitFor(text: "Chats", timeout: 20)
        try await graceScreen.waitFor(text: "Chats", timeout: 20)
        // Grace's app registers her container for pushes after its first catch-up.
        try await waitUntil("Grace's app registered for pushes", timeout: 60) { server.stderrText.contains("registerDevice user 1000002") }

        // Ada finds Grace among her contacts (no chat yet) and writes.
        try await adaScreen.still()
        try await Keys.key(adaScreen, "/")
        try adaScreen.type("Grace")
        try await Keys.key(adaScreen, "Enter")
        try await adaScreen.waitFor(text: "Grace Hopper")
        try await Keys.key(adaScreen, "Down")
        try await Keys.key(adaScreen, "Enter")
        try await adaScreen.waitFor("Grace's chat open") { $0.contains { $0.contains("^G Call") } }
        try adaScreen.type("hello grace")
        try adaScreen.press("Enter")
        try await adaScreen.waitFor(timeout: 15, "✓ on Ada's message") { $0.contains { $0.contains("hello grace") && $0.contains("✓") } }

        // Grace: a desktop notification and the chat in her list.
        try await waitUntil("Grace's desktop notification", timeout: 30) {
            try await bus.notifyCalls(sandbox).contains { $0.args[3].string == "Ada Lovelace" && $0.args[4].string == "hello grace" }
        }
        #expect(try relay.deliveries().first?.container == grace)
        try await graceScreen.waitFor(text: "hello grace", timeout: 20)
        try await graceScreen.still()
        try await Keys.key(graceScreen, "Enter")
        try await graceScreen.waitFor("Ada's chat open") { $0.contains { $0.contains("^G Call") } }

        // Live into Grace's open chat.
        try adaScreen.type("are you free at six?")
        try adaScreen.press("Enter")
        try await graceScreen.waitFor(text: "are you free at six?", timeout: 15)

        // Grace replies, edits, reacts to Ada's message, and deletes her reply for everyone.
        try await graceScreen.still()
        try graceScreen.type("yes, see you")
        // Typing is told to the other side as it happens (messages.setTyping, pushed live).
        try await adaScreen.waitFor(text: "typing…", timeout: 15)
        try graceScreen.press("Enter")
        try await adaScreen.waitFor(text: "yes, see you", timeout: 15)
        try await adaScreen.waitFor(timeout: 15, "the typing notice ended") { !$0.contains { $0.contains("typing…") } }
        // Grace's app says she is online (account.updateStatus), and Ada's header shows it.
        try await adaScreen.waitFor(timeout: 15, "Grace online in Ada's header") { $0.prefix(3).contains { $0.contains("online") } }
        try await graceScreen.waitFor(timeout: 15, "✓ on Grace's reply") { $0.contains { $0.contains("yes, see you") && $0.contains("✓") } }
        // From here each answer's pts (an edit's, a reaction's, a deletion's) is taken: the
        // pushes that follow are applied as they come, with no difference to fill a gap.
        let beforeEdit = server.stderrText.count
        try await Keys.key(graceScreen, "Up")
        try await Keys.key(graceScreen, "e")
        try await graceScreen.waitFor(text: "✎ Editing")
        try await Keys.key(graceScreen, "C-u")
        try graceScreen.type("yes, see you there")
        try await Keys.key(graceScreen, "Enter")
        try await adaScreen.waitFor(text: "yes, see you there", timeout: 15)
        try await Keys.key(graceScreen, "Up")
        try await Keys.key(graceScreen, "Up")
        try await Keys.key(graceScreen, "+")
        try await graceScreen.waitFor(text: "React")
        try await Keys.key(graceScreen, "Enter")
        try await graceScreen.waitFor(text: "👍 1")
        try await adaScreen.waitFor(timeout: 15, "Grace's reaction on Ada's message") {
            $0.contains { $0.contains("👍 1") }
        }
        try await Keys.key(graceScreen, "Down")
        try await Keys.key(graceScreen, "d")
        try await graceScreen.waitFor(text: "Delete for everyone")
        try await Keys.key(graceScreen, "Down")
        try await Keys.key(graceScreen, "Enter")
        try await adaScreen.waitFor(timeout: 15, "Grace's deletion in Ada's chat") { !$0.contains { $0.contains("see you there") } }
        let final = try adaScreen.capture()
        #expect(final.contains { $0.contains("are you free at six?") }, "\(final.joined(separator: "\n"))")
        try adaScreen.type("and after?")
        try adaScreen.press("Enter")
        try await graceScreen.waitFor(text: "and after?", timeout: 15)
        let differences = String(server.stderrText.dropFirst(beforeEdit)).split(separator: "\n")
            .filter { $0.contains("getDifference user 1000002 ") && !$0.contains("DifferenceEmpty") }
        #expect(differences.isEmpty, "Grace's own edit, reaction or deletion left a gap: \(differences)")

        // A file each way: attached (^T) on one side; on the other, on the server until Enter
        // fetches it, then saved (s) whole.
        let plan = directory.sub("plan.pdf")
        try Data("%PDF-1.4 the plan, in full".utf8).write(to: URL(fileURLWithPath: plan))
        try await Self.attach(plan, caption: "the plan", on: adaScreen)
        try await Self.fetchAndSave("📎 plan.pdf", on: graceScreen, into: graceDownloads, expecting: plan)
        try await Self.attach(AttachmentsTerminalTests.photo, caption: "the view", on: graceScreen)
        try await Self.fetchAndSave("🖼 Photo", on: adaScreen, into: adaDownloads, expecting: AttachmentsTerminalTests.photo)

        // Grace quits: her connection closes, the server says she went offline, and Ada's header
        // says when she was last seen.
        try await Keys.key(graceScreen, "C-q")
        try await adaScreen.waitFor(timeout: 15, "Grace last seen in Ada's header") { $0.prefix(3).contains { $0.contains("last seen just now") } }
    }

    /// ^T, the path, Enter; the caption, Enter: sent once the server answered.
    static func attach(_ path: String, caption: String, on screen: TmuxSession) async throws {
        try await screen.still()
        if try screen.capture().last?.contains("r reply") == true { try await Keys.key(screen, "Escape") }
        try await Keys.key(screen, "C-t")
        try await screen.waitFor(text: "Attach:")
        try screen.type(path)
        try await Keys.key(screen, "Enter")
        try screen.type(caption)
        try await Keys.key(screen, "Enter")
        try await screen.waitFor(timeout: 20, "✓ on \(caption)") { $0.contains { $0.contains(caption) && $0.contains("✓") } }
    }

    /// The newest message (`label`) arrives on the server; Enter on it fetches it, s saves it.
    static func fetchAndSave(_ label: String, on screen: TmuxSession, into downloads: String, expecting original: String) async throws {
        try await screen.waitFor(timeout: 20, "\(label) on the server") { $0.contains { $0.contains(label) && $0.contains("on the server") } }
        try await screen.still()
        if try screen.capture().last?.contains("r reply") == true { try await Keys.key(screen, "Escape") }
        try await Keys.key(screen, "Up")
        try await Keys.key(screen, "Enter")
        try await screen.waitFor(timeout: 20, "\(label) fetched") { lines in
            !lines.contains { $0.contains("on the server") || $0.contains("downloading") }
        }
        try await Keys.key(screen, "s")
        try await screen.waitFor(text: "Saved to", timeout: 10)
        let saved = try FileManager.default.contentsOfDirectory(atPath: downloads)
        #expect(saved.count == 1, "\(saved)")
        #expect(saved.first.flatMap { FileManager.default.contents(atPath: downloads + "/" + $0) } == FileManager.default.contents(atPath: original),
                "\(label): the saved bytes differ")
    }
}

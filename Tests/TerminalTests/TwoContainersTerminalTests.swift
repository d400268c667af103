import Foundation
import Testing
import TestSupport

/// Two people, two containers, two `main` interfaces in tmux on one test server, each its own
/// client: Ada (160×48) finds Grace by name, a contact she has never written to, and writes;
/// Grace (80×24) gets it as a desktop notification (the server's push through the relay to her
/// notify-service) and in her chat list, opens it and sees Ada's next message arrive live; her
/// reply, its edit, her reaction to Ada's message and her deletion for everyone reach Ada's open
/// chat, with nothing but the two interfaces' keys.
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
        let adaScreen = try TmuxSession(width: 160, height: 48, command: [main, "run", "--container", ada])
        defer { adaScreen.kill() }
        let graceEnvironment = ["TELEGRAM_PUSH_RELAY=\(relay.address)"] + bus.environment.map { "\($0.key)=\($0.value)" }
        let graceScreen = try TmuxSession(width: 80, height: 24, command: ["/usr/bin/env"] + graceEnvironment + [main, "run", "--container", grace])
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
        try graceScreen.press("Enter")
        try await adaScreen.waitFor(text: "yes, see you", timeout: 15)
        try await graceScreen.waitFor(timeout: 15, "✓ on Grace's reply") { $0.contains { $0.contains("yes, see you") && $0.contains("✓") } }
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
    }
}

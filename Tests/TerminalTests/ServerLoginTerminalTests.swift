import Foundation
import Testing
import TestSupport

/// The login screen against the test server, in the real `main` in tmux (`main --server …` on a
/// new container): the server it logs in to is named; a flood wait on sending the code counts
/// down under the field and Enter waits for it; a wrong code and a wrong two-step password are
/// said and asked again; then the account's chats open, and the account lives on the server
/// (`main sync` talks to it). Without a server the screen says it makes an offline account.
@Suite(.serialized, .enabled(if: TmuxSession.isAvailable, "tmux is not installed: run Scripts/setup"))
struct ServerLoginTerminalTests {
    static let code = "24680"

    @Test(arguments: [(80, 24), (160, 48)])
    func loggingInOnTheServerFromTheLoginScreen(size: (Int, Int)) async throws {
        // The first auth.sendCode is answered FLOOD_WAIT_90: far longer than the client waits out by
        // itself, and than a loaded machine takes to read the screen twice.
        let server = try TestServer.start(extraArguments: ["--login-code", Self.code, "--account", "+999 66 1 0001:Ada:Lovelace:correct horse",
                                                           "--flood-wait", "auth.sendCode=90"])
        defer { server.stop() }
        let directory = try TemporaryDirectory("server-login-screen")
        defer { directory.remove() }
        let container = directory.sub("container")
        try FileManager.default.createDirectory(atPath: container, withIntermediateDirectories: true)  // no "make one?" question
        let command = [Executables.path(Executables.main), "--server", server.address, "--public-key", TestServer.publicKeyPath, "--container", container]
        var tmux = try TmuxSession(width: size.0, height: size.1, command: command)
        try await tmux.waitFor(text: "Logging in to \(server.address)", timeout: 15)
        try await tmux.still()
        try tmux.type("999 66 1 0001")  // after the field's own +
        try tmux.press("Enter")
        var screen = try await tmux.waitFor(timeout: 30, "the flood wait's countdown") { $0.joined().contains("Too many attempts: try again in") }
        // It counts down, and Enter meanwhile only says how long is left: no code is asked for.
        let first = try #require(Self.secondsLeft(screen), "\(screen.joined(separator: "\n"))")
        try tmux.press("Enter")
        screen = try await tmux.waitFor(timeout: 30, "a lower count") { Self.secondsLeft($0).map { $0 < first } ?? false }
        #expect(!screen.joined().contains("Telegram sent a code"), "sent during the wait: \(screen.joined(separator: "\n"))")
        #expect(Self.codeRequests(server) == 1, "asked during the wait: \(server.stderrText.suffix(2000))")
        // The wait lives with the screen: quit, start again, and the server (which refused only the
        // first request) sends the code.
        let pid = try #require(Int32(try tmux.format("#{pane_pid}")))
        try tmux.press("C-q")
        // With a release build running beside the tests, quitting once took more than 15 s.
        try await waitUntil("main to quit", timeout: 40) { !isRunning(pid) }
        tmux.kill()
        tmux = try TmuxSession(width: size.0, height: size.1, command: command)
        defer { tmux.kill() }
        try await tmux.waitFor(text: "Logging in to \(server.address)", timeout: 15)
        try await tmux.still()
        try tmux.type("999 66 1 0001")
        try tmux.press("Enter")
        try await tmux.waitFor(text: "Telegram sent a code", timeout: 15)
        #expect(Self.codeRequests(server) == 2, "the refused one and one after the restart: \(server.stderrText.suffix(2000))")
        try await tmux.still()

        try tmux.type("11111")
        try tmux.press("Enter")
        try await tmux.waitFor(text: "wrong code", timeout: 15)
        // The field keeps the wrong code: cleared and typed again, as a person would.
        for _ in 0..<5 { try tmux.press("BSpace") }
        try tmux.type(Self.code)
        try tmux.press("Enter")
        try await tmux.waitFor(text: "Two-Step Verification", timeout: 15)
        try await tmux.still()
        try tmux.type("wrong horse")
        try tmux.press("Enter")
        screen = try await tmux.waitFor(text: "wrong password", timeout: 15)
        #expect(!screen.joined().contains("wrong horse"), "the password shows: \(screen.joined(separator: "\n"))")
        try tmux.type("correct horse")
        try tmux.press("Enter")
        try await tmux.waitFor(text: "4 Settings", timeout: 20)
        try await tmux.still()
        // The account is the server's user, on that server (an offline one has nothing to sync).
        let sync = try await RunningProcess.run(Executables.path(Executables.main), ["sync", "--json", "--container", container])
        #expect(sync.exitCode == 0 && sync.stdout.contains("\"firstSync\""), "\(sync)")
        #expect(server.stderrText.contains("auth.checkPassword"), "\(server.stderrText.suffix(1500))")
    }

    @Test func aNewNumberSignsUpWithItsName() async throws {
        let server = try TestServer.start(extraArguments: ["--login-code", Self.code])
        defer { server.stop() }
        let directory = try TemporaryDirectory("server-signup-screen")
        defer { directory.remove() }
        let (tmux, container) = try await Self.loginScreen(server, in: directory)
        defer { tmux.kill() }
        try tmux.type("999 66 9 0009")
        try tmux.press("Enter")
        try await tmux.waitFor(text: "Telegram sent a code", timeout: 15)
        try tmux.type(Self.code)
        try tmux.press("Enter")
        try await tmux.waitFor(text: "no Telegram account yet", timeout: 15)
        try tmux.type("Grace Hopper")
        try tmux.press("Enter")
        try await tmux.waitFor(text: "4 Settings", timeout: 20)
        #expect(server.stderrText.contains("auth.signUp"), "\(server.stderrText.suffix(1500))")
        let accounts = try await RunningProcess.run(Executables.path(Executables.main), ["accounts", "--container", container])
        #expect(accounts.stdout.contains("Grace Hopper"), "\(accounts)")
    }

    /// A server that takes its time (auth.sendCode answered 60 s late): Esc stops the step at
    /// once instead of waiting with the field, says so, and Enter sends the code again.
    @Test func escStopsAStepThatWaitsForTheServer() async throws {
        let server = try TestServer.start(extraArguments: ["--login-code", Self.code, "--delay-method", "auth.sendCode=60"])
        defer { server.stop() }
        let directory = try TemporaryDirectory("server-login-stop")
        defer { directory.remove() }
        let (tmux, _) = try await Self.loginScreen(server, in: directory)
        defer { tmux.kill() }
        try tmux.type("999 66 1 0001")
        try tmux.press("Enter")
        let waiting = try await tmux.waitFor(text: "Sending the code", timeout: 15)
        #expect(waiting.last { !$0.trimmingCharacters(in: .whitespaces).isEmpty }?.contains("stop") == true,
                "the footer offers Esc: \(waiting.joined(separator: "\n"))")
        try await waitUntil("the request at the server", timeout: 15) { server.stderrText.contains("auth.sendCode") }
        let stopped = Date()
        try tmux.press("Escape")
        var screen = try await tmux.waitFor(text: "Stopped before the server answered", timeout: 10)
        #expect(Date().timeIntervalSince(stopped) < 10 && !screen.joined().contains("Sending the code"), "\(screen.joined(separator: "\n"))")
        // The field is the person's again, and Enter sends the code once more.
        try tmux.type("9")
        screen = try await tmux.waitFor(text: "+999 66 1 00019", timeout: 10)
        try tmux.press("BSpace")
        try await tmux.waitFor(timeout: 10, "the digit taken back") { !$0.joined().contains("00019") }
        try tmux.press("Enter")
        try await tmux.waitFor(text: "Sending the code", timeout: 10)
    }

    @Test func withoutAServerTheLoginSaysItMakesAnOfflineAccount() async throws {
        let directory = try TemporaryDirectory("offline-login-screen")
        defer { directory.remove() }
        try FileManager.default.createDirectory(atPath: directory.sub("container"), withIntermediateDirectories: true)
        let tmux = try TmuxSession(width: 80, height: 24, command: [Executables.path(Executables.main), "--container", directory.sub("container")])
        defer { tmux.kill() }
        let screen = try await tmux.waitFor(text: "Your phone number", timeout: 15)
        #expect(screen.joined().contains("offline account"), "\(screen.joined(separator: "\n"))")
    }

    /// `main --server` at 80×24 on a new container in `directory`, its login screen drawn and still.
    static func loginScreen(_ server: TestServer, in directory: TemporaryDirectory) async throws -> (TmuxSession, container: String) {
        let container = directory.sub("container")
        try FileManager.default.createDirectory(atPath: container, withIntermediateDirectories: true)  // no "make one?" question
        let tmux = try TmuxSession(width: 80, height: 24, command: [
            Executables.path(Executables.main), "--server", server.address, "--public-key", TestServer.publicKeyPath, "--container", container])
        do {
            try await tmux.waitFor(text: "Logging in to", timeout: 15)
            try await tmux.still()
        } catch {
            tmux.kill()
            throw error
        }
        return (tmux, container)
    }

    /// The auth.sendCode requests the server answered (the flood wait's refusal included).
    static func codeRequests(_ server: TestServer) -> Int {
        server.stderrText.split(separator: "\n").filter { $0.contains("auth.sendCode →") }.count
    }

    /// The seconds of "try again in [M min ]S s" (or "M min") on the screen.
    static func secondsLeft(_ screen: [String]) -> Int? {
        guard let match = screen.joined().firstMatch(of: #/try again in (?:(\d+) min ?)?(?:(\d+) s)?/#),
              match.1 != nil || match.2 != nil else { return nil }
        return (match.1.flatMap { Int($0) } ?? 0) * 60 + (match.2.flatMap { Int($0) } ?? 0)
    }
}

import Foundation
import Testing
import TestSupport
#if canImport(Glibc)
import Glibc
#endif

/// Job control in the real `main`, run from a shell in tmux: Ctrl-Z hands the terminal back to
/// the shell ("Stopped") and `fg` brings the app back whole; a `kill -STOP` (which no program can
/// catch) then `fg` finds the app in raw mode again, keys reaching it one by one, not echoed, and
/// the shell's lines drawn over.
@Suite(.serialized, .enabled(if: TmuxSession.isAvailable, "tmux is not installed: run Scripts/setup"))
struct JobControlTerminalTests {
    @Test(arguments: [(80, 24), (160, 48)], KeysInEveryTerminalTests.terminals)
    func suspendAndContinue(size: (Int, Int), term: String) async throws {
        let directory = try TemporaryDirectory("jobs")
        defer { directory.remove() }
        let container = try await MainInterfaceTerminalTests.seededContainer(in: directory)
        let main = Executables.path(Executables.main)
        let session = try TmuxSession(width: size.0, height: size.1, command: ["bash", "--norc", "--noprofile"],
                                      options: [("default-terminal", term)])
        defer { session.kill() }
        try session.type("PS1='sh$ '\n")
        try await session.waitFor(text: "sh$")
        try session.type("'\(main)' run --container '\(container)'\n")
        try await session.waitFor(text: "Chats", timeout: 15)
        try await session.still()

        // Ctrl-Z: the shell's screen, the job stopped; fg: the app, drawn whole.
        try session.press("C-z")
        try await session.waitFor(text: "Stopped")
        try session.type("fg\n")
        var screen = try await session.waitFor("the app back, no shell line left") { lines in
            lines.joined().contains("Chats") && !lines.joined().contains("Stopped") && !lines.joined().contains("sh$")
        }
        try await session.still()
        try session.press("Enter")
        try await session.waitFor(text: "›  Message")
        try await session.still()
        try session.type("zq7")
        try await session.waitFor(text: "› zq7")

        // kill -STOP, then fg: raw mode and the screen come back without the app asking.
        let shell = try #require(Int32(try session.format("#{pane_pid}")))
        let pgrep = try await RunningProcess.run("/usr/bin/pgrep", ["-P", String(shell)])
        let app = try #require(pgrep.stdout.split(separator: "\n").compactMap { Int32($0) }.first, "\(pgrep)")
        #expect(kill(app, SIGSTOP) == 0)
        try await session.waitFor(text: "Stopped")
        try session.type("fg\n")
        try await session.waitFor("the app back after kill -STOP") { !$0.joined().contains("Stopped") && $0.joined().contains("› zq7") }
        try session.type("w8x")
        screen = try await session.waitFor(text: "› zq7w8x")
        // The open chat's draft is written on each tick, so on a wide terminal the list may say
        // it too ("Draft: zq7w8x"); an echo would be a further, bare "w8x".
        let text = screen.joined()
        let echoed = text.components(separatedBy: "w8x").count - 1 - (text.components(separatedBy: "Draft: zq7w8x").count - 1)
        #expect(echoed == 1, "typed once, not echoed: \(screen.joined(separator: "\n"))")
        #expect(!screen.joined().contains("sh$"), "\(screen.joined(separator: "\n"))")
    }

    /// The terminal closed under an app that ignores SIGHUP (as `nohup` starts it): the hang-up
    /// ends it like a quit, instead of a loop that polls the dead terminal at full speed forever.
    @Test func aHangUpEndsTheAppEvenWithSIGHUPIgnored() async throws {
        let directory = try TemporaryDirectory("hangup")
        defer { directory.remove() }
        let container = try await MainInterfaceTerminalTests.seededContainer(in: directory)
        let main = Executables.path(Executables.main)
        let pidFile = directory.path + "/main.pid"
        let session = try TmuxSession(width: 80, height: 24, command: [
            "sh", "-c", "echo $$ > '\(pidFile)'; trap '' HUP; exec '\(main)' run --container '\(container)'"])
        try await session.waitFor(text: "Chats", timeout: 15)
        let pid = try #require(Int32(try String(contentsOfFile: pidFile, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)))
        session.kill()  // tmux closes the pane's terminal
        let start = Date()
        while isRunning(pid) && Date().timeIntervalSince(start) < 15 { try await Task.sleep(for: .milliseconds(100)) }
        let alive = isRunning(pid)
        if alive { kill(pid, SIGKILL) }
        #expect(!alive, "main still runs 15 s after its terminal hung up")
    }
}

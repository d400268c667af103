import Foundation
import Testing
import TestSupport
#if canImport(Glibc)
import Glibc
#endif

/// A failed open says why: an `xdg-open` that finds no application for the file (exit 3, as the
/// real one does without a handler) turns "Opening report.pdf" into "no application opens .pdf
/// files here: xdg-open exit 3" in the chat's status line.
@Suite(.serialized, .enabled(if: TmuxSession.isAvailable, "tmux is not installed: run Scripts/setup"))
struct OpenFailureTerminalTests {
    @Test(arguments: [(80, 24), (160, 48)], KeysInEveryTerminalTests.terminals)
    func aFailedOpenSaysWhy(size: (Int, Int), term: String) async throws {
        let base = try TemporaryDirectory("open-fail")
        defer { base.remove() }
        let container = try await MainInterfaceTerminalTests.seededContainer(in: base)
        let (user, _) = try await OpenSaveTerminalTests.chats(container)
        let peer = try #require(user["peerId"] as? Int64)
        // xdg-open as it answers on a machine with nothing for PDFs.
        let bin = base.sub("bin")
        try FileManager.default.createDirectory(atPath: bin, withIntermediateDirectories: true)
        try "#!/bin/sh\nexit 3\n".write(toFile: bin + "/xdg-open", atomically: true, encoding: .utf8)
        chmod(bin + "/xdg-open", 0o755)
        let file = base.sub("report.pdf")
        try Data("%PDF-1.4 report".utf8).write(to: URL(fileURLWithPath: file))
        let shared = try await RunningProcess.run(Executables.path("share"), ["--to", String(peer), "--file", file, "--container", container])
        #expect(shared.succeeded, "\(shared)")

        let main = Executables.path(Executables.main)
        let path = bin + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
        let session = try TmuxSession(width: size.0, height: size.1,
                                      command: [main, "run", "--container", container, "--open", "tg://localpeer?id=\(peer)"],
                                      environment: ["PATH": path, "XDG_CONFIG_HOME": base.sub("config")],
                                      options: [("default-terminal", term)])
        defer { session.kill() }
        try await session.waitFor(text: "report.pdf", timeout: 15)
        try await session.still()
        try await MessageActionsTerminalTests.key(session, "Up")
        try await MessageActionsTerminalTests.key(session, "Enter")
        let screen = try await session.waitFor(text: "no application opens .pdf files here: xdg-open exit 3", timeout: 5)
        #expect(!screen.contains { $0.contains("Opening report.pdf") }, "\(screen.joined(separator: "\n"))")
    }
}

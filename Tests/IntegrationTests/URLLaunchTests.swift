import Foundation
import Testing
import Container
import TestSupport

/// `main URL` (seed 003's URL-scheme launch): on a terminal it is `main run --open URL` (the tmux
/// tests cover that); without one it is `main open URL`, and a bad link is refused before
/// anything launches, with the same words as `main open`.
@Suite("main URL")
struct URLLaunchTests {
    @Test("a link as main's only argument opens like main open; a bad one exits 1", .timeLimit(.minutes(5)))
    func linkAsArgument() async throws {
        try await withSandbox("url") { sandbox in
            try await sandbox.login()
            _ = try await sandbox.seed(peers: 10, messages: 50)
            let opened = try await sandbox.runOK(Executables.main, ["tg://localpeer?id=1000000", "--json"])
            #expect(try opened.json()["peerId"] as? Int == 1_000_000)
            let web = try await sandbox.run(Executables.main, ["https://t.me/nobody_here"])
            #expect(web.exitCode == 1 && web.stderr.contains("no chat with username @nobody_here"), "\(web)")
            let bad = try await sandbox.run(Executables.main, ["tg://bogus"])
            #expect(bad.exitCode == 1 && bad.stderr.contains("unknown link"), "\(bad)")
            // With the app running, the link is handed to it (as `main open URL` would be).
            let (run, _) = try await sandbox.startMainRun()
            let handed = try await sandbox.runOK(Executables.main, ["tg://localpeer?id=1000000"])
            #expect(handed.stdout.contains("opened chat"), "\(handed)")
            run.send(SIGTERM)
            _ = try await run.wait(timeout: 20)
            let headless = try await sandbox.run(Executables.main, ["run", "--headless", "--open", "tg://localpeer?id=999", "--duration", "1"])
            #expect(headless.exitCode == 1 && headless.stderr.contains("no chat with peer id 999"), "\(headless)")
        }
    }
}

import Foundation
import Testing
import Container
import TestSupport

/// main's writing commands issued while `main run` holds the writer lock are handed to the running
/// app through the request channel and answer with its output and exit status (instead of exit 75).
@Suite("main's commands handed to the running app")
struct MainHandOffTests {
    @Test("push, passcode, lock and a failing unlock run in the running app", .timeLimit(.minutes(5)))
    func commandsRunInTheRunningApp() async throws {
        try await withSandbox("handoff") { sandbox in
            try await sandbox.login()
            _ = try await sandbox.seed(peers: 20, messages: 100)
            let (run, pid) = try await sandbox.startMainRun()

            let push = try await sandbox.runOK(Executables.main, ["push", "--peer", "1000000", "--text", "handed over", "--json"])
            let report = try push.json()
            #expect(report["kind"] as? String == "message")
            _ = try await sandbox.runOK(Executables.main, ["passcode", "set"], stdin: "2468\n")
            let locked = try await sandbox.runOK(Executables.main, ["lock"])
            #expect(locked.stdout.contains("locked"))
            let wrong = try await sandbox.run(Executables.main, ["unlock"], stdin: "0000\n")
            #expect(wrong.exitCode == 1, "a wrong passcode must fail in the running app too: \(wrong)")
            #expect(wrong.stderr.contains("wrong passcode"))
            _ = try await sandbox.runOK(Executables.main, ["unlock"], stdin: "2468\n")
            let opened = try await sandbox.runOK(Executables.main, ["open", "tg://localpeer?id=1000000", "--json"])
            #expect(try opened.json()["peerId"] as? Int == 1_000_000)

            // The running app did the work: its log names each handed-over command.
            let log = ContainerFiles.regularFiles(under: sandbox.layout.logsPath("app-logs"))
                .compactMap { ContainerFiles.bytes(sandbox.layout.logsPath("app-logs") + "/" + $0) }
                .map { String(decoding: $0, as: UTF8.self) }.joined()
            #expect(log.contains("handed-over command run"))
            #expect(log.contains("pid=\(pid)") || log.contains("command=push"))

            // Two settings changes handed over one after the other: the second keeps the first
            // (the running app reads the store, not its launch-time copy).
            _ = try await sandbox.runOK(Executables.main, ["settings", "--show-calls-tab", "false"])
            _ = try await sandbox.runOK(Executables.main, ["settings", "--display-previews", "false", "--theme", "night"])
            let settings = try await sandbox.runOK(Executables.main, ["settings", "--json"]).json()
            #expect(settings["showCallsTab"] as? Bool == false)
            #expect(settings["displayPreviews"] as? Bool == false)
            #expect(settings["theme"] as? String == "night")
            // A second `main run` is still refused.
            let second = try await sandbox.run(Executables.main, ["run"])
            #expect(second.exitCode == 75)

            run.send(SIGTERM)
            _ = try await run.wait(timeout: 20)
            // After the app stopped, the same commands run by themselves again.
            _ = try await sandbox.runOK(Executables.main, ["push", "--peer", "1000001", "--text", "after"])
        }
    }
}

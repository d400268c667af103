import Foundation
import Testing
import TestSupport

/// A command that only reads never creates a container: pointed at one that is not there (a
/// mistyped --container) it says so and exits non-zero, and the path stays absent. Only what sets
/// up an account creates one. The widget asked by the system before main ever ran (no --container,
/// the group's default place absent) draws "Log in", as iOS's widget does, and creates nothing.
@Suite("read-only commands and a missing container")
struct ReadOnlyContainerTests {
    static let readers: [(String, [String])] = [
        (Executables.main, ["chats"]), (Executables.main, ["messages", "--peer", "1000001"]),
        (Executables.main, ["accounts"]), (Executables.main, ["accounts", "--json"]), (Executables.main, ["status"]),
        (Executables.main, ["requests"]), (Executables.main, ["check"]), (Executables.main, ["settings"]),
        (Executables.main, ["push-registration"]), (Executables.main, ["contacts"]), (Executables.main, ["call", "stats"]),
        ("widget", ["timeline"]), ("widget", ["render", "--out", "w.png"]), ("widget", ["configure"]),
        ("share", ["peers"]), ("intents", ["search-messages", "--query", "hi"]), ("intents", ["search-call-history"]),
    ] + Executables.extensionNames.map { ($0, ["bootstrap"]) }

    @Test("every reader refuses a mistyped --container: exit non-zero, a clear message, nothing created",
          .timeLimit(.minutes(5)), arguments: readers)
    func mistypedContainer(_ executable: String, _ arguments: [String]) async throws {
        try await withSandbox("missing-container") { sandbox in
            let mistyped = sandbox.base + "/contaienr"
            let result = try await sandbox.run(executable, arguments + ["--container", mistyped], containerFlag: false)
            #expect(result.exitCode != 0, "\(executable) \(arguments): \(result)")
            #expect(result.stderr.contains("no app group container at \(mistyped)"), "\(executable) \(arguments): \(result)")
            #expect(!FileManager.default.fileExists(atPath: mistyped), "\(executable) \(arguments) created \(mistyped)")
        }
    }

    @Test("the widget with no container named and none made yet draws Log in and creates nothing", .timeLimit(.minutes(5)))
    func widgetBeforeMainEverRan() async throws {
        try await withSandbox("no-container-yet") { sandbox in
            let groups = sandbox.base + "/xdg/AppGroups"
            let timeline = try await sandbox.run("widget", ["timeline", "--json"], containerFlag: false)
            #expect(timeline.exitCode == 0, "\(timeline)")
            let json = try timeline.json()
            #expect(json["state"] as? String == "empty" && json["reason"] as? String == "noAccount", "\(timeline)")
            #expect(!FileManager.default.fileExists(atPath: groups), "the widget created \(groups)")
            // Only what sets up an account creates it.
            let login = try await sandbox.run(Executables.main, ["login", "--phone", "+15550001", "--name", "Ada L", "--container", sandbox.base + "/made"],
                                              containerFlag: false)
            #expect(login.succeeded, "\(login)")
            #expect(FileManager.default.fileExists(atPath: sandbox.base + "/made/telegram-data"))
        }
    }
}

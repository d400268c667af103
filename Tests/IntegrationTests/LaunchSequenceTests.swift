import Foundation
import Testing
import Container
import TestSupport

/// main's launch is a sequence of named phases, each timed in `main status` and in the app log;
/// the authorized root shows the Calls tab only when the setting says so, with Chats selected.
@Suite("main launch sequence and root interface")
struct LaunchSequenceTests {
    static let phases = ["buildConfiguration", "storage", "logging", "applicationBindings", "accountManager",
                         "presentationData", "appLock", "sharedAccountContext", "accountLoading", "rootInterface", "requestQueue"]

    @Test("status lists every launch phase in order with a timing, and each is in the app log", .timeLimit(.minutes(5)))
    func phasesAreNamedOrderedAndLogged() async throws {
        try await withSandbox("phases") { sandbox in
            let unauthorized = try await sandbox.runOK(Executables.main, ["status", "--json"]).json()
            #expect(unauthorized["state"] as? String == "unauthorized")
            #expect(unauthorized["rootTabs"] as? [String] == ["AuthorizationSequence"])

            try await sandbox.login()
            _ = try await sandbox.seed(peers: 30, messages: 300)
            let status = try await sandbox.runOK(Executables.main, ["status", "--json"]).json()
            let launch = try #require(status["launch"] as? [String: Any])
            let phases = try #require(launch["phases"] as? [[String: Any]])
            #expect(phases.compactMap { $0["name"] as? String } == Self.phases)
            // Seed 003's stages: everything up to the root chosen, then the request queue.
            let stages = try #require(launch["stages"] as? [[String: Any]])
            #expect(stages.compactMap { $0["name"] as? String } == ["willFinishLaunching", "didFinishLaunching"])
            #expect(stages.first?["phases"] as? [String] == Array(Self.phases.dropLast()))
            #expect(stages.last?["phases"] as? [String] == ["requestQueue"])
            for phase in phases {
                let ms = try #require(phase["milliseconds"] as? Double, "phase without timing: \(phase)")
                #expect(ms >= 0)
            }
            #expect(status["state"] as? String == "authorized")

            let logs = sandbox.layout.logsPath("app-logs")
            let text = ContainerFiles.regularFiles(under: logs)
                .compactMap { ContainerFiles.bytes(logs + "/" + $0) }
                .map { String(decoding: $0, as: UTF8.self) }.joined()
            for name in Self.phases {
                #expect(text.contains("launch phase") && text.contains("phase=\(name)"), "phase \(name) not timed in the app log")
            }
        }
    }

    @Test("the Calls tab follows the setting; Chats is selected", .timeLimit(.minutes(5)))
    func callsTabFollowsTheSetting() async throws {
        try await withSandbox("tabs") { sandbox in
            try await sandbox.login()
            var status = try await sandbox.runOK(Executables.main, ["status", "--json"]).json()
            #expect(status["rootTabs"] as? [String] == ["Contacts", "Calls", "Chats", "Settings"])
            #expect(status["selectedTab"] as? String == "Chats")

            _ = try await sandbox.runOK(Executables.main, ["settings", "--show-calls-tab", "false"])
            status = try await sandbox.runOK(Executables.main, ["status", "--json"]).json()
            #expect(status["rootTabs"] as? [String] == ["Contacts", "Chats", "Settings"])
            #expect(status["selectedTab"] as? String == "Chats")
        }
    }
}

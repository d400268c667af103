import Foundation
import Testing
import Container
import TestSupport
#if canImport(Glibc)
import Glibc
#endif

/// What the hostile-file runs found: a special file or a link in place of a container
/// file never hangs an extension, the lock fails closed when its file goes, and every extension's
/// output for people carries no control character from data.
@Suite("hostile container files")
struct HostileContainerTests {
    /// Container files another process may replace, and what replaces them.
    enum Target: String, CaseIterable, Sendable, CustomTestStringConvertible {
        case lockState, deviceKey, atomicState, widgetData, writerLock, notificationsPresentation, coordinationType
        var testDescription: String { rawValue }

        func path(_ layout: ContainerLayout) -> String {
            switch self {
            case .lockState: return layout.lockStatePath
            case .deviceKey: return layout.deviceKeyPath
            case .atomicState: return layout.atomicStatePath
            case .widgetData: return layout.widgetDataPath
            case .writerLock: return layout.writerLockPath
            case .notificationsPresentation: return layout.notificationsPresentationDataPath
            case .coordinationType: return layout.broadcastCoordinationTypePath
            }
        }
    }

    /// A FIFO is what blocks a plain open; a link to one is what a plain no-follow check on the
    /// path (lstat) would let through. (Dangling links are in the lock tests below.)
    enum Replacement: String, CaseIterable, Sendable { case fifo, linkToFIFO }

    /// Every extension's real work, each with a deadline far beyond its normal run: a process that
    /// blocks is killed by the harness and fails the test.
    static func runEveryExtension(_ sandbox: Sandbox, push: String) async throws -> [String: ProcessResult] {
        let commands: [(String, [String], String?)] = [
            ("share", ["--to", "1000000", "--text", "hostile share", "--deadline", "0.3", "--json"], nil),
            ("intents", ["search-messages", "--query", "hello", "--json"], nil),
            ("widget", ["timeline", "--json"], nil),
            ("notify-service", ["--json", "--deadline", "3"], push),
            ("broadcast", ["bootstrap", "--json"], nil),
        ]
        var results: [String: ProcessResult] = [:]
        try await withThrowingTaskGroup(of: (String, ProcessResult).self) { group in
            for (name, args, stdin) in commands {
                group.addTask { (name, try await sandbox.run(name, args, stdin: stdin, timeout: 20)) }
            }
            for try await (name, result) in group { results[name] = result }
        }
        return results
    }

    // Serialized: each case runs five extensions at once; 14 cases at once would starve the
    // timing-sensitive tests that run beside them on two cores.
    @Test("a FIFO or a link in place of a container file: no extension blocks", .serialized, .timeLimit(.minutes(6)),
          arguments: Target.allCases, Replacement.allCases)
    func specialFilesNeverBlock(_ target: Target, _ replacement: Replacement) async throws {
        try await withSandbox("hostile-\(target.rawValue)-\(replacement.rawValue)") { sandbox in
            let fixture = try await NotifyFixture.make(sandbox, peers: 10, messages: 50)
            let push = try await sandbox.sendPushLine(peer: try fixture.chat("user").peerId, text: "hostile push q7Wm")
            let path = target.path(sandbox.layout)
            try? FileManager.default.removeItem(atPath: path)
            switch replacement {
            case .fifo: #expect(mkfifo(path, 0o600) == 0)
            case .linkToFIFO:
                #expect(mkfifo(path + ".fifo", 0o600) == 0)
                #expect(symlink(path + ".fifo", path) == 0)
            }
            let results = try await Self.runEveryExtension(sandbox, push: push)
            for (name, result) in results {
                // Any clear answer is fine (a refusal, a fallback); a crash is not.
                #expect(result.exitCode.map { (0..<128).contains($0) } == true, "\(name) crashed: \(result)")
                #expect(!result.stdout.isEmpty || !result.stderr.isEmpty, "\(name) said nothing: \(result)")
            }
            if target == .lockState {
                // Fail-closed: whatever stands there, nothing of a message is shown.
                let delivered = try #require(results["notify-service"])
                #expect(!delivered.stdout.contains("hostile push q7Wm"), "\(delivered)")
                let share = try #require(results["share"])
                #expect(share.stdout.contains("\"locked\"") || share.stderr.contains("locked"), "share while the lock is unreadable: \(share)")
                let bootstrap = try await sandbox.run("widget", ["bootstrap", "--json"], timeout: 20)
                #expect((try? bootstrap.json()["locked"] as? Bool) == true, "\(bootstrap)")
            }
        }
    }

    @Test("the lock file deleted while a passcode is set: every reader is locked, and main rewrites it locked",
          .timeLimit(.minutes(5)))
    func deletedLockFileFailsClosed() async throws {
        try await withSandbox("hostile-lock-deleted") { sandbox in
            try await sandbox.login()
            try await sandbox.runOK(Executables.main, ["passcode", "set"], stdin: "2468\n")
            for (ext, _, json) in try await sandbox.bootstrapAll() {
                #expect(json["locked"] as? Bool == false, "unlocked after passcode set, \(ext): \(json)")
            }
            for removal in ["delete", "dangling link"] {
                let path = sandbox.layout.lockStatePath
                try FileManager.default.removeItem(atPath: path)
                if removal == "dangling link" { #expect(symlink(path + ".nowhere", path) == 0) }
                for (ext, _, json) in try await sandbox.bootstrapAll() {
                    #expect(json["locked"] as? Bool == true, "\(removal): \(ext) reads \(json)")
                }
                // main status (read-only) agrees with the extensions.
                let status = try await sandbox.runOK(Executables.main, ["status", "--json"]).json()
                let lock = try #require(status["lock"] as? [String: Any])
                #expect(lock["locked"] as? Bool == true && lock["passcodeSet"] as? Bool == true, "\(removal): \(lock)")
                // The next writer launch puts a real lock state back, locked.
                try await sandbox.runOK(Executables.main, ["settings", "--show-calls-tab", "true"])
                let attributes = try FileManager.default.attributesOfItem(atPath: path)
                #expect(attributes[.type] as? FileAttributeType == .typeRegular, "\(removal): not rewritten as a file")
                let rewritten = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as? [String: Any]
                #expect(rewritten?["isManuallyLocked"] as? Bool == true, "\(removal): \(rewritten ?? [:])")
                for (ext, _, json) in try await sandbox.bootstrapAll() {
                    #expect(json["locked"] as? Bool == true, "after the rewrite, \(ext) reads \(json)")
                }
                // The passcode still unlocks it.
                try await sandbox.runOK(Executables.main, ["unlock"], stdin: "2468\n")
                for (ext, _, json) in try await sandbox.bootstrapAll() {
                    #expect(json["locked"] as? Bool == false, "after unlock, \(ext) reads \(json)")
                }
            }
        }
    }

    @Test("without a passcode, an unreadable lock state is rewritten unlocked by the next writer launch",
          .timeLimit(.minutes(5)))
    func unreadableLockWithoutPasscodeIsRepaired() async throws {
        try await withSandbox("hostile-lock-nopasscode") { sandbox in
            try await sandbox.login()
            let path = sandbox.layout.lockStatePath
            try? FileManager.default.removeItem(atPath: path)
            #expect(mkfifo(path, 0o600) == 0)
            for (ext, _, json) in try await sandbox.bootstrapAll() {
                #expect(json["locked"] as? Bool == true, "a FIFO lock state, \(ext) reads \(json)")
            }
            try await sandbox.runOK(Executables.main, ["settings", "--show-calls-tab", "true"])
            let attributes = try FileManager.default.attributesOfItem(atPath: path)
            #expect(attributes[.type] as? FileAttributeType == .typeRegular)
            for (ext, _, json) in try await sandbox.bootstrapAll() {
                #expect(json["locked"] as? Bool == false, "after the repair, \(ext) reads \(json)")
            }
        }
    }

    @Test("a duplicated key in lockState.json reads locked everywhere", .timeLimit(.minutes(5)))
    func duplicateKeyLockState() async throws {
        try await withSandbox("hostile-lock-duplicate") { sandbox in
            try await sandbox.login()
            for text in [#"{"isManuallyLocked":false,"isManuallyLocked":true}"#,
                         #"{"isManuallyLocked":true,"isManuallyLocked":false}"#,
                         #"{"isManuallyLocked":false,"\u0069sManuallyLocked":true}"#] {
                try Data(text.utf8).write(toPath: sandbox.layout.lockStatePath)
                for (ext, _, json) in try await sandbox.bootstrapAll() {
                    #expect(json["locked"] as? Bool == true, "\(text): \(ext) reads \(json)")
                }
            }
        }
    }

    /// Bytes a terminal would act on: C0 controls but newline and tab, DEL, and the C1 controls
    /// (U+0080…U+009F, UTF-8 C2 80…C2 9F).
    static func rawControls(_ text: String) -> [String] {
        var found: [String] = []
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0x0A, 0x09: continue
            case 0x00 ... 0x1F, 0x7F ... 0x9F, 0x2028, 0x2029, 0x202A ... 0x202E, 0x2066 ... 0x2069:
                found.append(String(format: "U+%04X", scalar.value))
            default: continue
            }
        }
        return found
    }

    static let injection = "pwn\u{1B}[2J\u{1B}]0;owned\u{07}\rstatus: delivered\nbody: forged\u{9B}1m\u{7F}\u{202E}"

    @Test("no executable prints a control character from data to a terminal", .timeLimit(.minutes(5)))
    func outputCarriesNoControlCharacters() async throws {
        try await withSandbox("hostile-escapes") { sandbox in
            let fixture = try await NotifyFixture.make(sandbox, peers: 10, messages: 50)
            let chat = try fixture.chat("user")
            // The push's own (unauthenticated) alert, and a message text, both hostile.
            let push = try await sandbox.sendPush(peer: chat.peerId, text: Self.injection)
            var hostileAps = NotifyPushJSON.markedAps
            hostileAps["alert"] = ["title": Self.injection, "body": Self.injection]
            let withHostileAlert = push.replacing(payload: nil, aps: hostileAps)
            let broken = NotifyPushJSON.line(["aps": hostileAps, "p": "!!"])
            var outputs: [(String, ProcessResult)] = []
            outputs.append(("notify-service (message)", try await sandbox.run("notify-service", [], stdin: withHostileAlert)))
            outputs.append(("notify-service (fallback)", try await sandbox.run("notify-service", [], stdin: broken)))
            // A chat titled with the injection, shown by the listings.
            let share = try await sandbox.run("share", ["--to", Self.injection, "--text", "x", "--deadline", "0.2"])
            outputs.append(("share (unknown peer named by data)", share))
            outputs.append(("intents search", try await sandbox.run("intents", ["search-messages", "--query", "pwn"])))
            outputs.append(("main chats", try await sandbox.run(Executables.main, ["chats", "--limit", "50"])))
            outputs.append(("main unknown option", try await sandbox.run(Executables.main, ["status", "--\u{1B}[31m"])))
            for (what, result) in outputs {
                #expect(Self.rawControls(result.stdout).isEmpty, "\(what) stdout: \(Self.rawControls(result.stdout)) in \(result)")
                #expect(Self.rawControls(result.stderr).isEmpty, "\(what) stderr: \(Self.rawControls(result.stderr)) in \(result)")
            }
            // The escapes are shown, not dropped: a person sees that something was there.
            let delivered = outputs[0].1.stdout
            #expect(delivered.contains("\\u{1b}[2J"), "\(delivered)")
            #expect(!delivered.contains("\nstatus: delivered\nbody: forged"), "a forged line reached the output")
            // --json keeps the data intact (escaped by JSON), for programs.
            let (_, content) = try await sandbox.deliverPush(withHostileAlert)
            #expect(content.body.contains("\u{1B}[2J"), "the JSON body lost its content: \(content.body.debugDescription)")
        }
    }
}

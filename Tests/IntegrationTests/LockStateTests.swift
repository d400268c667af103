import Foundation
import Testing
import Container
import TestSupport

/// docs/architecture.md §5.2 (lock state): Telegram's lockState.json and `isAppLocked` semantics, read by
/// every extension; missing = unlocked, unreadable or corrupt = locked (fail closed).
@Suite("Lock state seen by every extension")
struct LockStateTests {
    enum LockFile: String, CaseIterable, Sendable, CustomTestStringConvertible {
        case missing
        case manuallyLocked
        case autolockActiveNow
        case autolockExpired
        case autolockOtherBoot
        case corruptBytes
        case truncatedJSON
        case wrongTypes
        case emptyFile

        var testDescription: String { rawValue }

        var expectLocked: Bool {
            switch self {
            case .missing, .autolockActiveNow: return false
            default: return true
            }
        }

        /// The file's bytes, nil for no file. Written by hand in Telegram's JSON shape, not with
        /// the project's encoder, so a format drift in the product shows up here.
        func contents(now: DeviceUptime) -> Data? {
            func autolock(boot: Int32, uptime: Int32) -> String {
                #"{"isManuallyLocked":false,"autolockTimeout":60,"applicationActivityTimestamp":{"bootTimestamp":\#(boot),"uptime":\#(uptime)},"forceLockOnLaunch":false}"#
            }
            switch self {
            case .missing: return nil
            case .manuallyLocked: return Data(#"{"isManuallyLocked":true,"forceLockOnLaunch":false}"#.utf8)
            case .autolockActiveNow: return Data(autolock(boot: now.bootTimestamp, uptime: now.uptime).utf8)
            case .autolockExpired: return Data(autolock(boot: now.bootTimestamp, uptime: now.uptime - 120).utf8)
            case .autolockOtherBoot: return Data(autolock(boot: now.bootTimestamp - 86_400, uptime: now.uptime).utf8)
            case .corruptBytes:
                var bytes = TestRandom.bytes(300)
                bytes[0] = 0xFF   // never the start of valid JSON
                return bytes
            case .truncatedJSON:
                let full = autolock(boot: now.bootTimestamp, uptime: now.uptime)
                return Data(full.utf8.prefix(full.utf8.count / 2))
            case .wrongTypes: return Data(#"{"isManuallyLocked":"yes"}"#.utf8)
            case .emptyFile: return Data()
            }
        }
    }

    @Test("Every extension's bootstrap reports the lock state of lockState.json",
          .timeLimit(.minutes(5)), arguments: LockFile.allCases)
    func extensionsReadLockState(_ lockFile: LockFile) async throws {
        try await withSandbox("lock-\(lockFile.rawValue)") { sandbox in
            let accountId = try await sandbox.login()
            let path = sandbox.layout.lockStatePath
            try? FileManager.default.removeItem(atPath: path)
            let written = lockFile.contents(now: DeviceUptime.now())
            if let written { try written.write(toPath: path) }

            let results = try await sandbox.runConcurrently(Executables.extensionNames.map { ($0, ["bootstrap", "--json"]) })
            for (ext, result) in zip(Executables.extensionNames, results) {
                #expect(result.exitCode == 0, "\(lockFile) \(ext): \(result)")
                guard result.exitCode == 0 else { continue }
                let json = try result.json()
                #expect(json["locked"] as? Bool == lockFile.expectLocked,
                        "\(lockFile): \(ext) says locked=\(json["locked"] ?? "absent"), expected \(lockFile.expectLocked): \(result)")
                #expect(json["lockSummary"] is String, "\(ext): \(result)")
                #expect(json["currentAccountId"] as? String == String(accountId), "\(ext): \(result)")
            }
            // Readers never rewrite the lock file.
            #expect(ContainerFiles.bytes(path) == written, "\(lockFile): lockState.json was changed (or created) by a reader")
        }
    }

    @Test("passcode set, lock, wrong and right unlock, as every extension sees it", .timeLimit(.minutes(5)))
    func passcodeLockUnlock() async throws {
        try await withSandbox("passcode") { sandbox in
            try await sandbox.login()
            let passcode = "2468\n", wrong = "1357\n"
            try await sandbox.runOK(Executables.main, ["passcode", "set"], stdin: passcode)

            try await sandbox.runOK(Executables.main, ["lock"])
            for (ext, _, json) in try await sandbox.bootstrapAll() {
                #expect(json["locked"] as? Bool == true, "after main lock, \(ext) says \(json)")
            }
            let status = try await sandbox.runOK(Executables.main, ["status", "--json"]).json()
            #expect((status["lock"] as? [String: Any])?["locked"] as? Bool == true, "main status after lock: \(status)")

            let rejected = try await sandbox.run(Executables.main, ["unlock"], stdin: wrong)
            #expect(rejected.exitCode == 1, "unlock with the wrong passcode: \(rejected)")
            #expect(rejected.stderr.contains("error:"), "\(rejected)")
            for (ext, _, json) in try await sandbox.bootstrapAll() {
                #expect(json["locked"] as? Bool == true, "after a wrong unlock, \(ext) says \(json)")
            }

            let unlocked = try await sandbox.run(Executables.main, ["unlock"], stdin: passcode)
            #expect(unlocked.exitCode == 0, "unlock with the right passcode: \(unlocked)")
            for (ext, _, json) in try await sandbox.bootstrapAll() {
                #expect(json["locked"] as? Bool == false, "after the right unlock, \(ext) says \(json)")
            }
        }
    }
}

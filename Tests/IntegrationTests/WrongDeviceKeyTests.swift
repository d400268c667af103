import Container
import Foundation
import KeyValueStore
import TestSupport
import Testing

/// A replaced or damaged `.tempkey` is reported, never "repaired": the stores stay exactly as they
/// were (StorageError's promise: nothing is changed or deleted).
@Suite("Wrong device key")
struct WrongDeviceKeyTests {
    @Test("A different 48-byte .tempkey, then a 40-byte one: clear errors, nothing changed", .timeLimit(.minutes(5)))
    func wrongKeyChangesNothing() async throws {
        try await withSandbox("wrongkey") { sandbox in
            let layout = sandbox.layout
            try await sandbox.login()
            try await sandbox.seed(peers: 20, messages: 200)
            let original = try #require(ContainerFiles.bytes(layout.deviceKeyPath))
            #expect(original.count == 48)
            let before = ContainerFiles.storeSnapshot(layout)

            // 1. Same length, different bytes.
            var replacement = TestRandom.bytes(48)
            while replacement == original { replacement = TestRandom.bytes(48) }
            try replacement.write(toPath: layout.deviceKeyPath)
            var expected = before
            expected[".tempkey"] = replacement
            try await Self.expectRefusal(sandbox, label: "different 48-byte key", expected: expected)

            // 2. Wrong length.
            let short = TestRandom.bytes(40)
            try short.write(toPath: layout.deviceKeyPath)
            expected[".tempkey"] = short
            try await Self.expectRefusal(sandbox, label: "40-byte key", expected: expected)
            #expect(ContainerFiles.bytes(layout.deviceKeyPath) == short, "the 40-byte .tempkey was replaced")

            // Control: with the original key back, everything opens again.
            try original.write(toPath: layout.deviceKeyPath)
            let status = try await sandbox.run(Executables.main, ["status", "--json"])
            #expect(status.exitCode == 0, "main status with the original key restored: \(status)")
            let boot = try await sandbox.run("share", ["bootstrap", "--json"])
            #expect(boot.exitCode == 0, "share bootstrap with the original key restored: \(boot)")
        }
    }

    private static func expectRefusal(_ sandbox: Sandbox, label: String, expected: [String: Data]) async throws {
        let layout = sandbox.layout
        let status = try await sandbox.run(Executables.main, ["status", "--json"])
        Self.expectDeviceKeyError(status, label: "\(label): main status")
        #expect(ContainerFiles.differences(expected, ContainerFiles.storeSnapshot(layout)).isEmpty,
                "\(label): main status changed files: \(ContainerFiles.differences(expected, ContainerFiles.storeSnapshot(layout)))")

        for ext in Executables.extensionNames {
            let result = try await sandbox.run(ext, ["bootstrap", "--json"])
            Self.expectDeviceKeyError(result, label: "\(label): \(ext) bootstrap")
        }
        // A command that writes is refused the same way, before it writes anything.
        let seed = try await sandbox.run(Executables.main, ["seed", "--peers", "1", "--messages", "1"])
        Self.expectDeviceKeyError(seed, label: "\(label): main seed")
        let changed = ContainerFiles.differences(expected, ContainerFiles.storeSnapshot(layout))
        #expect(changed.isEmpty, "\(label): files changed: \(changed)")
        let leftovers = ContainerFiles.allEntries(under: layout.rootPath).filter { $0.hasPrefix(".tempkey.") }
        #expect(leftovers.isEmpty, "\(label): temp key files left: \(leftovers)")
    }

    private static func expectDeviceKeyError(_ result: ProcessResult, label: String) {
        #expect(result.exitCode != nil && result.exitCode != 0, "\(label) should fail: \(result)")
        #expect(result.stderr.contains("error:"), "\(label): no `error:` line on stderr: \(result)")
        #expect(result.stderr.lowercased().contains("device key"), "\(label): stderr does not mention the device key: \(result)")
    }
}

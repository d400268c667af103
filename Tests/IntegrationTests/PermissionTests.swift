import Foundation
import Testing
import Container
import TestSupport

/// docs/architecture.md §2: directories 0700, files 0600, for everything in the shared container
/// (an extra check beyond the issue's list: it is part of the same container contract).
@Suite("Container permissions")
struct PermissionTests {
    @Test("After login, seed, status and every extension, directories are 0700 and files 0600",
          .timeLimit(.minutes(5)))
    func directoriesAndFilesArePrivate() async throws {
        try await withSandbox("perms") { sandbox in
            try await sandbox.login()
            try await sandbox.seed(peers: 10, messages: 100)
            try await sandbox.runOK(Executables.main, ["status", "--json"])
            _ = try await sandbox.bootstrapAll()

            var wrong: [String] = []
            for entry in ContainerFiles.allEntries(under: sandbox.rootPath) {
                let path = sandbox.rootPath + "/" + entry
                guard let mode = ContainerFiles.mode(path) else { continue }
                let isDirectory = ContainerFiles.isDirectory(path)
                let expected: mode_t = isDirectory ? 0o700 : 0o600
                // FIFOs and sockets (broadcast) are held to the file rule as well.
                if mode != expected { wrong.append("\(String(mode, radix: 8)) \(entry)\(isDirectory ? "/" : "")") }
            }
            #expect(wrong.isEmpty, "\(wrong.count) entries with the wrong mode (expected dirs 700, files 600):\n\(wrong.joined(separator: "\n"))")
        }
    }
}

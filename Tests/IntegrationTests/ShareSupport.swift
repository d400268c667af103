import Foundation
import Testing
import Container
import Cryptography
import Storage
import TestSupport
#if canImport(Glibc)
import Glibc
#endif

// Helpers for the share extension's tests: running `share` against a sandbox, the request
// queue seen from outside, and a stored message read straight from the Postbox (read-only,
// from the test process) to check what main made of a share.

enum ShareSupport {
    static let executable = "share"

    /// `share <args> --json`, any exit status; stdout parsed as one JSON object.
    static func json(_ sandbox: Sandbox, _ args: [String], timeout: Double = 60) async throws -> (ProcessResult, [String: Any]) {
        let result = try await sandbox.run(executable, args + ["--json"], timeout: timeout)
        return (result, try result.json())
    }

    /// Request directories in requests/pending (what main would apply at its next drain).
    static func pending(_ sandbox: Sandbox) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: sandbox.layout.requestsPath + "/pending")) ?? []).sorted()
    }

    /// Drafts left in requests/staging (an abandoned share leaves none).
    static func staging(_ sandbox: Sandbox) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: sandbox.layout.requestsPath + "/staging")) ?? []).sorted()
    }

    /// `main status --json`'s store.messageCount.
    static func messageCount(_ sandbox: Sandbox) async throws -> Int {
        let status = try await sandbox.runOK(Executables.main, ["status", "--json"]).json()
        guard let count = (status["store"] as? [String: Any])?["messageCount"] as? Int else {
            throw HarnessError("main status --json has no store.messageCount: \(status)")
        }
        return count
    }

    /// One message of the account, read from its Postbox opened read-only with the device key.
    static func message(_ sandbox: Sandbox, account: Int64, peer: Int64, id: Int32) throws -> (Message?, String) {
        guard let key = try DeviceKey.load(path: sandbox.layout.deviceKeyPath) else { throw HarnessError("no device key") }
        let manager = try AccountManager(layout: sandbox.layout, deviceKey: key, readOnly: true)
        let postbox = try manager.openPostbox(accountId: account, readOnly: true, useCaches: false)
        let message = try postbox.read { try $0.message(MessageId(peerId: PeerId(peer), id: id)) }
        return (message, postbox.mediaBox.basePath)
    }

    /// A directory outside the container for the files a test shares.
    static func filesDirectory(_ sandbox: Sandbox) throws -> String {
        let path = sandbox.base + "/files"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    /// A word that starts the names of two or more shareable chats and is no chat's whole name,
    /// so resolvePeer finds it ambiguous.
    static func ambiguousWord(_ chats: [NotifyChatRow]) throws -> String {
        let titles = chats.filter { $0.kind != "secret" && $0.title != "Deleted Account" }.map { $0.title.lowercased() }
        var counts: [String: Int] = [:]
        for title in titles { if let first = title.split(separator: " ").first { counts[String(first), default: 0] += 1 } }
        guard let word = counts.filter({ $0.value >= 2 && !titles.contains($0.key) }).keys.sorted().first else {
            throw HarnessError("the fixture has no two chats whose names start with the same word: \(titles)")
        }
        return word
    }

    static func int64(_ value: Any?) -> Int64? { (value as? NSNumber)?.int64Value }
}

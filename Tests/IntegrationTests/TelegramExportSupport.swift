import Foundation
import Testing
import Storage
import TestSupport

/// Exports written by the export generator in Telegram Desktop's structure, and what
/// the tests read back through `main`.
struct GeneratedExport {
    let path: String
    let summary: [String: Any]

    var messages: Int { summary["messages"] as? Int ?? -1 }
    var chats: [[String: Any]] { summary["chats"] as? [[String: Any]] ?? [] }
    var sampleTexts: [String] { summary["sampleTexts"] as? [String] ?? [] }
    var contacts: [[String: Any]] { summary["contacts"] as? [[String: Any]] ?? [] }
    var int: (String) -> Int { { summary[$0] as? Int ?? -1 } }

    /// The exporting user's id (`personal_information`), imported as the account.
    var selfId: Int64 { (summary["selfId"] as? NSNumber)?.int64Value ?? -1 }

    /// The packed peer id `main chats` lists a generated chat under once imported into the account
    /// whose peer is `accountPeerId`: the export's own Saved Messages are the account's.
    func peerId(_ chat: [String: Any], accountPeerId: Int64) -> Int64 {
        chat["type"] as? String == "saved_messages" && (chat["id"] as? NSNumber)?.int64Value == selfId
            ? accountPeerId : Self.peerId(chat)
    }

    /// The packed peer id of a generated chat by Telegram's id alone (no account mapping).
    static func peerId(_ chat: [String: Any]) -> Int64 {
        let id = (chat["id"] as? NSNumber)?.int64Value ?? 0
        switch chat["type"] as? String ?? "" {
        case "private_group": return PeerId(namespace: .cloudGroup, id: id).toInt64()
        case "personal_chat", "bot_chat", "saved_messages": return PeerId(namespace: .cloudUser, id: id).toInt64()
        default: return PeerId(namespace: .cloudChannel, id: id).toInt64()
        }
    }
}

extension Sandbox {
    /// Writes an export under the sandbox with the generator; `arguments` after the folder.
    func generateExport(_ name: String, _ arguments: [String], timeout: Double = 300) async throws -> GeneratedExport {
        let path = base + "/" + name
        return GeneratedExport(path: path, summary: try await ExportGenerator.write(path, arguments, timeout: timeout))
    }

    /// The current account's peer id (`main accounts --json`).
    func accountPeerId() async throws -> Int64 {
        let listing = try await runOK(Executables.main, ["accounts", "--json"]).json()
        let entries = listing["accounts"] as? [[String: Any]] ?? []
        guard let current = entries.first(where: { $0["current"] as? Bool == true }),
              let peerId = (current["peerId"] as? NSNumber)?.int64Value else {
            throw HarnessError("main accounts --json names no current account: \(listing)")
        }
        return peerId
    }

    /// `main import telegram-export PATH --json`, requiring exit 0.
    func importExport(_ path: String, _ extra: [String] = [], timeout: Double = 300) async throws -> [String: Any] {
        try await runOK(Executables.main, ["import", "telegram-export", path, "--json"] + extra, timeout: timeout).json()
    }

    /// Everything an import decides, as `main` prints it: the chat list and every chat's messages,
    /// the account's own peer id written as `<account>` (two containers' accounts differ in it).
    func storeDump() async throws -> String {
        let accountPeer = try await accountPeerId()
        return try await rawStoreDump().replacingOccurrences(of: String(accountPeer), with: "<account>")
    }

    private func rawStoreDump() async throws -> String {
        let chats = try await runOK(Executables.main, ["chats", "--limit", "10000", "--json"])
        var dump = chats.stdout
        let rows = try #require(try JSONSerialization.jsonObject(with: Data(chats.stdout.utf8)) as? [[String: Any]])
        for row in rows {
            let peer = (row["peerId"] as? NSNumber)?.int64Value ?? 0
            dump += try await runOK(Executables.main, ["messages", "--peer", "\(peer)", "--limit", "1000000", "--json"]).stdout
        }
        return dump
    }
}

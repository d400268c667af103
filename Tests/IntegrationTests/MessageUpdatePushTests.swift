import Foundation
import Testing
import TestSupport

/// The server's updates to stored messages, across real processes: `main push` applies an edit,
/// a reaction, a pin or the other side's read mark to the Postbox, notify-service handles the push
/// as Telegram's service does, and the readers (`main messages`, `intents search-messages`) see it.
@Suite("main push: edited, reaction, pinned, read-outbox, seen by every process")
struct MessageUpdatePushTests {
    /// `main messages --peer P --json`, newest first.
    func messages(_ sandbox: Sandbox, peer: Int64) async throws -> [[String: Any]] {
        let result = try await sandbox.runOK(Executables.main, ["messages", "--peer", "\(peer)", "--limit", "50", "--json"])
        return try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]], "\(result)")
    }

    func int(_ row: [String: Any]?, _ key: String) -> Int64? { (row?[key] as? NSNumber)?.int64Value }

    @Test("edited: the text replaced under the same id, search finds the new words only, the notification replaced",
          .timeLimit(.minutes(5)))
    func edited() async throws {
        try await withSandbox("push-edited") { sandbox in
            let fixture = try await NotifyFixture.make(sandbox)
            let chat = try fixture.chat("user")
            let first = try await sandbox.sendPush(peer: chat.peerId, text: "before words zq4Ppl", kind: "message")
            let id = try #require(first.messageId)
            let (_, shown) = try await sandbox.deliverPush(first.line)
            let edit = try await sandbox.sendPush(peer: chat.peerId, text: "after words xv8Kmn", kind: "edited",
                                                  extra: ["--message-id", "\(id)"])
            #expect(edit.messageId == id)
            let (result, content) = try await sandbox.deliverPush(edit.line)
            #expect(content.status == "delivered" && content.reason == "edited", "\(result)")
            #expect(content.identifier == shown.identifier && content.identifier == "\(chat.peerId)_\(id)", "\(result)")
            #expect(content.body.contains("after words xv8Kmn"), "\(result)")

            let row = try await messages(sandbox, peer: chat.peerId).first { int($0, "id") == Int64(id) }
            #expect(row?["text"] as? String == "after words xv8Kmn" && row?["editedAt"] != nil, "\(row ?? [:])")
            let found = try await sandbox.intent(["search-messages", "--query", "xv8Kmn"])
            #expect(found.messages.map { $0["identifier"] as? String } == ["\(chat.peerId)_0_\(id)"], "\(found)")
            let old = try await sandbox.intent(["search-messages", "--query", "zq4Ppl"])
            #expect(old.messages.isEmpty, "the old words are still found: \(old)")
        }
    }

    @Test("reaction: someone reacts to the account's message; REACT_TEXT; the count in main messages",
          .timeLimit(.minutes(5)))
    func reaction() async throws {
        try await withSandbox("push-reaction") { sandbox in
            let fixture = try await NotifyFixture.make(sandbox)
            let chat = try fixture.chat("user")
            let own = try #require(try await messages(sandbox, peer: chat.peerId).first { $0["outgoing"] as? Bool == true },
                                   "the seeded chat has no outgoing message")
            let id = try #require(int(own, "id"))
            let push = try await sandbox.sendPush(peer: chat.peerId, kind: "reaction", extra: ["--message-id", "\(id)", "--emoji", "👍"])
            let (result, content) = try await sandbox.deliverPush(push.line)
            #expect(content.status == "delivered", "\(result)")
            #expect(content.body.hasPrefix("\(chat.title) reacted 👍 to your message"), "\(result)")
            let row = try await messages(sandbox, peer: chat.peerId).first { int($0, "id") == id }
            let reactions = row?["reactions"] as? [[String: Any]] ?? []
            #expect(reactions.contains { $0["emoji"] as? String == "👍" && $0["chosen"] == nil }, "\(row ?? [:])")
            // An incoming message is refused: Telegram notifies reactions to your own messages.
            let incoming = try #require(try await messages(sandbox, peer: chat.peerId).first { $0["outgoing"] as? Bool == false })
            let refused = try await sandbox.run(Executables.main, ["push", "--peer", "\(chat.peerId)", "--kind", "reaction",
                                                                   "--message-id", "\(int(incoming, "id")!)", "--emoji", "👍"])
            #expect(refused.exitCode != 0 && refused.stderr.contains("not the account's"), "\(refused)")
        }
    }

    @Test("pinned and read-outbox: the pin's service line and PINNED_TEXT; ✓✓ as a silent update",
          .timeLimit(.minutes(5)))
    func pinnedAndReadOutbox() async throws {
        try await withSandbox("push-pinned") { sandbox in
            let fixture = try await NotifyFixture.make(sandbox)
            let chat = try fixture.chat("user")
            let rows = try await messages(sandbox, peer: chat.peerId)
            let target = try #require(rows.first { $0["outgoing"] as? Bool == false && ($0["text"] as? String ?? "") != "" })
            let id = try #require(int(target, "id"))
            let pin = try await sandbox.sendPush(peer: chat.peerId, kind: "pinned", extra: ["--message-id", "\(id)"])
            let (result, content) = try await sandbox.deliverPush(pin.line)
            #expect(content.status == "delivered" && content.body.hasPrefix("\(chat.title) pinned \""), "\(result)")
            let after = try await messages(sandbox, peer: chat.peerId)
            #expect(after.first { int($0, "id") == id }?["pinned"] as? Bool == true)
            #expect((after.first?["text"] as? String ?? "").hasPrefix("\(chat.title) pinned"), "\(after.first ?? [:])")

            let own = try #require(after.first { $0["outgoing"] as? Bool == true })
            let read = try await sandbox.sendPush(peer: chat.peerId, kind: "read-outbox")
            let (readResult, readContent) = try await sandbox.deliverPush(read.line)
            #expect(readContent.status == "suppressed" && readContent.reason == "silentUpdate", "\(readResult)")
            let marked = try await messages(sandbox, peer: chat.peerId).first { int($0, "id") == int(own, "id") }
            #expect(marked?["read"] as? Bool == true, "\(marked ?? [:])")
        }
    }

    @Test("deleted: gone from search and main messages; the notification removed", .timeLimit(.minutes(5)))
    func deleted() async throws {
        try await withSandbox("push-deleted-search") { sandbox in
            let fixture = try await NotifyFixture.make(sandbox)
            let chat = try fixture.chat("user")
            let sent = try await sandbox.sendPush(peer: chat.peerId, text: "doomed words rr7Tqa", kind: "message")
            let id = try #require(sent.messageId)
            let deletion = try await sandbox.sendPush(peer: chat.peerId, kind: "deleted", extra: ["--message-id", "\(id)"])
            let (result, content) = try await sandbox.deliverPush(deletion.line)
            #expect(content.status == "removed" && content.removal?.messageIds == [id], "\(result)")
            let found = try await sandbox.intent(["search-messages", "--query", "rr7Tqa"])
            #expect(found.messages.isEmpty, "\(found)")
            let top = try await sandbox.chatList().first { $0.peerId == chat.peerId }
            #expect(top.map { $0.topMessageId < id } ?? false, "the chat list still shows the deleted message: \(String(describing: top))")
        }
    }
}

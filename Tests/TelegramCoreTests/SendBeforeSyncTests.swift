import Container
import Cryptography
import Foundation
import Storage
@testable import TelegramCore
import Testing
import TestSupport

/// A message typed in the app is committed, then handed to the connection, then made durable: the
/// connection (its own Postbox connection) finds it with its random_id while the disk syncs, and
/// when send returns nothing of it is left unsynced (what shows it pending comes after).
@Suite("Engine: a message leaves while the disk syncs")
struct SendBeforeSyncTests {
    @Test func committedThenHandedOverThenDurable() throws {
        try withTemporaryDirectory("send-before-sync") { dir in
            let layout = ContainerLayout(containerPath: dir.path), key = DeviceKey(bytes: (0 ..< 48).map { UInt8($0) })
            let chat = PeerId(namespace: .cloudUser, id: 2)
            let postbox = try Postbox(layout: layout, accountId: 1, deviceKey: key, readOnly: false)
            try postbox.transaction { t in
                try t.setKeychainEntry(PostboxTransaction.accountServerKeychainName, Array("{}".utf8))
                try t.updatePeer(Peer(id: chat, firstName: "Grace"))
                try t.addMessages([Message(index: MessageIndex(id: MessageId(peerId: chat, id: 1), timestamp: 1_700_000_000), authorId: chat,
                                           text: "hi", isIncoming: true)])
            }
            // The connection's side: another connection to the same file, as the listener's.
            nonisolated(unsafe) let connection = try Postbox(layout: layout, accountId: 1, deviceKey: key, readOnly: false)
            nonisolated(unsafe) let writer = postbox
            nonisolated(unsafe) var seen: [(text: String, unsynced: Int)] = []
            let engine = TelegramEngine(postbox: postbox, changesForServer: {
                let waiting = (try? connection.read { try $0.unsentMessages() }) ?? []
                seen.append((waiting.map(\.text).joined(), writer.valueBox.commitsSinceDurable))
            })
            try engine.messages.send(text: "on its way", to: chat)
            #expect(seen.count == 1 && seen[0].text == "on its way", "the connection finds it when told: \(seen)")
            #expect((seen.first?.unsynced ?? 0) > 0, "handed over before the sync")
            #expect(postbox.valueBox.commitsSinceDurable == 0, "durable when send returns")
        }
    }
}

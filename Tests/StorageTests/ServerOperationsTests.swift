import Foundation
import Testing
import Container
import Cryptography
@testable import Storage
import TestSupport

/// The account's changes its server must hear: recorded only for an account on a server and only
/// for messages the server numbered, kept in order with what each names, taken off one by one.
@Suite("Postbox: operations waiting for the server")
struct ServerOperationsTests {
    private let deviceKey = DeviceKey(bytes: (0..<48).map { UInt8(truncatingIfNeeded: $0 &* 3 &+ 11) })
    private let chat = PeerId(namespace: .cloudUser, id: 1_000_002)

    @Test func recordedForAServerAccountInOrderAndTakenOff() throws {
        try withTemporaryDirectory("server-ops") { dir in
            let postbox = try Postbox(layout: ContainerLayout(containerPath: dir.path), accountId: 1, deviceKey: deviceKey, readOnly: false)
            let all: [ServerOperation] = [
                .readHistory(chat, maxId: 41), .editMessage(MessageId(peerId: chat, id: 40)),
                .deleteMessages(chat, ids: [38, 39, -5], revoke: true), .setReaction(MessageId(peerId: chat, id: 37)),
                .pin(MessageId(peerId: chat, id: 36), pinned: false), .saveDraft(chat),
                .pinChat(chat, pinned: true), .muteChat(PeerId(namespace: .cloudGroup, id: 4_000_001)),
                .deleteHistory(chat, maxId: 41, revoke: true, justClear: false), .deleteHistory(chat, maxId: 7, revoke: false, justClear: true),
                .leaveChannel(PeerId(namespace: .cloudChannel, id: 3_000_001)), .leaveGroup(PeerId(namespace: .cloudGroup, id: 4_000_001)),
            ]
            // Offline: nothing is kept for a server it does not have.
            try postbox.transaction { t in for operation in all { try t.recordForServer(operation) } }
            #expect(try postbox.read { try $0.serverOperations() }.isEmpty)

            try postbox.transaction { t in
                try t.setKeychainEntry(PostboxTransaction.accountServerKeychainName, Array("{}".utf8))
                for operation in all { try t.recordForServer(operation) }
                // A message still in the local namespace goes as it is when it is sent.
                try t.recordForServer(.editMessage(MessageId(peerId: chat, namespace: MessageId.localNamespace, id: 3)))
            }
            let stored = try postbox.read { try $0.serverOperations() }
            #expect(stored.map(\.operation) == all)
            #expect(stored.map(\.key) == Array(1...Int64(all.count)))
            try postbox.transaction { t in try t.removeServerOperation(stored[0].key) }
            #expect(try postbox.read { try $0.serverOperations() }.map(\.operation) == Array(all.dropFirst()))
            // Keys are never reused.
            try postbox.transaction { t in try t.recordForServer(.saveDraft(chat)) }
            #expect(try postbox.read { try $0.serverOperations() }.last?.key == Int64(all.count + 1))
        }
    }
}

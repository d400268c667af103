import Formats
import KeyValueStore

/// The chat of each message id the server gave from the account's one sequence of ids (private
/// chats and basic groups share it: core.telegram.org/api/updates), so updateDeleteMessages and
/// updateReadMessagesContents, which name ids without their chat, find their messages. Written
/// by the sync for what it stores from the server; a row whose message went stays, harmless
/// (the next deletion of that id finds nothing to delete).
extension PostboxTransaction {
    public func recordServerMessageChats(_ ids: [MessageId]) throws {
        for id in ids where id.namespace == MessageId.cloudNamespace && Self.sharesTheAccountSequence(id.peerId) {
            var w = BinaryWriter()
            w.write(id.peerId.toInt64())
            try valueBox.set(PostboxTable.serverMessageChats, ValueBoxKey(int32: id.id), w.bytes)
        }
    }

    /// The messages of those ids that are stored, each in its chat.
    public func serverMessages(withIds ids: [Int32]) throws -> [MessageId] {
        try ids.compactMap { id in
            guard let bytes = try valueBox.get(PostboxTable.serverMessageChats, ValueBoxKey(int32: id)) else { return nil }
            var r = BinaryReader(bytes)
            return MessageId(peerId: PeerId(try r.readInt64()), id: id)
        }
    }

    private static func sharesTheAccountSequence(_ peerId: PeerId) -> Bool {
        peerId.namespace == .cloudUser || peerId.namespace == .cloudGroup
    }
}

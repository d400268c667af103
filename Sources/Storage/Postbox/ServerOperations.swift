import Formats
import KeyValueStore

/// What the account did to its messages and chats here that its server must hear (Telegram's peer
/// operation logs: SynchronizePeerReadState, the edit, delete, reaction and pin operations,
/// SynchronizeChatInputState for drafts). Each is written in the transaction that made the change,
/// so a change and its way to the server survive a kill together, and is taken off once the
/// server answered. An offline account writes none. What an operation carries is read at the
/// moment it goes (the message or draft as it is then), so two edits send the last text.
public enum ServerOperation: Equatable, Sendable {
    /// Incoming messages read up to `maxId` (messages.readHistory).
    case readHistory(PeerId, maxId: Int32)
    /// The message's text and formatting as stored (messages.editMessage).
    case editMessage(MessageId)
    /// Messages deleted here; `revoke`: for everyone (messages.deleteMessages).
    case deleteMessages(PeerId, ids: [Int32], revoke: Bool)
    /// The account's reaction on the message as stored, none to take it back (messages.sendReaction).
    case setReaction(MessageId)
    /// Pinned or unpinned (messages.updatePinnedMessage).
    case pin(MessageId, pinned: Bool)
    /// The chat's draft as stored, none to clear it (messages.saveDraft).
    case saveDraft(PeerId)
    /// The chat pinned in the list or unpinned (messages.toggleDialogPin).
    case pinChat(PeerId, pinned: Bool)
    /// The chat's mute as stored (account.updateNotifySettings).
    case muteChat(PeerId)
    /// The chat's history up to `maxId` deleted here (messages.deleteHistory); `revoke`: a private
    /// chat's other side's too; `justClear`: the chat keeps its row.
    case deleteHistory(PeerId, maxId: Int32, revoke: Bool, justClear: Bool)
    /// The channel or supergroup left (channels.leaveChannel).
    case leaveChannel(PeerId)
    /// The basic group left (messages.deleteChatUser with the account itself).
    case leaveGroup(PeerId)
}

extension PostboxTransaction {
    /// Records `operation` for the server when the account has one (an offline account's changes
    /// stay here). Only changes to messages the server numbered: a message still waiting to be
    /// sent goes as it is by then.
    public func recordForServer(_ operation: ServerOperation) throws {
        guard try accountHasServer() else { return }
        switch operation {
        case .editMessage(let id), .setReaction(let id), .pin(let id, _):
            guard id.namespace == MessageId.cloudNamespace else { return }
        case .readHistory, .deleteMessages, .saveDraft, .pinChat, .muteChat, .deleteHistory, .leaveChannel, .leaveGroup: break
        }
        let last = try metadataInt64(PostboxKeys.lastServerOperation) ?? 0
        try setMetadataInt64(PostboxKeys.lastServerOperation, last + 1)
        var w = BinaryWriter()
        operation.encode(to: &w)
        try valueBox.set(PostboxTable.serverOperations, ValueBoxKey(int64: last + 1), w.bytes)
    }

    /// The operations waiting for the server, in the order they were made, each with its key.
    /// One that does not decode (written by a newer build) is left out, and stays.
    public func serverOperations(limit: Int = Int.max) throws -> [(key: Int64, operation: ServerOperation)] {
        var result: [(Int64, ServerOperation)] = []
        try valueBox.range(PostboxTable.serverOperations, start: ValueBoxKey([]), end: ValueBoxKey([UInt8](repeating: 0xff, count: 9)),
                           limit: limit) { key, value in
            var r = BinaryReader(value)
            if let operation = try? ServerOperation(from: &r) { result.append((key.int64(at: 0), operation)) }
            return true
        }
        return result
    }

    /// The server answered (or refused) the operation: it goes.
    public func removeServerOperation(_ key: Int64) throws {
        try valueBox.remove(PostboxTable.serverOperations, ValueBoxKey(int64: key))
    }
}

extension ServerOperation {
    private enum Kind: UInt8 { case readHistory = 1, editMessage, deleteMessages, setReaction, pin, saveDraft, pinChat, muteChat, deleteHistory, leaveChannel, leaveGroup }

    func encode(to w: inout BinaryWriter) {
        func id(_ id: MessageId) {
            w.write(id.peerId.toInt64())
            w.write(id.namespace)
            w.write(id.id)
        }
        switch self {
        case .readHistory(let peer, let maxId):
            w.write(Kind.readHistory.rawValue); w.write(peer.toInt64()); w.write(maxId)
        case .editMessage(let message):
            w.write(Kind.editMessage.rawValue); id(message)
        case .deleteMessages(let peer, let ids, let revoke):
            w.write(Kind.deleteMessages.rawValue); w.write(peer.toInt64()); w.write(revoke)
            w.write(Int32(ids.count))
            for id in ids { w.write(id) }
        case .setReaction(let message):
            w.write(Kind.setReaction.rawValue); id(message)
        case .pin(let message, let pinned):
            w.write(Kind.pin.rawValue); id(message); w.write(pinned)
        case .saveDraft(let peer):
            w.write(Kind.saveDraft.rawValue); w.write(peer.toInt64())
        case .pinChat(let peer, let pinned):
            w.write(Kind.pinChat.rawValue); w.write(peer.toInt64()); w.write(pinned)
        case .muteChat(let peer):
            w.write(Kind.muteChat.rawValue); w.write(peer.toInt64())
        case .deleteHistory(let peer, let maxId, let revoke, let justClear):
            w.write(Kind.deleteHistory.rawValue); w.write(peer.toInt64()); w.write(maxId); w.write(revoke); w.write(justClear)
        case .leaveChannel(let peer):
            w.write(Kind.leaveChannel.rawValue); w.write(peer.toInt64())
        case .leaveGroup(let peer):
            w.write(Kind.leaveGroup.rawValue); w.write(peer.toInt64())
        }
    }

    init(from r: inout BinaryReader) throws {
        func id() throws -> MessageId {
            MessageId(peerId: PeerId(try r.readInt64()), namespace: try r.readInt32(), id: try r.readInt32())
        }
        guard let kind = Kind(rawValue: try r.readUInt8()) else { throw BinaryReader.Truncated() }
        switch kind {
        case .readHistory: self = .readHistory(PeerId(try r.readInt64()), maxId: try r.readInt32())
        case .editMessage: self = .editMessage(try id())
        case .deleteMessages:
            let peer = PeerId(try r.readInt64()), revoke = try r.readBool()
            var ids: [Int32] = []
            for _ in 0..<(try r.readCount(max: 100_000)) { ids.append(try r.readInt32()) }
            self = .deleteMessages(peer, ids: ids, revoke: revoke)
        case .setReaction: self = .setReaction(try id())
        case .pin: self = .pin(try id(), pinned: try r.readBool())
        case .saveDraft: self = .saveDraft(PeerId(try r.readInt64()))
        case .pinChat: self = .pinChat(PeerId(try r.readInt64()), pinned: try r.readBool())
        case .muteChat: self = .muteChat(PeerId(try r.readInt64()))
        case .deleteHistory:
            self = .deleteHistory(PeerId(try r.readInt64()), maxId: try r.readInt32(), revoke: try r.readBool(), justClear: try r.readBool())
        case .leaveChannel: self = .leaveChannel(PeerId(try r.readInt64()))
        case .leaveGroup: self = .leaveGroup(PeerId(try r.readInt64()))
        }
    }
}

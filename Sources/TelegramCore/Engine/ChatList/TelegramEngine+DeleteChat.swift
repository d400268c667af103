import Storage

/// A chat taken from the list as Telegram offers it by the chat's kind (removePeerChat,
/// clearHistory, leaveChannel): a private chat deleted for the account or for both sides, or
/// cleared (its row stays, empty); a basic group deleted and left, or cleared; a channel or
/// supergroup left (its row goes, its history stays here where nothing reads it); a group or
/// channel already left, deleted. One durable transaction by the writer, recorded for the server
/// where the account has one (`ServerOperation.deleteHistory`, `.leaveGroup`, `.leaveChannel`),
/// then a word to the account's connection.
extension TelegramEngine.ChatList {
    public enum DeleteChoice: Equatable, Sendable {
        case delete
        /// A private chat's other side loses it too (revoke).
        case deleteForBoth(name: String)
        case clear
        case leave(broadcast: Bool)
        /// A basic group: its history deleted here, then left.
        case deleteAndLeave

        public var title: String {
            switch self {
            case .delete: return "Delete chat"
            case .deleteForBoth(let name): return "Delete chat for me and \(name)"
            case .clear: return "Clear history"
            case .leave(let broadcast): return broadcast ? "Leave channel" : "Leave group"
            case .deleteAndLeave: return "Delete and leave group"
            }
        }

        /// The other side of a private chat loses its history too.
        var revokes: Bool {
            if case .deleteForBoth = self { return true }
            return false
        }
    }

    public struct NoSuchChat: Error, CustomStringConvertible {
        public var description: String { "no such chat" }
    }

    /// What the chat may be deleted as, the usual first.
    public func deleteChoices(_ peerId: EnginePeer.Id) throws -> [DeleteChoice] {
        try postbox.read { t in
            guard let peer = try t.peer(peerId) else { throw NoSuchChat() }
            switch peerId.namespace {
            case .cloudChannel where !peer.rights.isOut:
                return [.leave(broadcast: peer.rights.contains(.broadcast))]
            case .cloudGroup where !peer.rights.isOut:
                return [.deleteAndLeave, .clear]
            case .cloudChannel, .cloudGroup:
                return [.delete]
            case .cloudUser where try t.accountHasServer() && peerId != (try t.accountPeerId()):
                return [.delete, .deleteForBoth(name: peer.firstName.isEmpty ? peer.displayTitle : peer.firstName), .clear]
            default:
                return [.delete, .clear]
            }
        }
    }

    public func delete(_ peerId: EnginePeer.Id, _ choice: DeleteChoice) throws {
        try postbox.transaction(durable: true) { t in
            guard var peer = try t.peer(peerId) else { throw NoSuchChat() }
            switch choice {
            case .leave:
                try t.removeFromChatList(peerId)
                peer.rights.insert(.left)
                try t.updatePeer(peer)
                try t.recordForServer(.leaveChannel(peerId))
            case .delete, .deleteForBoth, .clear, .deleteAndLeave:
                let member = !peer.rights.isOut
                let (_, newest) = try t.clearHistory(peerId)
                if choice != .clear { try t.removeFromChatList(peerId) }
                if choice == .deleteAndLeave {
                    peer.rights.insert(.left)
                    try t.updatePeer(peer)
                }
                // Only what the server numbered, up to what was here: a message that came
                // meanwhile stays. A group's history goes before the group (a member's own).
                let onServer = peerId.namespace == .cloudUser || (peerId.namespace == .cloudGroup && member)
                if onServer, newest > 0 {
                    try t.recordForServer(.deleteHistory(peerId, maxId: newest, revoke: choice.revokes, justClear: choice == .clear))
                }
                if choice == .deleteAndLeave, member { try t.recordForServer(.leaveGroup(peerId)) }
            }
        }
        changesForServer?()
    }
}

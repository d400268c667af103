import Storage

/// What a deletion did: the ids that were there, and how they were deleted. With no server,
/// "for everyone" and "for me" both delete from this store; the scope is kept for the caller.
public struct DeletedMessages: Equatable, Sendable {
    public var ids: [MessageId]
    public var scope: DeleteScope
}

extension MessageActions {
    /// What Telegram offers for deleting these messages together.
    public func deleteOptions(for ids: [MessageId]) throws -> DeleteOptions {
        let now = clock()
        return try postbox.read { t in try Self.deleteOptions(for: ids, now: now, in: t) }
    }

    static func deleteOptions(for ids: [MessageId], now: Int32, in t: PostboxTransaction) throws -> DeleteOptions {
        let accountPeerId = try t.accountPeerId()
        return DeleteOptions.common(try ids.map { id in
            let role = try t.peer(id.peerId).map { ChatRole($0.rights) } ?? .member
            return DeleteOptions.telegram(for: try existing(id, in: t), accountPeerId: accountPeerId, role: role, now: now)
        })
    }

    /// Deletes the messages, refused unless Telegram offers `scope` for all of them.
    @discardableResult
    public func delete(_ ids: [MessageId], scope: DeleteScope) throws -> DeletedMessages {
        guard !ids.isEmpty else { throw MessageActionRefusal("no messages to delete") }
        return try write { t, now in
            let options = try Self.deleteOptions(for: ids, now: now, in: t)
            guard options.allows(scope) else {
                let offered = [options.forMe ? "for me" : nil, options.forEveryone ? "for everyone" : nil].compactMap { $0 }
                throw MessageActionRefusal("Telegram does not offer deleting \(ids.count == 1 ? "this message" : "these messages") "
                    + "\(scope == .forMe ? "for me" : "for everyone")"
                    + (offered.isEmpty ? "; it cannot be deleted here" : "; it offers \(offered.joined(separator: " and "))"))
            }
            let deleted = try t.deleteMessages(ids)
            for (peer, ids) in Dictionary(grouping: deleted.filter { $0.namespace == MessageId.cloudNamespace }, by: \.peerId) {
                try t.recordForServer(.deleteMessages(peer, ids: ids.map(\.id), revoke: scope == .forEveryone))
            }
            return DeletedMessages(ids: deleted, scope: scope)
        }
    }
}

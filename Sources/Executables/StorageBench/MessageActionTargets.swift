import Storage

/// The messages the message-actions bench acts on: the account's own newest in the chat (what
/// Telegram lets it edit: not a service message, sent within the last 48 hours), newest first.
struct MessageActionTargets {
    let peerId: PeerId
    let topMessageId: Int32
    let messages: [Message]

    /// Messages read per page while looking for the account's own.
    private static let page = 500

    static func find(in postbox: Postbox, peer: PeerId?, count: Int) throws -> MessageActionTargets {
        try postbox.read { t in
            guard let peerId = try peer ?? t.topChatListEntries(count: 1).first?.peerId else {
                throw MessageActionTargetsFailure(description: "the chat list is empty (seed the account first: `main seed`)")
            }
            guard let newest = try t.latestMessages(peerId, limit: 1).first else {
                throw MessageActionTargetsFailure(description: "chat \(peerId.toInt64()) has no messages")
            }
            var found: [Message] = []
            var before: MessageIndex? = nil
            while found.count < count {
                let page = try t.messages(peerId, before: before, limit: page)
                guard let last = page.last else { break }
                found += page.filter { !$0.isIncoming && !$0.extras.isService }.prefix(count - found.count)
                before = last.index
            }
            guard found.count == count else {
                throw MessageActionTargetsFailure(description: "chat \(peerId.toInt64()) has \(found.count) messages of the account's own, \(count) asked")
            }
            return MessageActionTargets(peerId: peerId, topMessageId: newest.id.id, messages: found)
        }
    }
}

struct MessageActionTargetsFailure: Error, CustomStringConvertible {
    let description: String
}

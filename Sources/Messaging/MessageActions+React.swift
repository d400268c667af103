import Storage

extension MessageActions {
    /// The account's reaction on a message, Telegram's way for an account without Premium: one
    /// own reaction a message, so choosing another replaces it, and choosing the same again
    /// takes it back. The message's reactions after it.
    @discardableResult
    public func toggleReaction(_ emoji: String, on id: MessageId) throws -> [MessageReaction] {
        guard let reaction = DefaultReactions.canonical(emoji) else {
            throw MessageActionRefusal("\(emoji) is not one of Telegram's reactions (\(DefaultReactions.all.prefix(8).joined(separator: " ")) …)")
        }
        return try write { t, _ in
            let message = try Self.existing(id, in: t)
            guard !message.extras.isService else { throw MessageActionRefusal("a service message cannot have reactions") }
            let updated = try t.updateMessage(id) { m in m.extras.reactions = Self.toggled(reaction, in: m.extras.reactions) }
            try t.recordForServer(.setReaction(id))
            return updated?.extras.reactions ?? []
        }
    }

    /// `reactions` with the account's own set to `emoji`, or taken back when it was already it.
    static func toggled(_ emoji: String, in reactions: [MessageReaction]) -> [MessageReaction] {
        var result = reactions
        let wasChosen = result.contains { $0.emoji == emoji && $0.isChosen }
        // The account's previous reaction goes (one per message).
        for i in result.indices where result[i].isChosen {
            result[i].chosenOrder = nil
            result[i].count -= 1
        }
        if !wasChosen {
            if let i = result.firstIndex(where: { $0.emoji == emoji && $0.documentId == nil }) {
                result[i].count += 1
                result[i].chosenOrder = 0
            } else {
                result.append(MessageReaction(emoji: emoji, count: 1, chosenOrder: 0))
            }
        }
        return result.filter { $0.count > 0 }
    }

    /// Someone else reacted to a message (a server update): their reaction counted, the
    /// account's own left as it is.
    public static func addingOthers(_ emoji: String, to reactions: [MessageReaction]) -> [MessageReaction] {
        var result = reactions
        if let i = result.firstIndex(where: { $0.emoji == emoji && $0.documentId == nil }) {
            result[i].count += 1
        } else {
            result.append(MessageReaction(emoji: emoji, count: 1))
        }
        return result
    }
}

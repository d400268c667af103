/// What the chat list's keys change (the writes, each one change by main, the writer): a chat
/// pinned to the top of the list or let go, muted or heard again.
public protocol ChatListActions: AnyObject {
    /// Pins the chat above the other pinned ones, or unpins it; whether it is pinned now. Throws
    /// with a reason a person reads (too many pinned) when it cannot.
    func togglePinned(_ chat: ChatId) throws -> Bool
    /// Mutes the chat for good, or unmutes it; whether it is muted now.
    func toggleMuted(_ chat: ChatId) throws -> Bool
    /// How the chat may go from the list, as Telegram offers it by its kind ("Delete chat",
    /// "Clear history", "Leave channel"…), the usual first.
    func deleteChoices(_ chat: ChatId) throws -> [String]
    /// Deletes, clears or leaves the chat: the choice at `choice` of `deleteChoices`.
    func delete(_ chat: ChatId, choice: Int) throws
}

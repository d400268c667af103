/// Making groups and channels and adding members (Telegram's New Group, New Channel and Add
/// Members): asked of the account's server, whose answer comes later (a ticket to ask after).
public protocol ChatCreationActions: AnyObject {
    /// Why nothing can be made from here (an account without a server), or nil.
    var unavailableReason: String? { get }
    /// The people a group may have: contacts first, then the people of the other private chats.
    func memberCandidates() throws -> [ContactItem]
    /// Why members cannot be added to `chat` (not a group, left), or nil.
    func addMembersRefusal(_ chat: ChatId) throws -> String?
    /// Sends the request on its way; its ticket.
    func start(_ request: NewChatRequest) throws -> Int
    /// The outcome of `ticket`, once (nil while the server has not answered).
    func outcome(_ ticket: Int) -> NewChatOutcome?
    /// Asks the server who is in `chat` already; false when it cannot be asked.
    func askMembers(of chat: ChatId) -> Bool
    /// Who is in `chat`, once (nil while the server has not answered).
    func members(of chat: ChatId) -> ChatMembersOutcome?
}

public enum ChatMembersOutcome: Equatable, Sendable {
    case members(Set<ChatId>)
    case failed(String)
}

public enum NewChatRequest: Equatable, Sendable {
    case group(title: String, members: [ChatId])
    /// A broadcast channel, or a supergroup (everyone writes).
    case channel(title: String, supergroup: Bool)
    case addMembers([ChatId], to: ChatId)
}

public enum NewChatOutcome: Equatable, Sendable {
    /// The chat made, or the one the members joined, and how many the server could not add.
    case done(ChatId, title: String, notAdded: Int)
    case failed(String)
}

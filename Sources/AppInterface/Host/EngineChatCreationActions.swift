import TelegramCore
import TelegramUI

extension AccountContextHost {
    func chatCreationActions() -> (any ChatCreationActions)? { EngineChatCreationActions(account: account) }
}

/// New groups and channels and members added, through the account's connection to its server
/// (the running app's updates listener); the chat then comes as the server's answer is applied.
final class EngineChatCreationActions: ChatCreationActions {
    let account: Account

    init(account: Account) {
        self.account = account
    }

    var unavailableReason: String? {
        account.createOnServer == nil ? "groups and channels are made on the account's server, and this account has none" : nil
    }

    func memberCandidates() throws -> [ContactItem] {
        let me = try account.engine.peers.accountPeerId()
        var people = try account.engine.peers.contacts()
        let known = Set(people.map(\.id))
        people += try account.engine.peers.pickableChats(query: nil, recent: 200, searchLimit: 0).map(\.peer)
            .filter { $0.id.namespace == .cloudUser && !known.contains($0.id) && $0.id != me && !$0.isDeleted }
        return people.map { ContactItem(id: $0.id.chatId, title: $0.displayTitle, detail: $0.username.map { "@" + $0 } ?? $0.phone) }
    }

    func addMembersRefusal(_ chat: ChatId) throws -> String? {
        if let reason = unavailableReason { return reason }
        guard chat.kind == .group || chat.kind == .channel else { return "only groups and channels have members" }
        guard let peer = try account.engine.peers.peer(chat.peerId) else { return "the chat is not here" }
        if peer.rights.isOut { return "the account is no longer in it" }
        if peer.rights.contains(.broadcast), !peer.rights.contains(.creator) { return "only the channel's admins add subscribers" }
        return nil
    }

    func start(_ request: NewChatRequest) throws -> Int {
        guard let create = account.createOnServer else { throw Refusal(description: unavailableReason ?? "no server") }
        switch request {
        case .group(let title, let members): return create(.group(title: title, members: members.map(\.peerId)))
        case .channel(let title, let supergroup): return create(.channel(title: title, about: "", supergroup: supergroup))
        case .addMembers(let members, let chat): return create(.addMembers(members.map(\.peerId), to: chat.peerId))
        }
    }

    /// How long a request may wait for a connection before it is given up.
    static let patience = 30.0

    func outcome(_ ticket: Int) -> NewChatOutcome? {
        switch account.serverCreations?.takeOutcome(ticket, patience: Self.patience) {
        case nil: return nil
        case .failed(let reason)?: return .failed(reason)
        case .done(let peer, let notAdded)?:
            let title = (try? account.engine.peers.peer(peer))?.displayTitle ?? "the chat"
            return .done(peer.chatId, title: title, notAdded: notAdded)
        }
    }

    func askMembers(of chat: ChatId) -> Bool {
        guard let ask = account.askMembersOnServer else { return false }
        ask(chat.peerId)
        return true
    }

    func members(of chat: ChatId) -> ChatMembersOutcome? {
        switch account.serverMembers?.takeOutcome(chat.peerId, patience: Self.patience) {
        case nil: return nil
        case .members(let ids, _)?: return .members(Set(ids.map(\.chatId)))
        case .failed(let reason)?: return .failed(reason)
        }
    }

    struct Refusal: Error, CustomStringConvertible {
        let description: String
    }
}

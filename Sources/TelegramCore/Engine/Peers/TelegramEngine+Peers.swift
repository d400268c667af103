import Storage

extension TelegramEngine.Peers {
    /// The account's own user, when the Postbox knows it.
    public func accountPeerId() throws -> EnginePeer.Id? {
        try postbox.read { try $0.accountPeerId() }
    }

    public func accountPeer() throws -> EnginePeer? {
        try postbox.read { t in try t.accountPeerId().flatMap { try t.peer($0) } }
    }

    public func peer(_ id: EnginePeer.Id) throws -> EnginePeer? {
        try postbox.read { try $0.peer(id) }
    }

    /// What a person typed for one chat: a peer id, @username, phone number or name
    /// (PostboxTransaction.resolvePeer).
    public func resolve(_ text: String, includeSecretChats: Bool = false) throws -> EnginePeerResolution {
        try postbox.read { try $0.resolvePeer(text, includeSecretChats: includeSecretChats) }
    }

    /// The chats a picker offers (the share sheet, the widget's options): the top of the chat
    /// list, pinned first, or what a search finds; never secret chats or deleted accounts.
    public func pickableChats(query: String?, recent: Int, searchLimit: Int) throws -> [EnginePickableChat] {
        try postbox.read { try $0.pickableChats(query: query, recent: recent, searchLimit: searchLimit) }
    }

    /// A person as Siri names one: `tg<peerId>`, a phone number or a name (PersonResolver).
    public func resolvePerson(_ text: String) throws -> PersonResolution {
        try postbox.read { try PersonResolver(transaction: $0).resolve(text) }
    }
}

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
    /// list, pinned first, or what a search finds; never secret chats or deleted accounts, and
    /// for a picker that sends (`writable`) no chat the account cannot write to.
    public func pickableChats(query: String?, recent: Int, searchLimit: Int, writable: Bool = false) throws -> [EnginePickableChat] {
        try postbox.read { try $0.pickableChats(query: query, recent: recent, searchLimit: searchLimit, writable: writable) }
    }

    /// A person as Siri names one: `tg<peerId>`, a phone number or a name (PersonResolver).
    public func resolvePerson(_ text: String) throws -> PersonResolution {
        try postbox.read { try PersonResolver(transaction: $0).resolve(text) }
    }

    /// The peers of `ids` that are here.
    public func peers(_ ids: some Sequence<EnginePeer.Id>) throws -> [EnginePeer.Id: EnginePeer] {
        try postbox.read { t in
            var result: [EnginePeer.Id: EnginePeer] = [:]
            for id in ids { result[id] = try t.peer(id) }
            return result
        }
    }

    /// The peer a link's username names.
    public func peer(username: String) throws -> EnginePeer? {
        try postbox.read { try $0.peer(username: username) }
    }

    /// The account's contacts, deleted accounts left out, by name.
    public func contacts() throws -> [EnginePeer] {
        try postbox.read { t in
            // Each name folded once, not in every comparison (the tab's first showing was 10 ms).
            try t.contactPeerIds().compactMap { try t.peer($0) }.filter { !$0.isDeleted }
                .map { ($0.displayTitle.lowercased(), $0) }.sorted { $0.0 < $1.0 }.map(\.1)
        }
    }

    /// Chats whose title matches `query`.
    public func search(_ query: String, limit: Int, includeSecretChats: Bool) throws -> [EnginePeer] {
        try postbox.read { try $0.searchPeers(matching: query, limit: limit, includeSecretChats: includeSecretChats) }
    }

    /// The distinct authors of the incoming messages among a chat's newest `scanning`, newest first.
    public func recentAuthors(in peerId: EnginePeer.Id, scanning limit: Int) throws -> [EnginePeer] {
        try postbox.read { t in
            var seen = Set<EnginePeer.Id>(), result: [EnginePeer] = []
            for message in try t.messages(peerId, before: nil, limit: limit) where message.isIncoming {
                guard let author = message.authorId, seen.insert(author).inserted, let peer = try t.peer(author) else { continue }
                result.append(peer)
            }
            return result
        }
    }

    /// Gives a chat the photo stored in the MediaBox as `resourceId`; false when there is no such chat.
    public func setPhoto(_ peerId: EnginePeer.Id, resourceId: String) throws -> Bool {
        try postbox.transaction { t in
            guard var stored = try t.peer(peerId) else { return false }
            stored.photoResourceId = resourceId
            try t.updatePeer(stored)
            return true
        }
    }
}

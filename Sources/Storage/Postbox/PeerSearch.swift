import Container

/// Finding chats the way the share sheet's picker and Siri do: by peer id, @username, phone
/// number or name. Deleted accounts never match, and secret chats only when asked for: a secret
/// chat carries its user's name, so including it would make every such user ambiguous.
public enum PeerResolution: Equatable, Sendable {
    case found(Peer)
    /// More than one chat fits: nothing may be sent; the caller lists these.
    case ambiguous([Peer])
    case notFound
}

extension PostboxTransaction {
    /// Resolves what a person typed for one chat: `12345` (a peer id), `@name` (a username),
    /// `+1 555 0100` (a phone number), or a name. A name that is exactly one chat's title wins
    /// over chats it is only a prefix of.
    public func resolvePeer(_ text: String, includeSecretChats: Bool = false) throws -> PeerResolution {
        let query = text.trimmingWhitespace()
        guard !query.isEmpty else { return .notFound }
        let eligible = { (peer: Peer) in !peer.isDeleted && (includeSecretChats || !peer.isSecretChat) }
        if let id = Int64(query), let peer = try peer(PeerId(id)), eligible(peer) { return .found(peer) }
        if query.hasPrefix("@") {
            let username = String(query.dropFirst()).lowercased()
            return single(try searchPeers { eligible($0) && $0.username?.lowercased() == username })
        }
        let digits = PeerSearchText.phoneDigits(query)
        if digits.count >= 5, digits.count * 2 >= query.filter({ !$0.isWhitespace }).count {
            let byPhone = try searchPeers { peer in eligible(peer) && (peer.phone.map { PeerSearchText.phoneDigits($0) == digits } ?? false) }
            if !byPhone.isEmpty { return single(byPhone) }
        }
        let needle = PeerSearchText.normalized(query)
        let exact = try searchPeers { eligible($0) && PeerSearchText.normalized($0.displayTitle) == needle }
        if !exact.isEmpty { return single(exact) }
        return single(try searchPeers(matching: query, limit: 31, includeSecretChats: includeSecretChats))
    }

    /// The peer with this username (any case), deleted or secret ones included, as a link names it.
    public func peer(username: String) throws -> Peer? {
        let wanted = username.lowercased()
        var found: Peer?
        try enumeratePeers { peer in
            if peer.username?.lowercased() == wanted { found = peer }
            return found == nil
        }
        return found
    }

    /// Peers whose name words start with every word of the query, or whose username does.
    public func searchPeers(matching query: String, limit: Int, includeSecretChats: Bool = false) throws -> [Peer] {
        let words = PeerSearchText.normalized(query).split(separator: " ").map(String.init)
        guard !words.isEmpty else { return [] }
        var found: [Peer] = []
        try enumeratePeers { peer in
            if !peer.isDeleted && (includeSecretChats || !peer.isSecretChat) && PeerSearchText.matches(peer, words: words) {
                found.append(peer)
            }
            return found.count < limit
        }
        return found
    }

    private func searchPeers(_ predicate: (Peer) -> Bool) throws -> [Peer] {
        var found: [Peer] = []
        try enumeratePeers { peer in
            if predicate(peer) { found.append(peer) }
            return found.count <= 30
        }
        return found
    }

    private func single(_ peers: [Peer]) -> PeerResolution {
        switch peers.count {
        case 0: return .notFound
        case 1: return .found(peers[0])
        default: return .ambiguous(peers)
        }
    }
}

/// Text folding for matching names: lower case, runs of whitespace as one space.
public enum PeerSearchText {
    public static func normalized(_ text: String) -> String {
        text.lowercased().split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
    }

    public static func phoneDigits(_ text: String) -> String {
        String(text.filter { $0.isASCII && $0.isNumber })
    }

    static func matches(_ peer: Peer, words: [String]) -> Bool {
        let nameWords = normalized(peer.displayTitle).split(separator: " ")
        let username = peer.username?.lowercased()
        return words.allSatisfy { word in
            nameWords.contains { $0.hasPrefix(word) } || (username?.hasPrefix(word.hasPrefix("@") ? String(word.dropFirst()) : word) ?? false)
        }
    }
}

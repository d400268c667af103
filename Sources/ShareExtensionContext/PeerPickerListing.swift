import Bootstrap
import TelegramCore

/// What `share peers` shows: the accounts to share from (when there are several) and either the
/// recent chats (the top of the chat list, pinned first) or the chats a search finds. Secret
/// chats and deleted accounts are left out, as in Telegram's share picker.
public struct PeerPickerListing: Encodable {
    struct Account: Encodable {
        let id: String
        let peerId: Int64?
        let name: String?
        /// The app's current account.
        let current: Bool
        /// The account this listing (and a share) is for.
        let selected: Bool

        // Absent values are written as null, so every key is always there for scripts.
        func encode(to encoder: Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(id, forKey: .id)
            try c.encode(peerId, forKey: .peerId)
            try c.encode(name, forKey: .name)
            try c.encode(current, forKey: .current)
            try c.encode(selected, forKey: .selected)
        }

        private enum CodingKeys: String, CodingKey { case id, peerId, name, current, selected }
    }

    struct Entry: Encodable {
        let peerId: Int64
        let kind: String
        let title: String
        let username: String?
        let pinned: Bool

        func encode(to encoder: Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(peerId, forKey: .peerId)
            try c.encode(kind, forKey: .kind)
            try c.encode(title, forKey: .title)
            try c.encode(username, forKey: .username)
            try c.encode(pinned, forKey: .pinned)
        }

        private enum CodingKeys: String, CodingKey { case peerId, kind, title, username, pinned }
    }

    let accountId: String
    let accounts: [Account]
    /// The search, or nil for the recent chats.
    let query: String?
    let peers: [Entry]

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode("ok", forKey: .status)
        try c.encode(accountId, forKey: .accountId)
        try c.encode(accounts, forKey: .accounts)
        try c.encode(query, forKey: .query)
        try c.encode(peers, forKey: .peers)
    }

    private enum CodingKeys: String, CodingKey { case status, accountId, accounts, query, peers }

    public static let recentCount = 50
    public static let searchLimit = 30

    public static func make(_ session: ShareSession, query: String?) throws -> PeerPickerListing {
        let peers = try session.engine.peers.pickableChats(query: query, recent: recentCount, searchLimit: searchLimit, writable: true)
            .map { Entry($0.peer, pinned: $0.pinned) }
        return PeerPickerListing(accountId: String(session.record.id), accounts: try accounts(session),
                                 query: query, peers: peers)
    }

    /// Every logged-in account, named from its own Postbox (opened read-only) when there are
    /// several; with one account the name is the selected Postbox's and nothing more is opened.
    private static func accounts(_ session: ShareSession) throws -> [Account] {
        let state = session.bootstrap.accountManager.state
        let records = state.activeRecords
        return records.map { record in
            let engine = record.id == session.record.id ? session.engine : try? session.bootstrap.openEngine(record)
            let name = (try? engine?.peers.accountPeer())??.displayTitle
            return Account(id: String(record.id), peerId: record.backupData?.peerId, name: name,
                           current: record.id == state.currentRecordId, selected: record.id == session.record.id)
        }
    }

    public var lines: [String] {
        var lines: [String] = []
        if accounts.count > 1 {
            lines.append("accounts:")
            for account in accounts {
                let marks = [account.current ? "current" : nil, account.selected ? "listed below" : nil].compactMap { $0 }
                lines.append("  \(account.id)\t\(account.name ?? "")\(marks.isEmpty ? "" : "\t(\(marks.joined(separator: ", ")))")")
            }
        }
        lines.append(query.map { "chats matching \"\($0)\":" } ?? "recent chats:")
        if peers.isEmpty { lines.append("  (none)") }
        for peer in peers {
            let name = peer.title + (peer.username.map { " (@\($0))" } ?? "")
            lines.append("  \(peer.peerId)\t\(peer.kind)\t\(name)\(peer.pinned ? "\t(pinned)" : "")")
        }
        return lines
    }
}

extension PeerPickerListing.Entry {
    init(_ peer: EnginePeer, pinned: Bool) {
        self.init(peerId: peer.id.toInt64(), kind: peer.id.kindName, title: peer.displayTitle,
                  username: peer.username, pinned: pinned)
    }
}

import Cryptography
import DrawingClient
import Formats
import TelegramCore

/// What `widget configure` lists: the chats the widget can show (Telegram's widget options, as
/// the intents extension answers them) — the top 50 of the chat list without secret chats and
/// deleted accounts, or up to 30 search results — each with its avatar drawn into the MediaBox's
/// cached representations (photo, else letters on the widget's gradient).
public struct ConfigurationListing: Encodable {
    struct Entry: Encodable {
        let peerId: Int64
        /// Telegram's Friend identifier: `<accountId>:<peerId>`.
        let identifier: String
        let kind: String
        let title: String
        let pinned: Bool
        let avatarPath: String?
        let selected: Bool

        func encode(to encoder: Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(peerId, forKey: .peerId)
            try c.encode(identifier, forKey: .identifier)
            try c.encode(kind, forKey: .kind)
            try c.encode(title, forKey: .title)
            try c.encode(pinned, forKey: .pinned)
            try c.encode(avatarPath, forKey: .avatarPath)
            try c.encode(selected, forKey: .selected)
        }

        private enum CodingKeys: String, CodingKey { case peerId, identifier, kind, title, pinned, avatarPath, selected }
    }

    public static let recentCount = 50
    public static let searchLimit = 30

    let accountId: String
    let query: String?
    /// The chats chosen with --select, or null when the widget shows the top of the chat list.
    let selection: [Int64]?
    let peers: [Entry]

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode("ok", forKey: .status)
        try c.encode(accountId, forKey: .accountId)
        try c.encode(query, forKey: .query)
        try c.encode(selection, forKey: .selection)
        try c.encode(peers, forKey: .peers)
    }

    private enum CodingKeys: String, CodingKey { case status, accountId, query, selection, peers }

    public static func make(record: EngineAccountRecord, engine: TelegramEngine, deviceKey: DeviceKey, query: String?, selection: [Int64]?) throws -> ConfigurationListing {
        let accountPeerId = try engine.peers.accountPeerId()
        let found = try engine.peers.pickableChats(query: query, recent: recentCount, searchLimit: searchLimit)
        let ownId = accountPeerId?.toInt64() ?? 0
        let avatars = AvatarCache(mediaBox: engine.mediaBox, deviceKey: deviceKey, style: .widget(accountPeerId: ownId))
        let chosen = Set(selection ?? [])
        let entries = found.map { chat in
            let (peer, pinned) = (chat.peer, chat.pinned)
            return Entry(peerId: peer.id.toInt64(), identifier: "\(record.id):\(peer.id.toInt64())", kind: peer.id.kindName,
                  title: peer.id.toInt64() == ownId ? WidgetChatText.savedMessages : peer.displayTitle, pinned: pinned,
                  // An avatar that can't be drawn (no drawing library) leaves the chat listed without one.
                  avatarPath: try? avatars.avatarPath(for: peer), selected: chosen.contains(peer.id.toInt64()))
        }
        return ConfigurationListing(accountId: String(record.id), query: query, selection: selection, peers: entries)
    }

    public var lines: [String] {
        var lines = [query.map { "chats matching \"\($0)\":" } ?? "chats the widget can show (top of the chat list):"]
        if peers.isEmpty { lines.append("  (none)") }
        for peer in peers {
            let marks = [peer.pinned ? "pinned" : nil, peer.selected ? "selected" : nil].compactMap { $0 }
            lines.append("  \(peer.peerId)\t\(peer.kind)\t\(peer.title)\(marks.isEmpty ? "" : "\t(\(marks.joined(separator: ", ")))")")
        }
        if let selection {
            lines.append("the widget shows the \(selection.count) chosen chat\(selection.count == 1 ? "" : "s") (widget configure --clear for the chat list)")
        } else {
            lines.append("the widget shows the top of the chat list (widget configure --select PEER... to choose)")
        }
        return lines
    }
}

import RequestChannel
import Storage

/// The app's links, as the URL-scheme launch handles them: `<scheme>://resolve?domain=<username>`
/// opens a chat by username, `<scheme>://localpeer?id=<peerId>[&accountId=<id>]` by peer id (the
/// widget's link). Only the `tg` scheme and Telegram's https form `https://t.me/<username>`.
public enum AppLink: Equatable, Sendable {
    case resolve(username: String)
    case localPeer(peerId: Int64, accountId: Int64?)

    public struct Invalid: Error, CustomStringConvertible {
        public let description: String
    }

    public static func parse(_ url: String, scheme: String = "tg") throws -> AppLink {
        let trimmed = url.trimmingWhitespace()
        if let rest = trimmed.dropPrefix("https://t.me/") ?? trimmed.dropPrefix("t.me/") {
            let username = String(rest.prefix { $0 != "/" && $0 != "?" })
            guard isUsername(username) else { throw Invalid(description: "\(url): not a username link") }
            return .resolve(username: username)
        }
        guard let rest = trimmed.dropPrefix(scheme + "://") else {
            throw Invalid(description: "\(url): not a \(scheme):// or https://t.me/ link")
        }
        let parts = rest.split(separator: "?", maxSplits: 1).map(String.init)
        let query = parts.count > 1 ? queryItems(parts[1]) : [:]
        switch parts.first ?? "" {
        case "resolve":
            guard let domain = query["domain"], isUsername(domain) else { throw Invalid(description: "\(url): resolve needs ?domain=<username>") }
            return .resolve(username: domain)
        case "localpeer":
            guard let id = query["id"].flatMap({ Int64($0) }) else { throw Invalid(description: "\(url): localpeer needs ?id=<peer id>") }
            return .localPeer(peerId: id, accountId: query["accountId"].flatMap { Int64($0) })
        default:
            throw Invalid(description: "\(url): unknown link (resolve and localpeer are supported)")
        }
    }

    /// The chat the link opens, in this account, inside the writer's transaction.
    public func resolve(in t: PostboxTransaction) throws -> Peer {
        try resolve(byId: t.peer, byUsername: { try t.peer(username: $0) })
    }

    /// The chat the link opens, asked of the account's engine.
    public func resolve(in peers: TelegramEngine.Peers) throws -> EnginePeer {
        try resolve(byId: peers.peer, byUsername: { try peers.peer(username: $0) })
    }

    private func resolve(byId: (PeerId) throws -> Peer?, byUsername: (String) throws -> Peer?) throws -> Peer {
        switch self {
        case .localPeer(let peerId, _):
            guard let peer = try byId(PeerId(peerId)) else { throw RequestRefusal(description: "no chat with peer id \(peerId)") }
            return peer
        case .resolve(let username):
            guard let found = try byUsername(username) else { throw RequestRefusal(description: "no chat with username @\(username)") }
            return found
        }
    }

    static func isUsername(_ text: String) -> Bool {
        (1...64).contains(text.utf8.count) && text.unicodeScalars.allSatisfy { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "_") }
    }

    static func queryItems(_ query: String) -> [String: String] {
        var items: [String: String] = [:]
        for pair in query.split(separator: "&") {
            let kv = pair.split(separator: "=", maxSplits: 1).map(String.init)
            if kv.count == 2 { items[kv[0]] = kv[1] }
        }
        return items
    }
}

extension String {
    fileprivate func dropPrefix(_ prefix: String) -> String? {
        hasPrefix(prefix) ? String(dropFirst(prefix.count)) : nil
    }
}

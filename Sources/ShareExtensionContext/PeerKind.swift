import Storage

/// The words `main chats` uses for a chat's kind, so scripts can compare the two.
enum PeerKind {
    /// The same words as `main chats`, so scripts can compare the two.
    static func name(_ id: PeerId) -> String { id.kindName }

    /// Telegram's share picker offers neither secret chats (their keys live on one device, and
    /// the share extension cannot encrypt for them) nor deleted accounts.
    static func isShareable(_ peer: Peer) -> Bool { !peer.isSecretChat && !peer.isDeleted }
}

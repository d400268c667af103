import Storage
import TelegramExport

/// The peers an import touches, as they are stored or will be: every stored peer read once at
/// the start (so the reading thread never touches the Postbox the writer is writing), each
/// changed only when the export says something new, and written with the next batch.
final class ExportPeers {
    private var known: [PeerId: Peer] = [:]
    /// Changed since the last batch was written.
    private(set) var pending: [PeerId: Peer] = [:]
    private var lastEnsured: (ref: ExportPeerRef, name: String?)?
    /// The export's own user and the account peer it stands for: everywhere the export names that
    /// user (a sender, Saved Messages), the account's peer is meant. Nil: no mapping.
    var ownUser: (exportUserId: Int64, account: PeerId)?
    /// What an earlier import recorded as the account's export user (`exportOwnUserId`).
    let recordedOwnUserId: Int64?

    /// The ids an earlier import found repeated, per chat (`exportRepeats`).
    let recordedRepeats: [PeerId: [Int32: Int32]]

    init(postbox: Postbox) throws {
        var known: [PeerId: Peer] = [:]
        (recordedOwnUserId, recordedRepeats) = try postbox.read { t in
            try t.enumeratePeers { peer in
                known[peer.id] = peer
                return true
            }
            return (try t.exportOwnUserId(), try t.exportRepeats())
        }
        self.known = known
    }

    /// The stored peer the export's reference means: Telegram's id in its namespace, except the
    /// export's own user, who is the account.
    func peerId(_ ref: ExportPeerRef) -> PeerId {
        switch ref.kind {
        case .user:
            if let ownUser, ref.id == ownUser.exportUserId { return ownUser.account }
            return PeerId(namespace: .cloudUser, id: ref.id)
        case .chat: return PeerId(namespace: .cloudGroup, id: ref.id)
        case .channel: return PeerId(namespace: .cloudChannel, id: ref.id)
        }
    }

    func stored(_ id: PeerId) -> Peer? { known[id] }

    /// Applies `change` to the peer (a new one when absent); a change that changes nothing writes nothing.
    func update(_ id: PeerId, _ change: (inout Peer) -> Void) {
        let old = stored(id)
        var peer = old ?? Peer(id: id)
        change(&peer)
        if peer != old {
            known[id] = peer
            pending[id] = peer
        }
    }

    /// A sender or chat the export names: created with the export's name when absent; an existing
    /// peer keeps its (richer) name, but a nameless one takes the export's.
    func ensure(_ ref: ExportPeerRef, name: String?) -> PeerId {
        let id = peerId(ref)
        // Most messages name the sender the one before named: nothing to do again.
        if let last = lastEnsured, last.ref == ref, last.name == name { return id }
        lastEnsured = (ref, name)
        update(id) { peer in
            guard peer.displayTitle.isEmpty || peer.isDeleted, let name, !name.isEmpty else {
                if peer.displayTitle.isEmpty && ref.kind == .user && name == nil { peer.isDeleted = true }
                return
            }
            peer.isDeleted = false
            if ref.kind == .user {
                // tdesktop writes a user's name as one string ("First Last"): split at the first
                // space, so the name reads the same and the avatar's letters are first and last.
                let parts = name.split(separator: " ", maxSplits: 1, omittingEmptySubsequences: true)
                peer.firstName = parts.first.map(String.init) ?? name
                peer.lastName = parts.count > 1 ? String(parts[1]) : ""
            } else {
                peer.title = name
            }
        }
        return id
    }

    func takePending() -> [Peer] {
        defer { pending.removeAll(keepingCapacity: true) }
        return pending.values.sorted { $0.id < $1.id }
    }
}

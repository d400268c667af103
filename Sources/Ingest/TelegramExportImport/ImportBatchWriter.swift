import Storage
import Synchronization

/// Writes an import's batches through a PostboxWritePipeline while the reading thread parses the
/// next ones, and adds up what each batch wrote. The writer is the only user of the Postbox while
/// an import runs (the reader reads none of it: ExportPeers is loaded before).
final class ImportBatchWriter: @unchecked Sendable {
    struct Counts: Sendable {
        var peersWritten = 0
        var added = 0
        var updated = 0
        var unchanged = 0

        mutating func add(_ other: Counts) {
            peersWritten += other.peersWritten
            added += other.added
            updated += other.updated
            unchanged += other.unchanged
        }
    }

    private let pipeline: PostboxWritePipeline
    private let counts = Mutex(Counts())

    init(postbox: Postbox, depth: Int = 2) {
        pipeline = PostboxWritePipeline(postbox: postbox, label: "telegram-export-import-writer", depth: depth)
    }

    /// `ownUserId`: the export's own user, recorded as the account's (`exportOwnUserId`) in this
    /// batch. `listing`: chats in the chat list (true) or kept out of it, the account having left.
    func submit(peers: [Peer], messages: [Message], ownUserId: Int64? = nil, listing: [PeerId: Bool] = [:]) throws {
        try pipeline.submit { [self] t in
            let written = try Self.write(t, peers: peers, messages: messages, ownUserId: ownUserId, listing: listing)
            counts.withLock { $0.add(written) }
        }
    }

    /// Waits for every submitted batch; what they wrote, or the first failure.
    func finish() throws -> Counts {
        try pipeline.finish()
        return counts.withLock { $0 }
    }

    /// One transaction: the batch's peers, its new or changed messages, and read marks up to the
    /// batch's newest message in each chat (an export has no unread state: imported chats are read).
    static func write(_ t: PostboxTransaction, peers: [Peer], messages: [Message], ownUserId: Int64? = nil,
                      listing: [PeerId: Bool] = [:]) throws -> Counts {
        var counts = Counts(peersWritten: peers.count)
        if let ownUserId { try t.setExportOwnUserId(ownUserId) }
        for peer in peers { try t.updatePeer(peer) }
        // Before the messages: a left chat's never reach the list.
        for (peerId, included) in listing { try t.setIncludedInChatList(peerId, included) }
        var changed: [Message] = []
        var readUpTo: [PeerId: Int32] = [:]
        // Per chat, the highest id already stored: a message above it is new without a lookup
        // (an import of a chat's history, oldest first, looks nothing up).
        var storedUpTo: [PeerId: Int32] = [:]
        changed.reserveCapacity(messages.count)
        for message in messages {
            let peerId = message.id.peerId
            readUpTo[peerId] = max(readUpTo[peerId] ?? 0, message.id.id)
            let stored = try storedUpTo[peerId] ?? t.maxMessageId(peerId)
            storedUpTo[peerId] = stored
            if message.id.id > stored {
                counts.added += 1
            } else if let old = try t.message(message.id) {
                if old == message { counts.unchanged += 1; continue }
                // Same id at another date would be a second row: the old one goes first.
                if old.index != message.index { try t.deleteMessages([message.id]) }
                counts.updated += 1
            } else {
                counts.added += 1
            }
            changed.append(message)
        }
        try t.addMessages(changed)
        for (peerId, maxId) in readUpTo { try t.markIncomingRead(peerId, upTo: maxId) }
        return counts
    }
}

import Dispatch
import Storage
import Synchronization

/// Writes an import's batches on a thread of its own while the reading thread parses the next
/// ones: on two cores the import takes about as long as the slower of the two, not their sum.
/// At most `depth` batches wait or are being written (memory stays bounded), each batch is one
/// transaction in the order submitted, and after a failure nothing more is written: the error
/// comes back from the next `submit` or from `finish`.
///
/// The writer is the only user of the Postbox while an import runs (the reader reads none of
/// it: ExportPeers is loaded before), so the one SQLite connection is never used by two threads.
final class ImportBatchWriter: @unchecked Sendable {
    struct Counts: Sendable {
        var peersWritten = 0
        var added = 0
        var updated = 0
        var unchanged = 0
    }

    private let postbox: Postbox
    private let queue = DispatchQueue(label: "telegram-export-import-writer")
    private let slots: DispatchSemaphore
    private let state = Mutex<(counts: Counts, failure: (any Error)?)>((Counts(), nil))

    init(postbox: Postbox, depth: Int = 2) {
        self.postbox = postbox
        slots = DispatchSemaphore(value: depth)
    }

    /// `ownUserId`: the export's own user, recorded as the account's (`exportOwnUserId`) in this batch.
    func submit(peers: [Peer], messages: [Message], ownUserId: Int64? = nil) throws {
        try throwIfFailed()
        slots.wait()
        queue.async { [self] in
            defer { slots.signal() }
            guard state.withLock({ $0.failure == nil }) else { return }
            do {
                let counts = try Self.write(postbox, peers: peers, messages: messages, ownUserId: ownUserId)
                state.withLock {
                    $0.counts.peersWritten += counts.peersWritten
                    $0.counts.added += counts.added
                    $0.counts.updated += counts.updated
                    $0.counts.unchanged += counts.unchanged
                }
            } catch {
                state.withLock { $0.failure = error }
            }
        }
    }

    /// Waits for every submitted batch; what they wrote, or the first failure.
    func finish() throws -> Counts {
        queue.sync {}
        try throwIfFailed()
        return state.withLock { $0.counts }
    }

    private func throwIfFailed() throws {
        if let failure = state.withLock({ $0.failure }) { throw failure }
    }

    /// One transaction: the batch's peers, its new or changed messages, and read marks up to the
    /// batch's newest message in each chat (an export has no unread state: imported chats are read).
    static func write(_ postbox: Postbox, peers: [Peer], messages: [Message], ownUserId: Int64? = nil) throws -> Counts {
        var counts = Counts(peersWritten: peers.count)
        try postbox.transaction { t in
            if let ownUserId { try t.setExportOwnUserId(ownUserId) }
            for peer in peers { try t.updatePeer(peer) }
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
        }
        return counts
    }
}

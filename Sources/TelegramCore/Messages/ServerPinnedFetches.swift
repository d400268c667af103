import Logging
import MTProtoKit
import Storage
import Synchronization

/// The chats opened in the app whose pinned messages are asked of the server (PinnedMessagesFetcher),
/// once a run each, on the updates listener's thread (its connection): later pins come as updates.
/// A fetch that failed, or was dropped with its connection, is asked again the next time the chat opens.
public final class ServerPinnedFetches: Sendable {
    private struct State {
        var waiting: [PeerId] = []
        /// Asked for this run (waiting, running or done).
        var asked: Set<PeerId> = []
    }

    private let state = Mutex(State())

    public init() {}

    /// Queues `chat`; false when it was asked for already this run.
    @discardableResult
    public func request(_ chat: PeerId) -> Bool {
        state.withLock { s in
            guard s.asked.insert(chat).inserted else { return false }
            s.waiting.append(chat)
            return true
        }
    }

    /// Fetches every waiting chat's pins with `client`; `changed` after each that changed.
    func run(postbox: Postbox, client: MTProtoClient, accountPeer: PeerId, timeout: Double, logger: Logger, changed: () -> Void) {
        while let chat = state.withLock({ $0.waiting.isEmpty ? nil : $0.waiting.removeFirst() }) {
            do {
                if try PinnedMessagesFetcher.fetch(chat, postbox: postbox, client: client, accountPeer: accountPeer, timeout: timeout) { changed() }
            } catch {
                logger.warning("pinned messages not fetched", metadata: ["error": "\(error)"])
                state.withLock { _ = $0.asked.remove(chat) }
            }
        }
    }

    /// The connection failed: what waits is asked for again when its chat opens again.
    func dropWaiting() {
        state.withLock { s in
            for chat in s.waiting { s.asked.remove(chat) }
            s.waiting = []
        }
    }
}

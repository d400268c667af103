import Container
import Logging
import MTProtoKit
import Storage
import Synchronization

/// The chats whose history the person scrolled to (older, or newer from the first unread message)
/// and the server has, asked for by the interface and fetched a page at a time on the updates listener's thread (its connection). A
/// chat is asked for once until its page is stored; after a failure, not again for a while (the
/// interface says why meanwhile), so a chat the server will not give does not loop.
public final class ServerHistoryFetches: Sendable {
    private struct State {
        var waiting: [(chat: PeerId, end: HistoryHoleEnd)] = []
        /// Asked for and not yet stored (waiting or running).
        var asked: Set<PeerId> = []
        /// The last failure of each chat, with when it was (monotonic nanoseconds).
        var failed: [PeerId: (at: UInt64, reason: String)] = [:]
    }

    /// How long a chat whose fetch failed is not asked for again.
    static let retryAfterFailure: Double = 30

    private let state = Mutex(State())

    public init() {}

    /// Queues the page at `end` of its hole; false when the chat already waits for one, or
    /// failed a short while ago.
    @discardableResult
    public func request(_ chat: PeerId, _ end: HistoryHoleEnd) -> Bool {
        state.withLock { s in
            if let failure = s.failed[chat], Clock.monotonicNanoseconds() - failure.at < UInt64(Self.retryAfterFailure * 1e9) { return false }
            guard s.asked.insert(chat).inserted else { return false }
            s.waiting.append((chat, end))
            return true
        }
    }

    /// Why `chat`'s last fetch failed, while it is not asked for again.
    public func recentFailure(_ chat: PeerId) -> String? {
        state.withLock { s in
            guard let failure = s.failed[chat], Clock.monotonicNanoseconds() - failure.at < UInt64(Self.retryAfterFailure * 1e9) else { return nil }
            return failure.reason
        }
    }

    /// Fetches every waiting page with `client`; `changed` after each.
    func run(postbox: Postbox, client: MTProtoClient, accountPeer: PeerId, timeout: Double, logger: Logger, changed: () -> Void) {
        while let (chat, end) = state.withLock({ $0.waiting.isEmpty ? nil : $0.waiting.removeFirst() }) {
            do {
                let count = try HistoryHoleFiller.fill(chat, end, postbox: postbox, client: client, accountPeer: accountPeer, timeout: timeout)
                logger.info("history fetched", metadata: ["count": "\(count)"])
                state.withLock { _ = $0.failed.removeValue(forKey: chat) }
            } catch {
                logger.warning("history not fetched", metadata: ["error": "\(error)"])
                state.withLock { $0.failed[chat] = (Clock.monotonicNanoseconds(), "\(error)") }
            }
            state.withLock { _ = $0.asked.remove(chat) }
            changed()
        }
    }

    /// The connection failed: what waits is asked again by the interface when it still wants it.
    func dropWaiting() {
        state.withLock { s in
            for item in s.waiting { s.asked.remove(item.chat) }
            s.waiting = []
        }
    }
}

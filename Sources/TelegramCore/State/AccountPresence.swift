import Container
import Storage
import Synchronization
import TelegramApi
import TLSerialization

/// What the server says live and keeps nowhere: who is typing in which chat. Filled from the
/// updates pushed to the app's connection, read by the interface's frames. A notice lasts six
/// seconds after the last one, as Telegram's clients show it (a typing client repeats it every
/// few seconds while it types, and cancels it when it sends).
public final class AccountPresence: Sendable {
    static let typingSeconds: UInt64 = 6
    private let typing = Mutex<[PeerId: UInt64]>([:])

    public init() {}

    /// Whether someone is typing in `chat` now.
    public func isTyping(in chat: PeerId) -> Bool {
        let now = Clock.monotonicNanoseconds()
        return typing.withLock { ($0[chat] ?? 0) > now }
    }

    func set(_ chat: PeerId, typing on: Bool) {
        let until = Clock.monotonicNanoseconds() + Self.typingSeconds * 1_000_000_000
        typing.withLock { $0[chat] = on ? until : nil }
    }

    /// The soonest a notice ends (nil: none shows), so whoever draws it looks again then.
    var nextExpiry: UInt64? {
        let now = Clock.monotonicNanoseconds()
        return typing.withLock { list in
            list = list.filter { $0.value > now }
            return list.values.min()
        }
    }
}

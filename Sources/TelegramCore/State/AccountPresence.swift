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

/// Updates pushed to the connection, read for what a catch-up never brings (typing); anything
/// else is left to getDifference, which applies it in order with its pts.
enum PushedUpdates {
    /// (chat, typing) for each typing notice, when that is all `body` holds; nil when it holds
    /// anything else (or is not updates at all).
    static func typingOnly(_ body: [UInt8]) -> [(PeerId, Bool)]? {
        var reader = TLReader(body)
        guard let updates = try? Api.Updates.parse(from: &reader) else { return nil }
        let list: [Api.Update]
        switch updates {
        case .updateShort(let update, _): list = [update]
        case .updates(let all, _, _, _, _), .updatesCombined(let all, _, _, _, _, _): list = all
        default: return nil
        }
        var notices: [(PeerId, Bool)] = []
        for update in list {
            guard case .updateUserTyping(let userId, let action) = update else { return nil }
            let cancelled = if case .sendMessageCancelAction = action { true } else { false }
            notices.append((PeerId(namespace: .cloudUser, id: userId), !cancelled))
        }
        return notices.isEmpty ? nil : notices
    }
}

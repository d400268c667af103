/// The terminal's bell for a new message while the window is not in front: the terminal's
/// focus reports (CSI ?1004) say where it is — in front until one says otherwise, as a terminal
/// that sends none never rings. It rings for a message from someone else, unread, in an
/// unmuted chat; one BEL per arrival (one refresh's new messages), not one per message, and
/// none again within `quietInterval` of the last, so a busy chat is not a stream of bells.
/// `[notifications] bell = false` turns it off.
@MainActor
final class TerminalBell {
    /// A chat whose newest message is new since the last refresh.
    struct Arrival: Equatable {
        var muted = false
        /// From someone else (not sent by the person, here or elsewhere).
        var incoming = true
        /// Still unread (the open chat's count as unread: they are read as they are shown).
        var unread = true
    }

    let enabled: Bool
    private(set) var focused = true
    private let quietInterval: Duration
    private let now: () -> ContinuousClock.Instant
    private var lastRing: ContinuousClock.Instant?
    private let ring: () -> Void

    init(enabled: Bool, quietInterval: Duration = .seconds(2), now: @escaping () -> ContinuousClock.Instant = { .now },
         ring: @escaping () -> Void) {
        self.enabled = enabled
        self.quietInterval = quietInterval
        self.now = now
        self.ring = ring
    }

    func focusChanged(_ focused: Bool) { self.focused = focused }

    /// The chats with new messages since the last refresh: the bell, if one of them wants it now.
    func messagesArrived(_ arrivals: [Arrival]) {
        guard enabled, !focused, arrivals.contains(where: { $0.incoming && $0.unread && !$0.muted }) else { return }
        let time = now()
        if let lastRing, time - lastRing < quietInterval { return }
        lastRing = time
        ring()
    }
}

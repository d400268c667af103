/// The terminal's bell for a new message while the window is not in front: the terminal's
/// focus reports (CSI ?1004) say where it is — in front until one says otherwise, as a terminal
/// that sends none never rings — and one BEL goes out per arrival (one refresh's new messages),
/// not one per message. `[notifications] bell = false` turns it off.
@MainActor
final class TerminalBell {
    let enabled: Bool
    private(set) var focused = true
    private let ring: () -> Void

    init(enabled: Bool, ring: @escaping () -> Void) {
        self.enabled = enabled
        self.ring = ring
    }

    func focusChanged(_ focused: Bool) { self.focused = focused }

    /// New incoming messages arrived (unmuted, from someone else): the bell, if it is wanted now.
    func messagesArrived() {
        if enabled && !focused { ring() }
    }
}

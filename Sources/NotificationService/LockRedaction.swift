import Formats

/// The lock rule, applied at the last moment before delivery so a lock taken while the push was
/// being processed still hides it: no name, no text, no avatar, only the locked-message string.
/// Fail-closed: a lock state that cannot be read, or a container never found, counts as locked.
enum LockRedaction {
    static func apply(_ content: NotificationContent, lock: LockReader?, lockedMessage: String,
                      now: MonotonicTimestamp = .now()) -> NotificationContent {
        let locked = lock.map { $0.isLocked(now: now) } ?? true
        guard locked else { return content }
        var redacted = content
        redacted.locked = true
        redacted.lockStateUnknown = lock == nil
        redacted.title = ""
        redacted.subtitle = ""
        redacted.attachments = []
        if content.status == .delivered || content.status == .fallback { redacted.body = lockedMessage }
        return redacted
    }
}

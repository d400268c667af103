import Container
import Formats
import Synchronization

/// The content the service would deliver right now, shared between the worker and the deadline
/// (Telegram's updateCurrentContent / serviceExtensionTimeWillExpire): it starts as the fallback and
/// improves as each step succeeds, so whatever moment time runs out, there is something to deliver.
final class BestContent: Sendable {
    private struct State {
        var content: NotificationContent
        var finished = false
        var lock: LockReader?
        var layout: ContainerLayout?
        var lockedMessage = PresentationStrings.english.applicationLockedMessageString
        var desktop: DesktopConnection?
        var avatarPixels: [UInt8]?
    }

    private let state: Mutex<State>

    init(_ initial: NotificationContent) {
        state = Mutex(State(content: initial))
    }

    var content: NotificationContent { state.withLock { $0.content } }
    var isFinished: Bool { state.withLock { $0.finished } }

    /// How to read the lock and what a locked notification says, once the container is known.
    func setContainer(_ layout: ContainerLayout, lock: LockReader, lockedMessage: String) {
        state.withLock {
            $0.layout = layout
            $0.lock = lock
            $0.lockedMessage = lockedMessage
        }
    }

    var lockedMessage: String { state.withLock { $0.lockedMessage } }
    var layout: ContainerLayout? { state.withLock { $0.layout } }

    /// The desktop's part, made ready while the content is composed.
    var desktop: DesktopConnection? {
        get { state.withLock { $0.desktop } }
        set { state.withLock { $0.desktop = newValue } }
    }

    /// The avatar drawn for this push as the desktop notification's image.
    var avatarPixels: [UInt8]? {
        get { state.withLock { $0.avatarPixels } }
        set { state.withLock { if !$0.finished { $0.avatarPixels = newValue } } }
    }

    func update(_ content: NotificationContent) {
        state.withLock { if !$0.finished { $0.content = content } }
    }

    func update(_ change: (inout NotificationContent) -> Void) {
        state.withLock { if !$0.finished { change(&$0.content) } }
    }

    /// Closes the box: later updates (a worker that outlived the deadline) are ignored.
    func finish() -> (content: NotificationContent, lock: LockReader?, lockedMessage: String, layout: ContainerLayout?) {
        state.withLock {
            $0.finished = true
            return ($0.content, $0.lock, $0.lockedMessage, $0.layout)
        }
    }
}

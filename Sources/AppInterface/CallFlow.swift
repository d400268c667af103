import Display
import Glibc
import ScreencastCall
import TelegramCore
import TelegramUI

/// Group calls in the interface: the app's one call (`CallActions`) shown as Telegram
/// shows a call it is in. Starting a call — `c` on the Calls tab, `^G` in an open chat — puts it
/// in the corner box (Display's minimized container) with its live figures on the box's second
/// line, refreshed every second while the person goes on using the app; F7 opens the call screen
/// (`CallController`), where `e` ends the call and Esc puts it back in the corner; F8 on the box
/// ends it. A call handed to the app by another process (`main call start`) appears in the box
/// the same way, and a call ended anywhere (`main call end`, its `--duration`, the app stopping)
/// takes its box and screen with it.
@MainActor
final class CallFlow {
    private let control: any CallActions
    private let navigation: NavigationController
    private let sources: any AccountDataSources
    /// The running call's screen (shown, or in the corner box); nil while no call runs.
    private(set) var controller: CallController?
    private var notice = TimedOverlay<NoticeController>()

    /// `^G` in a chat: a group call with it.
    static let chatCallKey = KeyEvent(.character("g"), modifiers: .control)

    init(calls: any CallActions, navigation: NavigationController, sources: any AccountDataSources, callsTab: CallsController) {
        control = calls
        self.navigation = navigation
        self.sources = sources
        callsTab.onStartCall = { [unowned self] peerId, title in start(peerId, title: title) }
        refresh()
    }

    /// The chat's bar gets the call key.
    func offerCall(in chat: ChatController) {
        chat.rightBarItems = [BarButtonItem(title: "Call", key: Self.chatCallKey) { [unowned self, unowned chat] in
            start(chat.peerId, title: chat.title)
        }]
    }

    /// Starts a group call with a chat, into the corner box. While a call runs, its screen opens
    /// instead: there is one call at a time.
    func start(_ peerId: ChatId, title: String) {
        refresh()
        if controller != nil {
            show(navigation.minimizedController === controller ? "A call is running: F7 opens it" : "A call is already running")
            return
        }
        do {
            let snapshot = try control.startCall(with: peerId.packed)
            present(snapshot, title: title)
        } catch {
            show("Cannot start the call: \(error)")
        }
    }

    /// Once a second and whenever requests were applied: the figures, a call that began in another
    /// process, a call that ended.
    func refresh(now: Int32 = Int32(clamping: time(nil))) {
        let snapshot = control.currentCall
        if let controller, snapshot?.callId != controller.callId {
            tearDown()
            show("Call with \(controller.peerTitle) ended")
        }
        if let snapshot {
            if controller == nil {
                let title = (try? sources.title(of: EnginePeer.Id(snapshot.peerId).chatId)) ?? "Chat \(snapshot.peerId)"
                present(snapshot, title: title)
            }
            controller?.update(Self.figures(snapshot, now: now))
        }
        notice.expire(in: navigation, now: now)
    }

    static func figures(_ snapshot: CallSnapshot, now: Int32) -> CallFigures {
        CallFigures(duration: Int(now) - Int(snapshot.startedAt), fps: snapshot.fps, averageFps: snapshot.averageFps,
                    framesReceived: snapshot.framesReceived, framesVerified: snapshot.framesVerified,
                    framesDropped: snapshot.framesDropped, extensionActive: snapshot.extensionActive,
                    extensionStatus: snapshot.extensionStatus, frameSource: snapshot.frameSource.rawValue)
    }

    /// The call's screen, straight into the corner box.
    private func present(_ snapshot: CallSnapshot, title: String) {
        let call = CallController(callId: snapshot.callId, peerId: EnginePeer.Id(snapshot.peerId).chatId, peerTitle: title,
                                  figures: Self.figures(snapshot, now: Int32(clamping: time(nil))))
        call.onEnd = { [unowned self, unowned call] in end(call) }
        controller = call
        navigation.presentMinimized(call)
    }

    /// `e` on the call screen, F8 on its box: ends the call and takes both away.
    private func end(_ call: CallController) -> Bool {
        guard call === controller else { return true }
        do {
            try control.endCall()
        } catch where control.currentCall?.callId == call.callId {
            call.showStatus("Cannot end the call: \(error)")
            return false
        } catch {
            // Ended elsewhere meanwhile: gone either way.
        }
        tearDown()
        return true
    }

    private func tearDown() {
        guard let call = controller else { return }
        controller = nil
        if navigation.minimizedController === call { navigation.dismissMinimized() }
        if navigation.viewControllers.contains(where: { $0 === call }) { navigation.pop(call, animated: false) }
    }

    /// A line near the top for a few seconds (the call could not start, a call ended).
    private func show(_ text: String) {
        notice.show(NoticeController([text]), in: navigation, now: Int32(clamping: time(nil)), seconds: 3)
    }
}

import AppCore
import Display
import Glibc
import TerminalBackend

/// `main run` on a terminal: the app's event sources feed the terminal's run loop through an
/// `EventBridge`, every input event passes the window's dispatch hook (user activity for
/// auto-lock, Ctrl-C), the screens are re-read when the app's data changes, and every way out
/// ends the same: the app stopped (its call ended, requests left consistent), the terminal
/// restored, then the writer lock released by `main run` itself.
public enum MainInterface {
    /// Makes `main run` open the interface when it is on a terminal.
    public static func install() {
        InterfaceHost.install { application, duration in try run(application, duration: duration) }
    }

    public struct Unavailable: Error, CustomStringConvertible {
        public let description: String
    }

    @MainActor
    static func run(_ application: Application, duration: Double?) throws {
        let bridge = try EventBridge()
        // The signal handlers go in first, so the terminal's restore handler, installed next,
        // restores the terminal and then hands SIGTERM or SIGHUP on to them: a graceful stop.
        let timer = RunLoop.startSources(application, duration: duration, readsStandardInput: false) { bridge.deliver($0) }
        defer { timer.cancel() }
        let session: TerminalSession
        do {
            session = try TerminalSession()
        } catch {
            throw Unavailable(description: "cannot open the terminal (\(error)); run `main run --headless` for the app without its interface")
        }
        defer { session.close() }
        let screens = AppScreens(app: application.app, theme: Theme(.day, depth: session.colorDepth),
                                 reducedMotion: !session.supportsAnimation)
        let window = screens.window
        let quit = { [unowned window] (reason: String) in
            application.stop(reason: reason)
            window.shouldQuit = true
        }
        screens.navigation.onQuit = { quit("q") }
        screens.locked.onQuit = { quit("q") }
        window.dispatchHook = { event in
            // What a person does counts as activity (keys, pastes, the mouse); a resize does not.
            if case .resize = event {} else { application.sendEvent(.interfaceInput) }
            if case .key(let key) = event, key.key == .character("c"), key.modifiers == .control {
                quit("Ctrl-C")
                return true
            }
            return false
        }
        let term = getenv("TERM").map { String(cString: $0) } ?? ""
        application.app.logger.info("interface opened", metadata: ["term": "\(term)", "colours": "\(session.colorCount)"])
        session.run(window, watching: [bridge.readDescriptor]) { _ in
            var changed = false
            for event in bridge.drain() {
                application.sendEvent(event)
                if event == .tick || event == .requestsPending { changed = true }
            }
            if application.shouldStop { window.shouldQuit = true }
            if changed && !window.shouldQuit { screens.refresh() }
        }
    }
}

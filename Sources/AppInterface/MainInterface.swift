import AppConfiguration
import AppCore
import Bootstrap
import Display
import Glibc
import TelegramCore
import TerminalBackend

/// `main run` on a terminal, in the two launch stages. *Will finish launching* ends here
/// with the window: the terminal opened, the root chosen (login or tabs) and gated on readiness.
/// *Did finish launching* follows: the request queue drained, the refreshers started (request
/// watcher, the tick that publishes widget data), the observers of settings and theme set up.
/// Then the first frame. The app's events reach the terminal's run loop through an
/// `EventBridge`; every input event passes the window's dispatch hook (user activity for
/// auto-lock, Ctrl-C); the screens are re-read when the app's data changes; and every way out
/// ends the same: the app stopped (its call ended, requests left consistent), the terminal
/// restored, then the writer lock released by `main run` itself.
public enum MainInterface {
    public struct Unavailable: Error, CustomStringConvertible {
        public let description: String
    }

    /// Runs the interface for an app that will finish launching (its window and root are the
    /// interface's to choose; it then finishes launching itself) until it quits; `duration` as
    /// `main run --duration`.
    @MainActor
    public static func run(_ app: LaunchedApp, duration: Double?, loginTarget: LoginServerTarget? = nil) throws {
        let bridge = try EventBridge()
        let will = LaunchStage.willFinishLaunching, did = LaunchStage.didFinishLaunching
        let (session, screens, pictures, graphics, bell) = try app.phase("window", stage: will) {
            () throws -> (TerminalSession, AppScreens, TerminalPictures?, GraphicsDetection, TerminalBell) in
            let session: TerminalSession
            do {
                session = try TerminalSession()
            } catch {
                throw Unavailable(description: "cannot open the terminal (\(error)); run `main run --headless` for the app without its interface")
            }
            let logger = app.logger
            let (_, configuration) = ConfigurationReader.load(baseBundleId: app.storage.container.configuration.baseAppBundleId)
            // notify-service cannot read the file (it links no TOML): main records its part.
            try? configuration.desktopNotifications.record(app.storage.container.layout)
            // The pictures' mode: chosen (the environment beats the file), or asked of the
            // terminal once the first frame is up; symbols or words until it answers.
            let chosen = GraphicsDetection.override(environment: getenv("TELEGRAM_GRAPHICS").map { String(cString: $0) },
                                                    configured: configuration.graphics)
            if let problem = chosen.problem { logger.warning("\(problem)") }
            let graphics = GraphicsDetection(override: chosen.mode, colorDepth: session.colorDepth, inTmux: getenv("TMUX") != nil)
            let descriptor = session.outputDescriptor
            let output = PictureOutput(mode: graphics.mode, depth: session.colorDepth, inTmux: graphics.inTmux,
                                       cellPixels: { CellPixels.of(descriptor: descriptor) }) { [unowned session] in
                session.send($0)
            }
            // Pictures only where colours can carry them (half blocks' 24 bits, kitty's ids in 256).
            let pictures = session.colorDepth == .trueColor || session.colorDepth == .palette256
                ? try? TerminalPictures(output: output) { logger.error("cannot draw a picture; initials or words shown", metadata: ["error": "\($0)"]) }
                : nil
            let screens = AppScreens(app: LaunchedAppHost(app, loginTarget: loginTarget), depth: session.colorDepth, reducedMotion: !session.supportsAnimation,
                                     pictures: pictures, configuration: configuration, refreshSoon: { bridge.deliver(.interfaceWork) })
            let bell = TerminalBell(enabled: configuration.bell) { [unowned session] in session.send([0x07]) }
            return (session, screens, pictures, graphics, bell)
        }
        defer { session.close() }
        defer { pictures?.photos.output.close() }
        var detection = graphics
        session.onReply = { [unowned bell, unowned session] reply in
            if case .focus(let focused) = reply { return bell.focusChanged(focused) }
            guard detection.receive(reply) else { return }
            app.logger.info("graphics detected", metadata: ["mode": "\(detection.mode.rawValue)"])
            pictures?.setMode(detection.mode)
            session.renderer.sixels = pictures?.sixelLayer
        }
        session.renderer.sixels = pictures?.sixelLayer
        screens.onIncomingMessages = { [unowned bell] in bell.messagesArrived($0) }
        session.send(graphics.queries)
        screens.editExternally = { [unowned session] text in try ExternalEditor.edit(text, session: session) }
        let frameWake = try WakePipe()
        screens.frameWake = frameWake
        let application = try AppRun.didFinishLaunching(app)
        let timer = RunLoop.startSources(application, duration: duration, readsStandardInput: false) { bridge.deliver($0) }
        defer { timer.cancel() }
        let window = screens.window
        app.phase("observers", stage: did) {
            screens.clipboard = TerminalClipboard.copy
            let quit = { [unowned window, unowned screens] (reason: String) in
                screens.account?.saveDrafts()
                application.stop(reason: reason)
                window.shouldQuit = true
            }
            screens.navigation.onQuit = { quit("q") }
            window.dispatchHook = { event in
                // What a person does counts as activity (keys, pastes, the mouse); a resize does not.
                if case .resize = event {} else { application.sendEvent(.interfaceInput) }
                if case .key(let key) = event, key.key == .character("c") || key.key == .character("q"), key.modifiers == .control {
                    quit(key.key == .character("c") ? "Ctrl-C" : "Ctrl-Q")
                    return true
                }
                return false
            }
            // The settings and theme, the lock, a link handed over: looked at once now, then on
            // every tick and every applied request.
            screens.refresh()
        }
        let term = getenv("TERM").map { String(cString: $0) } ?? ""
        app.logger.info("interface opened", metadata: [
            "term": "\(term)", "colours": "\(session.colorCount)", "graphics": "\(graphics.mode.rawValue)",
            "willFinishLaunching": "\(formatMilliseconds(app.milliseconds(ofStage: will)))",
            "didFinishLaunching": "\(formatMilliseconds(app.milliseconds(ofStage: did)))"])
        application.defersWidgetPublish = true
        let frames = PagingWindow(window, beforeFrame: { screens.loadPagesIfNeeded() }, afterFrame: {
            screens.frameDrawn()
            application.publishWidgetDataIfDue()
        })
        session.run(frames, watching: [bridge.readDescriptor, frameWake.readDescriptor] + (pictures?.wakeDescriptors ?? [])) { descriptor in
            if let pictures, pictures.drain(descriptor) { return }
            // Files copying: the next frame shows how far (and stores them once they are all there).
            if descriptor == frameWake.readDescriptor { return frameWake.drain() }
            var changed = false
            for event in bridge.drain() {
                application.sendEvent(event)
                if event == .tick || event == .requestsPending || event == .serverUpdates || event == .interfaceWork { changed = true }
            }
            if application.shouldStop, !window.shouldQuit {
                screens.account?.saveDrafts()
                window.shouldQuit = true
            }
            if changed && !window.shouldQuit { screens.refresh() }
        }
    }
}

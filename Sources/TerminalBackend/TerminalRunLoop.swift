import CNcursesw
import Display
import Glibc

extension TerminalSession {
    /// Time between animation frames while the app wants them: about 30 frames a second.
    public static let frameInterval: Duration = .milliseconds(33)
    /// How long a bracketed paste may wait for its end marker before it is delivered as is.
    public static let pasteTimeout: Duration = .seconds(1)

    /// Runs `app` until it sets `shouldQuit` (or the terminal hangs up): draws a frame, sleeps in `poll` until input, a
    /// resize, one of `descriptors` is readable (the app's own files, e.g. an inotify descriptor;
    /// `onReadable` is called with it) or the next animation frame is due; then reads all pending
    /// input (nodelay, until none) and hands it over before the next frame is drawn. Idle, it
    /// sleeps without a timeout.
    ///
    /// Resizes: ncurses' SIGWINCH handler sets a flag that the next `wget_wch` turns into
    /// KEY_RESIZE; a byte the shim's chained handler writes to a pipe wakes `poll` even when the
    /// signal lands on another thread or just before `poll` starts.
    public func run(_ app: any TerminalApplication, watching descriptors: [Int32] = [],
                    onReadable: ((Int32) -> Void)? = nil) {
        let clock = ContinuousClock()
        app.layout(size: size)
        var nextFrame = clock.now + Self.frameInterval
        var pasteDeadline: ContinuousClock.Instant? = nil
        while !app.shouldQuit {
            var surface = Surface(width: size.width, height: size.height)
            app.render(into: &surface)
            renderer.draw(surface)
            app.frameDrawn()

            let now = clock.now
            var wake: ContinuousClock.Instant? = app.wantsAnimationFrame ? nextFrame : nil
            if isPasting {
                let deadline = pasteDeadline ?? now + Self.pasteTimeout
                pasteDeadline = deadline
                wake = min(wake ?? deadline, deadline)
            } else {
                pasteDeadline = nil
            }
            let woken = wait(until: wake, now: now, extra: descriptors)
            if woken.terminalGone { return }
            if woken.jobControl { handleJobControl() }
            for descriptor in woken.extra { onReadable?(descriptor) }

            if woken.terminal { pasteDeadline = nil }  // the paste is still arriving
            var events = readPendingEvents()
            // Hung up with what was typed before it read: nothing will ever come again (with
            // SIGHUP ignored, under nohup, nothing else ends the app; each poll returns at once).
            if woken.hungUp && events.isEmpty { return }
            if let deadline = pasteDeadline, isPasting, clock.now >= deadline {
                events += pasteTimedOut()
                pasteDeadline = nil
            }
            for event in events {
                // Ctrl-Z suspends, as in a shell (raw mode makes it a key rather than SIGTSTP).
                if case .key(let key) = event, key.key == .character("z"), key.modifiers == .control {
                    suspend()
                    app.layout(size: size)  // the terminal may have been resized meanwhile
                    continue
                }
                if case .resize(let newSize) = event { app.layout(size: newSize) }
                app.handle(event)
                if app.shouldQuit { return }
            }
            if app.wantsAnimationFrame {
                if clock.now >= nextFrame {
                    app.advanceAnimationFrame()
                    nextFrame = clock.now + Self.frameInterval
                }
            } else {
                nextFrame = clock.now + Self.frameInterval
            }
        }
    }

    /// Sleeps in `poll` on the terminal, the resize pipe and `extra` until one is readable or
    /// `deadline` passes (nil: no timeout): whether the terminal had input, whether it hung up
    /// (reading it will never block again: what it still holds is read first), whether it is gone
    /// (hung up with nothing left), and the `extra` descriptors that are readable. An EINTR (a signal) just returns: the caller reads input next, which picks up a
    /// resize.
    private func wait(until deadline: ContinuousClock.Instant?, now: ContinuousClock.Instant,
                      extra: [Int32]) -> (terminal: Bool, hungUp: Bool, terminalGone: Bool, jobControl: Bool, extra: [Int32]) {
        var descriptors = [pollfd(fd: inputDescriptor, events: Int16(POLLIN), revents: 0)]
        if resizeDescriptor >= 0 { descriptors.append(pollfd(fd: resizeDescriptor, events: Int16(POLLIN), revents: 0)) }
        let jobControlIndex = descriptors.count
        if jobControlDescriptor >= 0 { descriptors.append(pollfd(fd: jobControlDescriptor, events: Int16(POLLIN), revents: 0)) }
        let firstExtra = descriptors.count
        descriptors += extra.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
        var timeout: Int32 = -1
        if let deadline {
            let (seconds, attoseconds) = max(deadline - now, .zero).components
            timeout = Int32(min(seconds * 1000 + (attoseconds + 999_999_999_999_999) / 1_000_000_000_000_000, 60_000))
        }
        let result = poll(&descriptors, nfds_t(descriptors.count), timeout)
        guard result > 0 else { return (false, false, false, false, []) }
        let terminal = descriptors[0].revents
        let hungUp = terminal & Int16(POLLHUP | POLLERR | POLLNVAL) != 0
        let gone = hungUp && terminal & Int16(POLLIN) == 0
        let jobControl = jobControlDescriptor >= 0 && descriptors[jobControlIndex].revents != 0
        return (terminal != 0, hungUp, gone, jobControl, descriptors[firstExtra...].filter { $0.revents != 0 }.map(\.fd))
    }
}

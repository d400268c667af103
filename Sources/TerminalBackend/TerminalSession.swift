import CNcursesw
import Display
import Glibc

/// The terminal in curses mode, from `open` to `close`: what the app draws on and reads from.
///
/// Opening it sets a UTF-8 locale (`TerminalLocale`), starts ncurses on the process's terminal
/// (standard input and output when both are one, else `/dev/tty`) and puts it in the modes a
/// full-screen app needs: raw (Ctrl-C, Ctrl-Z and Ctrl-S are keys), no echo, no CR/LF
/// translation, keypad keys decoded, a 25 ms Escape delay, no cursor, the terminal's own default
/// colours, every mouse event the terminal reports, bracketed paste, focus reports. Signals and `exit()` leave
/// the terminal usable (`TerminalRestore`). One session at a time.
@MainActor
public final class TerminalSession {
    /// Why the terminal could not be opened.
    public struct OpenError: Error, CustomStringConvertible {
        public let description: String
    }

    /// How many colours the terminal shows, as Display's theme chooses its palette.
    public let colorDepth: ColorDepth
    /// ncurses' colour count (`COLORS`; 0 without colour): 8, 16, 256, 2^24…
    public let colorCount: Int
    /// False with reduced motion asked for or on a dumb terminal (see `MotionPreference`).
    public let supportsAnimation: Bool
    /// The descriptor input arrives on, for `poll`.
    public let inputDescriptor: Int32
    /// Draws surfaces (only the changed cells).
    public let renderer: TerminalRenderer
    /// Whether the terminal reports the mouse.
    public let hasMouse: Bool

    private var screen: OpaquePointer?
    private var ownTerminal: UnsafeMutablePointer<FILE>?
    private let output: UnsafeMutablePointer<FILE>
    private let pasteDisable: String
    private var decoder: InputDecoder
    private var mouse = MouseDecoder()
    /// Hears the terminal's replies (query answers, focus reports) as they are read.
    public var onReply: ((TerminalReply) -> Void)?
    /// Becomes readable on SIGWINCH (see the shim's `tg_winch_install`); -1 if unavailable.
    let resizeDescriptor: Int32
    /// Becomes readable on SIGTSTP and SIGCONT (the shim's `tg_jobsig_install`); -1 if unavailable.
    let jobControlDescriptor: Int32

    /// Starts curses mode on the terminal.
    public init() throws {
        guard TerminalLocale.useUTF8() else {
            throw OpenError(description: "no UTF-8 locale available (tried the environment's and C.UTF-8)")
        }
        var input: UnsafeMutablePointer<FILE> = tg_stdin(), output: UnsafeMutablePointer<FILE> = tg_stdout()
        if isatty(STDIN_FILENO) == 0 || isatty(STDOUT_FILENO) == 0 {
            guard let terminal = fopen("/dev/tty", "r+") else {
                throw OpenError(description: "not running in a terminal (no /dev/tty)")
            }
            ownTerminal = terminal
            input = terminal
            output = terminal
        }
        TerminalRestore.arm(descriptor: fileno(output))
        guard let screen = newterm(nil, output, input) else {
            TerminalRestore.disarm()
            if let ownTerminal { fclose(ownTerminal) }
            let term = getenv("TERM").map { String(cString: $0) } ?? "(unset)"
            throw OpenError(description: "ncurses cannot drive this terminal (TERM=\(term))")
        }
        // A terminal that cannot place the cursor (TERM=dumb, a printer) cannot show a screen of
        // cells; every full-screen program is refused here, not each one on its own.
        guard tg_tigetstr("cup") != nil else {
            endwin()
            delscreen(screen)
            TerminalRestore.disarm()
            if let ownTerminal { fclose(ownTerminal) }
            let term = getenv("TERM").map { String(cString: $0) } ?? "(unset)"
            throw OpenError(description: "this terminal cannot move the cursor (TERM=\(term))")
        }
        self.screen = screen
        self.output = output
        inputDescriptor = fileno(input)

        let window = tg_stdscr()
        raw()
        noecho()
        nonl()
        keypad(window, true)
        intrflush(window, false)
        leaveok(window, true)  // the cursor is hidden: no need to park it after each update
        _ = set_escdelay(25)
        _ = curs_set(0)

        var hasDefaultColors = false
        if has_colors() {
            start_color()
            hasDefaultColors = use_default_colors() == OK
        }
        colorCount = has_colors() ? Int(tg_COLORS()) : 0
        colorDepth = ColorDepth(hasColors: has_colors(), colors: colorCount)

        hasMouse = mousemask(tg_ALL_MOUSE_EVENTS() | tg_REPORT_MOUSE_POSITION(), nil) != 0
        _ = mouseinterval(0)  // presses and releases as they come, no click detection delay

        pasteDisable = BracketedPaste.enable(output: output)
        FocusReports.register()
        BracketedPaste.write(FocusReports.enable, to: output)
        TerminalRestore.prepare(pasteDisable: pasteDisable, mouseEnabled: hasMouse)

        decoder = InputDecoder(extendedKeys: ExtendedKeys.discover())
        supportsAnimation = MotionPreference.supportsAnimation(
            reducedMotion: getenv(MotionPreference.reducedMotionVariable).map { String(cString: $0) },
            term: getenv("TERM").map { String(cString: $0) })
        renderer = TerminalRenderer(mapper: ColorMapper(depth: colorDepth, colors: colorCount),
                                    pairs: ColorPairs(capacity: tg_COLOR_PAIRS(), hasDefaultColors: hasDefaultColors)) { [output] bytes in
            _ = bytes.withUnsafeBufferPointer { fwrite($0.baseAddress, 1, $0.count, output) }
            fflush(output)
        }
        resizeDescriptor = tg_winch_install()
        jobControlDescriptor = tg_jobsig_install()
    }

    /// The descriptor the screen is written to (the terminal's size in pixels is asked of it).
    public var outputDescriptor: Int32 { fileno(output) }

    /// The terminal's size in cells (ncurses' `COLS` × `LINES`, updated on KEY_RESIZE).
    public var size: Size { Size(width: Int(tg_COLS()), height: Int(tg_LINES())) }

    /// Whether a bracketed paste has started and not ended.
    public var isPasting: Bool { decoder.isPasting }

    /// Reads everything the terminal has sent, without waiting, as events.
    public func readPendingEvents() -> [InputEvent] {
        guard screen != nil, let window = tg_stdscr() else { return [] }
        if resizeDescriptor >= 0 { tg_winch_drain() }
        nodelay(window, true)
        var events: [InputEvent] = []
        var code: wint_t = 0
        while true {
            let result = wget_wch(window, &code)
            if result == ERR { break }
            for input in rawInputs(result: result, code: code) { events += decoder.feed(input) }
        }
        events += decoder.endOfBurst()
        for reply in decoder.takeReplies() { onReply?(reply) }
        return events
    }

    /// Bytes for the terminal itself (a query, a picture, the bell), sent now: between frames,
    /// after curses' own output has gone, so the two never interleave.
    public func send(_ bytes: [UInt8]) {
        guard screen != nil, !bytes.isEmpty else { return }
        _ = bytes.withUnsafeBufferPointer { fwrite($0.baseAddress, 1, $0.count, output) }
        fflush(output)
    }

    /// A paste whose end marker never came: what arrived, as one paste.
    public func pasteTimedOut() -> [InputEvent] { decoder.pasteTimedOut() }

    /// Hands the terminal to `body` (an editor run on it) and takes it back: the curses modes
    /// saved (`def_prog_mode`), bracketed paste and the mouse off, `endwin`; afterwards the modes
    /// restored (`reset_prog_mode`), paste and mouse on again, and the next frame drawn whole.
    public func handOver<T>(_ body: () throws -> T) rethrows -> T {
        guard screen != nil else { return try body() }
        def_prog_mode()
        BracketedPaste.write(pasteDisable + FocusReports.disable, to: output)
        if hasMouse { mousemask(0, nil) }
        endwin()
        defer { restoreModes() }
        return try body()
    }

    /// The curses modes (raw, no echo: `reset_prog_mode`), bracketed paste, focus reports and
    /// the mouse back on, the cursor hidden, and the next frame drawn whole.
    private func restoreModes() {
        reset_prog_mode()
        _ = BracketedPaste.enable(output: output)
        BracketedPaste.write(FocusReports.enable, to: output)
        if hasMouse { _ = mousemask(tg_ALL_MOUSE_EVENTS() | tg_REPORT_MOUSE_POSITION(), nil) }
        _ = curs_set(0)
        renderer.invalidate()
    }

    /// Ctrl-Z, or a SIGTSTP from elsewhere: the terminal given back as the shell had it, the
    /// process group stopped as a terminal's Ctrl-Z stops it, and on `fg` the app's modes and a
    /// whole frame back.
    public func suspend() {
        guard screen != nil else { return }
        handOver { tg_jobsig_stop() }
        _ = tg_jobsig_take()  // the SIGCONT that ended this stop: already resumed
    }

    /// Continued after a stop the app did not ask for (`kill -STOP`, which cannot be caught):
    /// the shell may have left the terminal cooked and echoing, and written over the screen.
    public func resume() {
        guard screen != nil else { return }
        restoreModes()
    }

    /// Suspends or resumes for the job-control signals that arrived (the run loop calls it when
    /// their pipe is readable).
    func handleJobControl() {
        guard jobControlDescriptor >= 0 else { return }
        let flags = tg_jobsig_take()
        if flags & 1 != 0 {
            suspend()
        } else if flags & 2 != 0 {
            resume()
        }
    }

    /// Leaves curses mode: bracketed paste and mouse off, `endwin`, the terminal as it was.
    public func close() {
        guard let screen else { return }
        BracketedPaste.write(pasteDisable + FocusReports.disable, to: output)
        mousemask(0, nil)
        endwin()
        delscreen(screen)
        self.screen = nil
        tg_winch_remove()
        tg_jobsig_remove()
        TerminalRestore.disarm()
        if let ownTerminal { fclose(ownTerminal) }
        ownTerminal = nil
    }

    /// One `wget_wch` result as decoder input (a mouse report may be none, or a click's two).
    private func rawInputs(result: Int32, code: wint_t) -> [RawInput] {
        guard result == KEY_CODE_YES else { return [.character(code)] }
        switch Int32(bitPattern: code) {
        case KEY_RESIZE:
            return [.resize(size)]
        case KEY_MOUSE:
            var report = MEVENT()
            guard getmouse(&report) == OK else { return [] }
            return mouse.decode(column: Int(report.x), row: Int(report.y), state: report.bstate).map { .mouse($0) }
        case BracketedPaste.startCode:
            return [.pasteStart]
        case BracketedPaste.endCode:
            return [.pasteEnd]
        case let key:
            return [.keyCode(key)]
        }
    }
}

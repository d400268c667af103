import CNcursesw

/// Leaves the terminal usable however the process ends.
///
/// A normal end goes through `TerminalSession.close()` (endwin). For the others the C shim holds
/// a copy of the terminal's modes from before curses started and the bytes that undo curses
/// mode, computed here from terminfo once curses is up:
///
/// - `exit()` while the session is open: an `atexit` handler writes them and restores the modes.
/// - SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGABRT and the crash signals (SIGSEGV, SIGBUS, SIGILL —
///   Swift's traps — SIGFPE): the handler does only async-signal-safe things, `write` and
///   `tcsetattr`, never `endwin`; then it hands the signal on to the previous handler (by default
///   the process ends with that signal; Swift's crash backtrace then prints to a normal screen).
///   In raw mode Ctrl-C is a key, not SIGINT; these come from `kill` or a closed terminal.
///
/// The handlers go in before `newterm`, so ncurses, which only installs its own SIGINT/SIGTERM
/// cleanup where the default is in place, leaves them to us. SIGTSTP and SIGWINCH stay ncurses'.
enum TerminalRestore {
    /// Saves the modes of `descriptor` and installs the handlers. Call before curses starts.
    static func arm(descriptor: Int32) {
        tg_restore_install(descriptor)
        _ = tg_restore_register_atexit()
    }

    /// Stores the undo bytes for this terminal: keypad and (where on) mouse reporting off,
    /// bracketed paste and focus reports off, attributes reset, cursor shown, alternate screen left.
    @MainActor
    static func prepare(pasteDisable: String, mouseEnabled: Bool) {
        var bytes = ""
        if let keypadOff = tg_tigetstr("rmkx") { bytes += String(cString: keypadOff) }
        if mouseEnabled { bytes += mouseOff }
        bytes += pasteDisable + FocusReports.disable
        for capability in ["sgr0", "cnorm", "rmcup"] {
            if let value = tg_tigetstr(capability) { bytes += String(cString: value) }
        }
        let clean = Array(withoutPadding(bytes).utf8)
        clean.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { tg_restore_set_bytes($0.baseAddress, $0.count) }
        }
    }

    /// After a clean `endwin`: the handlers go, the previous ones come back.
    static func disarm() { tg_restore_disarm() }

    /// xterm's mouse modes off (what ncurses' `XM` turns on is one of these; `tparm`, which would
    /// expand `XM` itself, is variadic and out of Swift's reach). Unknown modes are ignored.
    static let mouseOff = "\u{1B}[?1006l\u{1B}[?1003l\u{1B}[?1002l\u{1B}[?1000l"

    /// `value` without terminfo's padding specifications (`$<5>`, `$<2*/>`), which only
    /// `tputs`/`putp` understand; written raw they would show.
    static func withoutPadding(_ value: String) -> String {
        var result = ""
        var rest = Substring(value)
        while let start = rest.firstRange(of: "$<") {
            result += rest[..<start.lowerBound]
            guard let end = rest[start.upperBound...].firstIndex(of: ">") else {
                rest = rest[start.lowerBound...]
                break
            }
            rest = rest[rest.index(after: end)...]
        }
        return result + rest
    }
}

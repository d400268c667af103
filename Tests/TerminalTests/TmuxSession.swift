import Foundation
import TestSupport
#if canImport(Glibc)
import Glibc
#endif

/// A program running in a real terminal: a detached tmux session on a server of its own (a
/// unique `-L` socket, no user configuration), driven with `send-keys` and read with
/// `capture-pane`. Every test gets its own server and must `kill()` it (use `defer`), so a
/// failing test leaves no tmux behind and tests never see each other's panes.
///
/// The pane stays after its command exits (`remain-on-exit`), so a failing test can still show
/// the last screen. (Its exit status is not read from tmux: tmux 3.3 now and then leaves an
/// exited pane process unreaped, with no status; a test that needs one runs its command from a
/// shell that records it.)
final class TmuxSession {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// tmux's path, or nil when it is not installed (Scripts/setup installs it).
    static let executable: String? = {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for directory in path.split(separator: ":") + ["/usr/bin", "/usr/local/bin"] {
            let candidate = "\(directory)/tmux"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }()

    static var isAvailable: Bool { executable != nil }

    private nonisolated(unsafe) static var counter = 0

    let socket: String
    private(set) var width: Int
    private(set) var height: Int

    /// Everything the program wrote to the terminal, when the session records it.
    let recording: String?

    /// Starts `command` (an argument vector, run by tmux without a shell) in a `width` × `height`
    /// terminal. `environment` is added to the pane's. `recording`: a file that gets every byte the
    /// program writes (`pipe-pane`), for what is on screen too briefly for a capture to be sure to
    /// see (a progress bar wiped at the end, on a loaded machine).
    /// `options`: global tmux options set before the program starts (`focus-events on`).
    init(width: Int = 80, height: Int = 24, command: [String], environment: [String: String] = [:], recording: String? = nil,
         options: [(name: String, value: String)] = []) throws {
        guard let executable = Self.executable else { throw Failure(description: "tmux is not installed") }
        Self.counter += 1
        socket = "tg-test-\(getpid())-\(Self.counter)-\(UInt32.random(in: 0 ... .max))"
        self.width = width
        self.height = height
        // set-clipboard: a program's OSC 52 becomes tmux's paste buffer (`clipboard()` reads it).
        var arguments = ["start-server", ";", "set-option", "-g", "remain-on-exit", "on", ";",
                         "set-option", "-g", "set-clipboard", "on", ";"]
        for option in options { arguments += ["set-option", "-g", option.name, option.value, ";"] }
        arguments += ["new-session", "-d", "-x", String(width), "-y", String(height)]
        for (name, value) in environment.sorted(by: { $0.key < $1.key }) { arguments += ["-e", "\(name)=\(value)"] }
        arguments += command
        self.recording = recording
        if let recording {
            // In the same command list, so the pipe is in place within the program's first moments.
            arguments += [";", "pipe-pane", "cat >> '\(recording)'"]
        }
        // The server daemonizes from this client; its output goes nowhere rather than into a
        // pipe the server could keep open.
        try Self.run(executable, socket: socket, arguments, capture: false)
    }

    deinit { kill() }

    /// Ends the server and everything in it. Safe to call twice.
    func kill() {
        guard let executable = Self.executable else { return }
        _ = try? Self.run(executable, socket: socket, ["kill-server"], capture: true, check: false)
    }

    /// Types `text` as it is (`send-keys -l`): each character reaches the program as typed.
    func type(_ text: String) throws {
        try tmux(["send-keys", "-l", text])
    }

    /// Sends bytes as a terminal would (`send-keys -H`): an escape sequence of another
    /// terminal's dialect, whatever tmux itself would send for the key.
    func send(bytes: String) throws {
        try tmux(["send-keys", "-H"] + bytes.utf8.map { String(format: "%02x", $0) })
    }

    /// Presses named keys (`Escape`, `Enter`, `Tab`, `C-c`, `Up`, `F5`...), in order.
    func press(_ keys: String...) throws {
        try tmux(["send-keys"] + keys)
    }

    /// Pastes `text` as a terminal paste (bracketed, when the program asked for it).
    func paste(_ text: String) throws {
        try tmux(["set-buffer", "--", text])
        try tmux(["paste-buffer", "-p"])
    }

    /// The screen as lines of text, trailing spaces kept to the width tmux gives them.
    /// `styled` adds the escape sequences of each cell's style (`capture-pane -e`).
    func capture(styled: Bool = false) throws -> [String] {
        let output = try tmux(["capture-pane", "-p"] + (styled ? ["-e"] : []))
        var lines = output.components(separatedBy: "\n")
        if lines.last == "" { lines.removeLast() }
        return lines
    }

    /// Waits until a line of the screen contains `text`; returns the screen. Throws with the
    /// last screen when `timeout` passes.
    @discardableResult
    func waitFor(text: String, timeout: TimeInterval = 5) async throws -> [String] {
        try await waitFor(timeout: timeout, "\"\(text)\"") { screen in screen.contains { $0.contains(text) } }
    }

    /// Waits until `condition` holds for the screen. Async, sleeping in Task.sleep: Swift Testing
    /// runs every test on the cooperative pool (one thread per core, two here), and terminal tests
    /// that slept in usleep held a thread for their whole wait, so async tests elsewhere in the run
    /// (a broadcast test rewriting a keepalive every second) were starved for seconds.
    @discardableResult
    func waitFor(timeout: TimeInterval = 5, _ what: String, _ condition: ([String]) -> Bool) async throws -> [String] {
        let deadline = Date().addingTimeInterval(timeout)
        var screen: [String] = []
        while true {
            screen = try capture()
            if condition(screen) { return screen }
            if Date() >= deadline { break }
            try await Task.sleep(for: .milliseconds(50))
        }
        throw Failure(description: "timed out after \(timeout) s waiting for \(what); the screen:\n" + screen.joined(separator: "\n"))
    }

    /// Waits until the screen stops changing (two captures 250 ms apart agree): a transition runs
    /// about 200 ms and absorbs keys meanwhile, as Telegram's does, so a key is sent only after.
    /// The captures and the exact gaps between them run on a thread of their own: slept on the
    /// test pool, a gap held one of its two threads; awaited there (Task.sleep), a busy run
    /// stretched it to seconds, and a screen with a running clock never looked still.
    @discardableResult
    func still(timeout: TimeInterval = 5) async throws -> [String] {
        let session = UncheckedSession(self)
        return try await onThread { Result { try session.value.stillOnThisThread(timeout: timeout) } }.get()
    }

    private func stillOnThisThread(timeout: TimeInterval) throws -> [String] {
        let deadline = Date().addingTimeInterval(timeout)
        var previous = try capture()
        while Date() < deadline {
            usleep(250_000)
            let screen = try capture()
            if screen == previous { return screen }
            previous = screen
        }
        throw Failure(description: "the screen kept changing for \(timeout) s:\n" + previous.joined(separator: "\n"))
    }

    /// A shell command line for the pane: runs `command`, records its exit status in `path` (written
    /// aside and renamed, so a test waiting for the file never reads it empty) and keeps the pane.
    static func recordingExitStatus(_ command: String, in path: String) -> String {
        "\(command); echo $? > '\(path).tmp'; mv '\(path).tmp' '\(path)'; exec sleep 60"
    }

    /// The exit status `recordingExitStatus` recorded in `path`, once it is there.
    func exitStatus(recordedIn path: String, timeout: TimeInterval = 5) async throws -> String {
        try await waitFor(timeout: timeout, "the exit status in \(path)") { _ in FileManager.default.fileExists(atPath: path) }
        return try String(contentsOfFile: path, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// What the program has written so far (with its escape sequences), if recorded.
    func recorded() -> String {
        guard let recording, let data = FileManager.default.contents(atPath: recording) else { return "" }
        return String(decoding: data, as: UTF8.self)
    }

    /// Resizes the terminal (the window, with a detached session tmux sizes it by hand).
    func resize(width: Int, height: Int) throws {
        try tmux(["resize-window", "-x", String(width), "-y", String(height)])
        self.width = width
        self.height = height
    }

    /// tmux's newest paste buffer: what the program last put on the clipboard (OSC 52).
    func clipboard() throws -> String {
        try tmux(["show-buffer"])
    }

    /// A tmux format for the pane (`#{pane_dead}`, `#{alternate_on}`, ...).
    func format(_ format: String) throws -> String {
        try tmux(["display-message", "-p", format]).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    @discardableResult
    private func tmux(_ arguments: [String]) throws -> String {
        guard let executable = Self.executable else { throw Failure(description: "tmux is not installed") }
        return try Self.run(executable, socket: socket, arguments, capture: true)
    }

    /// Runs one tmux client command on this server. `-u`: UTF-8 whatever the test's locale;
    /// `-f /dev/null`: no user configuration. Its output goes to a temporary file: the server this
    /// client may start daemonizes from it, and a pipe it kept open would hang the test.
    @discardableResult
    private static func run(_ executable: String, socket: String, _ arguments: [String], capture: Bool,
                            check: Bool = true) throws -> String {
        var environment = ProcessInfo.processInfo.environment
        environment["TMUX"] = nil  // a test run inside tmux still gets its own server
        if environment["LANG"] == nil { environment["LANG"] = "C.UTF-8" }
        let outputPath = capture
            ? FileManager.default.temporaryDirectory.appendingPathComponent("tg-tmux-\(getpid())-\(UInt32.random(in: 0 ... .max))").path
            : "/dev/null"
        defer { if capture { unlink(outputPath) } }

        // ChildProcess: nothing else of the test process goes with it (the tmux server daemonizes
        // from this client and lives as long as its test, and a descriptor it inherited would keep
        // another test's pipe open as long), and no signal blocked (the server and the program in
        // its pane must see SIGWINCH and SIGCHLD). A client command ends at once: waited for here.
        let ended = try ChildProcess(executable, ["-u", "-L", socket, "-f", "/dev/null"] + arguments,
                                     environment: environment, stdout: outputPath).waitUntilExit()
        let text = capture ? ((try? String(contentsOfFile: outputPath, encoding: .utf8)) ?? "") : ""
        if check && ended.exitCode != 0 {
            throw Failure(description: "tmux \(arguments.joined(separator: " ")) failed (\(ended)): \(text)")
        }
        return text
    }
}

/// Hands a session to the thread `still()` waits on; the test's task is suspended meanwhile, so
/// one thread uses it at a time.
private struct UncheckedSession: @unchecked Sendable {
    let value: TmuxSession
    init(_ value: TmuxSession) { self.value = value }
}

/// Whether process `pid` still runs: a zombie has ended (whoever adopted it may not have reaped it yet).
func isRunning(_ pid: Int32) -> Bool {
    let stat = (try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8)) ?? ""
    return kill(pid, 0) == 0 && !(stat.split(separator: ")").last?.hasPrefix(" Z") ?? true)
}

import Foundation
import Testing
import TestSupport

/// Sixel pictures from the real `main`, read from every byte it writes to a pseudo-terminal
/// that says its cells are 10×20 pixels (tmux is no use here: its panes know no pixel size
/// when detached, and tmux 3.3 drops sixel). `TELEGRAM_GRAPHICS=sixel` chooses the mode, so
/// nothing is asked of the terminal. The photo's sixel goes at its cells with the cursor saved
/// and restored, sized to them, once while nothing moves; a scroll puts it at another row (or
/// a crop of the rows still in view) and curses redraws the rows it left.
@Suite(.serialized)
struct SixelTerminalTests {
    /// Runs a command on a pty of `rows × columns` cells and `xpixels × ypixels`, appends all it
    /// writes to a file and types what is written to the driver's standard input.
    static let driver = """
    import os, pty, sys, struct, fcntl, termios, select
    rows, cols, xpix, ypix = map(int, sys.argv[1:5]); out = sys.argv[5]; cmd = sys.argv[6:]
    pid, fd = pty.fork()
    if pid == 0:
        fcntl.ioctl(0, termios.TIOCSWINSZ, struct.pack('HHHH', rows, cols, xpix, ypix))
        os.execvp(cmd[0], cmd)
    log = open(out, 'ab', buffering=0)
    inputs = [fd, 0]
    while True:
        ready, _, _ = select.select(inputs, [], [], 60)
        if not ready: break
        if fd in ready:
            try: data = os.read(fd, 65536)
            except OSError: break
            if not data: break
            log.write(data)
        if 0 in ready:
            data = os.read(0, 1024)
            if not data: inputs = [fd]
            else: os.write(fd, data)
    os.waitpid(pid, 0)
    """

    struct Placed: Equatable {
        let row: Int, column: Int, width: Int, height: Int
    }

    /// Every sixel placed in `output`: ESC 7, the cursor moved to (row, column), the DCS with
    /// its raster attributes, ST, ESC 8.
    static func placements(_ output: String) -> [Placed] {
        let pattern = #"\u001B7\u001B\[(\d+);(\d+)H\u001BP[0-9;]*q"1;1;(\d+);(\d+)[^\u001B]*\u001B\\\u001B8"#
        let regex = try! NSRegularExpression(pattern: pattern)
        return regex.matches(in: output, range: NSRange(output.startIndex..., in: output)).map { match in
            let number = { (index: Int) in Int((output as NSString).substring(with: match.range(at: index)))! }
            return Placed(row: number(1), column: number(2), width: number(3), height: number(4))
        }
    }

    @Test func photoPlacedAtItsCellsOnceThenMovedByAScroll() async throws {
        let base = try TemporaryDirectory("ui-sixel")
        defer { base.remove() }
        let (container, title, row, _) = try await ChatContentTerminalTests.importedGroup(in: base)
        let output = base.sub("output")
        var environment = ProcessInfo.processInfo.environment
        environment["TERM"] = "xterm-256color"
        environment["TELEGRAM_GRAPHICS"] = "sixel"
        environment["TMUX"] = nil
        let child = try ChildProcess(Python.path, ["-c", Self.driver, "30", "100", "1000", "600", output,
                                                   Executables.path(Executables.main), "run", "--container", container],
                                     environment: environment, stdin: .pipe)
        let keys = try #require(child.inputPipe)
        defer { child.send(SIGKILL) }
        func recorded() -> String { (try? String(contentsOfFile: output, encoding: .utf8)) ?? "" }
        func waitFor(_ what: String, timeout: Double = 15, _ done: (String) -> Bool) async throws {
            let end = Date().addingTimeInterval(timeout)
            while !done(recorded()) {
                guard Date() < end else { throw HarnessError("timed out waiting for \(what): \(recorded().suffix(2000).debugDescription)") }
                try await Task.sleep(for: .milliseconds(100))
            }
        }
        try await waitFor("the chat list") { $0.contains(title) }
        keys.write(Data((String(repeating: "\u{1B}OB", count: row) + "\r").utf8))
        try await waitFor("the photo's sixel") { !Self.placements($0).isEmpty }
        // The chat slides in: the picture follows the frames; then it settles.
        try await Task.sleep(for: .seconds(1.5))
        let settled = Self.placements(recorded())
        let photo = try #require(settled.last)
        try await Task.sleep(for: .seconds(1.5))
        #expect(Self.placements(recorded()).count == settled.count, "not written again while nothing moves")
        // Its pixels are its cells' (10×20 each), the height cut to whole sixel bands of 6.
        #expect(photo.width % 10 == 0 && photo.width >= 40 && photo.height % 6 == 0 && photo.height > 14, "\(photo)")
        #expect(photo.row > 1 && photo.row < 30, "\(photo)")
        let before = recorded().utf8.count

        // Page up: the photo moves down (or out); its old rows are drawn again by curses.
        keys.write(Data("\u{1B}[5~".utf8))
        try await waitFor("the picture moved or left") { Self.placements(String($0.utf8.dropFirst(before))!) != [] || $0.utf8.count > before + 2000 }
        try await Task.sleep(for: .seconds(1.5))
        let after = String(recorded().utf8.dropFirst(before))!
        let moved = Self.placements(after)
        #expect(!moved.contains(photo), "not written again where it was: \(moved)")
        // Its first old row rewritten: the cursor sent there after the scroll.
        #expect(after.contains("\u{1B}[\(photo.row);") || after.contains("\u{1B}[\(photo.row)d"), "\(after.debugDescription.prefix(3000))")
        keys.write(Data("\u{03}".utf8))
        try? keys.close()
    }
}

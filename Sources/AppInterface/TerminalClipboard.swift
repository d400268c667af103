import FoundationEssentials
import Glibc

/// The terminal's clipboard set through OSC 52 (xterm's selection-data sequence), which works
/// over ssh and inside tmux (with its `set-clipboard` on): the text base64-encoded, written
/// between frames straight to the terminal.
enum TerminalClipboard {
    static func sequence(for text: String) -> String {
        "\u{1B}]52;c;" + Data(text.utf8).base64EncodedString() + "\u{07}"
    }

    static func copy(_ text: String) {
        let bytes = Array(sequence(for: text).utf8)
        var written = 0
        while written < bytes.count {
            let n = bytes[written...].withUnsafeBytes { write(STDOUT_FILENO, $0.baseAddress, $0.count) }
            if n > 0 { written += n } else if n < 0 && errno == EINTR { continue } else { return }
        }
    }
}

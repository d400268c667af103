import Container
#if canImport(Glibc)
import Glibc
#endif

/// A one-line bar on standard error while an import reads its file: only on a terminal, never
/// with --json, never for a command the running app runs for another process (its output is
/// captured, not seen). Redrawn at most ten times a second.
struct ImportProgressBar {
    let enabled: Bool
    private var lastDraw: UInt64 = 0

    init(enabled: Bool) { self.enabled = enabled && isatty(STDERR_FILENO) == 1 }

    mutating func update(bytes: Int, total: Int) {
        guard enabled else { return }
        let now = Clock.monotonicNanoseconds()
        guard now - lastDraw >= 100_000_000 || bytes >= total else { return }
        lastDraw = now
        let fraction = total > 0 ? min(1, Double(bytes) / Double(total)) : 1
        let width = 30
        let filled = Int(fraction * Double(width))
        let bar = String(repeating: "#", count: filled) + String(repeating: "-", count: width - filled)
        draw("\rimporting [\(bar)] \(Int(fraction * 100))% \(bytes >> 20) of \(total >> 20) MiB")
    }

    func finish() {
        if enabled { draw("\r\u{1B}[K") }
    }

    private func draw(_ text: String) {
        var bytes = Array(text.utf8)
        _ = bytes.withUnsafeMutableBytes { write(STDERR_FILENO, $0.baseAddress, $0.count) }
    }
}

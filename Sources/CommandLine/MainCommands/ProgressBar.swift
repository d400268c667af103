import RequestChannel
import AppCore
import CommandLineSupport
import Container
#if canImport(Glibc)
import Glibc
#endif

/// A one-line bar on standard error while a command works through a file (an import): only on a
/// terminal, never with --json. A command handed to the running app draws it in the process that
/// handed it over, from the progress the app publishes. Redrawn at most ten times a second.
struct ProgressBar {
    let label: String
    let enabled: Bool
    private var lastDraw: UInt64 = 0

    init(label: String, enabled: Bool) {
        self.label = label
        self.enabled = enabled && isatty(STDERR_FILENO) == 1
    }

    /// `done` of `total` bytes.
    mutating func update(done: Int, total: Int) {
        guard enabled else { return }
        let now = Clock.monotonicNanoseconds()
        guard now - lastDraw >= 100_000_000 || done >= total else { return }
        lastDraw = now
        let progress = BackgroundProgress(label: label, done: done, total: total)
        let fraction = progress.fraction
        let width = 30
        let filled = Int(fraction * Double(width))
        let bar = String(repeating: "#", count: filled) + String(repeating: "-", count: width - filled)
        draw("\r\(label) [\(bar)] \(progress.percent)% \(done >> 20) of \(total >> 20) MiB")
    }

    func finish() {
        if enabled { draw("\r\u{1B}[K") }
    }

    private func draw(_ text: String) {
        var bytes = Array(text.utf8)
        _ = bytes.withUnsafeMutableBytes { write(STDERR_FILENO, $0.baseAddress, $0.count) }
    }
}

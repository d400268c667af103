import Display
import Foundation
import Testing

/// Snapshot tests of the in-memory surface against text files committed under `Snapshots/`.
///
/// A file holds the cells, one line per row inside an ASCII frame (so trailing spaces survive
/// editors and the right edge is visible; a wide character's continuation is left out, so its
/// glyph's two columns line up in a monospace view), and, where style matters, a style layer:
/// the same grid with one character per cell naming its style (`.` is plain, a continuation
/// takes its wide character's), and a legend.
///
/// A missing file, or any file when `DISPLAY_RECORD_SNAPSHOTS=1`, is written and the test fails
/// saying so: a recorded snapshot is reviewed and committed, never passed silently.
enum Snapshot {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Snapshots")

    static func render(_ surface: Surface, styles: Bool) -> String {
        let frame = "+" + String(repeating: "-", count: surface.width) + "+"
        var lines = ["size \(surface.width)x\(surface.height)", "cells:", frame]
        lines += surface.textLines.map { "|" + $0 + "|" }
        lines.append(frame)
        if styles {
            let (grid, legend) = styleLayer(surface)
            lines += ["styles:", frame]
            lines += grid.map { "|" + $0 + "|" }
            lines.append(frame)
            lines += legend
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// One character per cell naming its style, and the legend: `.` for plain, then letters and
    /// digits in the order the styles first appear (row by row).
    static func styleLayer(_ surface: Surface) -> (grid: [String], legend: [String]) {
        let names = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789")
        var assigned: [Style: Character] = [.plain: "."]
        var legend = [". = plain"]
        var grid: [String] = []
        for row in 0 ..< surface.height {
            var line = ""
            for cell in surface.row(row) {
                if assigned[cell.style] == nil {
                    let name = assigned.count - 1 < names.count ? names[assigned.count - 1] : "?"
                    assigned[cell.style] = name
                    legend.append("\(name) = \(cell.style)")
                }
                line.append(assigned[cell.style]!)
            }
            grid.append(line)
        }
        return (grid, legend)
    }

    static var recording: Bool { ProcessInfo.processInfo.environment["DISPLAY_RECORD_SNAPSHOTS"] == "1" }

    /// Compares `surface` with `Snapshots/<name>.txt`.
    static func check(_ surface: Surface, named name: String, styles: Bool = false,
                      sourceLocation: SourceLocation = #_sourceLocation) throws {
        let actual = render(surface, styles: styles)
        let url = directory.appendingPathComponent("\(name).txt")
        let expected = try? String(contentsOf: url, encoding: .utf8)
        if recording || expected == nil {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            try actual.write(to: url, atomically: true, encoding: .utf8)
            Issue.record("Recorded snapshot \(name).txt (\(recording ? "DISPLAY_RECORD_SNAPSHOTS=1" : "it was missing")); review it, commit it and run again:\n\(actual)",
                         sourceLocation: sourceLocation)
            return
        }
        // Compared as scalars: String's == would call a precomposed é equal to e + U+0301.
        if Array(actual.unicodeScalars) != Array(expected!.unicodeScalars) {
            Issue.record("Snapshot \(name).txt differs (DISPLAY_RECORD_SNAPSHOTS=1 rewrites it).\nexpected:\n\(expected!)\nactual:\n\(actual)",
                         sourceLocation: sourceLocation)
        }
    }
}

internal import CCairo

/// Text broken into lines that fit a width, at most `maxLines` of them, the last one ending in "…"
/// when the text didn't fit; and the drawing of those lines.
struct TextLayout {
    struct Line {
        var clusters: [ShapedCluster]
        var width: Double
        /// The paragraph's direction: right-to-left lines align to the right edge.
        var isRightToLeft: Bool
    }

    enum Alignment {
        /// Left for left-to-right paragraphs, right for right-to-left ones.
        case natural
        case right
    }

    let fonts: ScaledFontChain
    let lines: [Line]
    /// True when text was cut (an ellipsis was added).
    let isTruncated: Bool

    var widestLine: Double { lines.map(\.width).max() ?? 0 }

    /// Lays out `text` (newlines start paragraphs) to fit `maxWidth` pixels. `dropMissing` leaves out
    /// characters no installed font has instead of drawing them as boxes.
    init(_ text: String, fonts: ScaledFontChain, maxWidth: Double, maxLines: Int, dropMissing: Bool = false) {
        self.fonts = fonts
        let maxLines = max(1, maxLines)
        var lines: [Line] = []
        var truncated = false
        let paragraphs = Self.trimBlankEdges(TextShaper.paragraphs(text))

        paragraphLoop: for (paragraphIndex, paragraphText) in paragraphs.enumerated() {
            let isLastParagraph = paragraphIndex == paragraphs.count - 1
            let paragraph = TextShaper.shape(paragraphText, fonts: fonts, dropMissing: dropMissing)
            let clusters = paragraph.clusters
            var start = 0
            repeat {
                let end = Self.lineEnd(clusters, from: start, maxWidth: maxWidth)
                var line = Array(clusters[start..<end])
                while line.last?.isWhitespace == true { line.removeLast() }
                lines.append(Line(clusters: line, width: line.reduce(0) { $0 + $1.advance },
                                  isRightToLeft: paragraph.isRightToLeft))
                start = end
                while start < clusters.count, clusters[start].isWhitespace { start += 1 }
                if lines.count == maxLines {
                    truncated = start < clusters.count || !isLastParagraph
                    break paragraphLoop
                }
            } while start < clusters.count
        }
        if truncated, let last = lines.popLast() {
            lines.append(Self.ellipsized(last, fonts: fonts, maxWidth: maxWidth))
        }
        self.lines = lines
        isTruncated = truncated
    }

    /// Where the line starting at `start` ends: at the last break opportunity that fits, or, for a
    /// word wider than the line, at the last cluster that fits (always at least one cluster).
    private static func lineEnd(_ clusters: [ShapedCluster], from start: Int, maxWidth: Double) -> Int {
        var width = 0.0
        var lastBreak: Int?
        var end = start
        while end < clusters.count {
            let cluster = clusters[end]
            if end > start, cluster.breakBefore { lastBreak = end }
            // Spaces may hang past the edge; they are trimmed off the line.
            if !cluster.isWhitespace, end > start, width + cluster.advance > maxWidth {
                if cluster.breakBefore { return end }
                return lastBreak ?? end
            }
            width += cluster.advance
            end += 1
        }
        return end
    }

    /// Leading and trailing empty paragraphs add nothing but height.
    private static func trimBlankEdges(_ paragraphs: [String]) -> [String] {
        func isBlank(_ s: String) -> Bool { s.allSatisfy(\.isWhitespace) }
        var slice = paragraphs[...]
        while let first = slice.first, isBlank(first), slice.count > 1 { slice.removeFirst() }
        while let last = slice.last, isBlank(last), slice.count > 1 { slice.removeLast() }
        return Array(slice)
    }

    /// The line shortened until "…" fits after it (at the logical end, so on the left in RTL text).
    private static func ellipsized(_ line: Line, fonts: ScaledFontChain, maxWidth: Double) -> Line {
        guard let dots = fonts.glyphs(for: "\u{2026}") ?? fonts.glyphs(for: "...") else { return line }
        var clusters = line.clusters
        var width = line.width
        while let last = clusters.last, last.isWhitespace || width + dots.advance > maxWidth {
            width -= last.advance
            clusters.removeLast()
        }
        let level = line.isRightToLeft ? UInt8(1) : 0
        clusters.append(ShapedCluster(glyphs: dots.glyphs, advance: dots.advance, font: dots.font,
                                      level: level, isWhitespace: false, breakBefore: false))
        return Line(clusters: clusters, width: width + dots.advance, isRightToLeft: line.isRightToLeft)
    }

    /// Glyphs of one line in visual order, positioned for a pen starting at (x, baseline),
    /// grouped into runs that share a font.
    func positionedRuns(_ line: Line, x: Double, baseline: Double) -> [(font: Int, glyphs: [cairo_glyph_t])] {
        var runs: [(font: Int, glyphs: [cairo_glyph_t])] = []
        var pen = x
        for index in Bidi.visualOrder(line.clusters.map(\.level)) {
            let cluster = line.clusters[index]
            let placed = cluster.glyphs.map { cairo_glyph_t(index: $0.index, x: pen + $0.x, y: baseline + $0.y) }
            if runs.last?.font == cluster.font {
                runs[runs.count - 1].glyphs += placed
            } else {
                runs.append((cluster.font, placed))
            }
            pen += cluster.advance
        }
        return runs
    }

    /// Draws line `index` with its baseline at `baseline`, inside the box from `x` to `x + width`.
    func drawLine(_ index: Int, in cr: OpaquePointer, x: Double, width: Double, baseline: Double,
                  alignment: Alignment = .natural) {
        let line = lines[index]
        let alignRight = alignment == .right || line.isRightToLeft
        let start = alignRight ? x + width - line.width : x
        for run in positionedRuns(line, x: start, baseline: baseline) where !run.glyphs.isEmpty {
            cairo_set_scaled_font(cr, fonts.fonts[run.font])
            run.glyphs.withUnsafeBufferPointer {
                cairo_show_glyphs(cr, $0.baseAddress, Int32($0.count))
            }
        }
    }

    /// The ink bounds of line `index` drawn from (x, baseline), as (x, y, width, height).
    func inkBounds(_ index: Int, x: Double, baseline: Double) -> (x: Double, y: Double, width: Double, height: Double)? {
        var minX = Double.infinity, minY = Double.infinity, maxX = -Double.infinity, maxY = -Double.infinity
        for run in positionedRuns(lines[index], x: x, baseline: baseline) where !run.glyphs.isEmpty {
            var extents = cairo_text_extents_t()
            run.glyphs.withUnsafeBufferPointer {
                cairo_scaled_font_glyph_extents(fonts.fonts[run.font], $0.baseAddress, Int32($0.count), &extents)
            }
            guard extents.width > 0, extents.height > 0 else { continue }
            // Cairo measures the bearings from the first glyph's position.
            let left = run.glyphs[0].x + extents.x_bearing, top = run.glyphs[0].y + extents.y_bearing
            minX = min(minX, left)
            minY = min(minY, top)
            maxX = max(maxX, left + extents.width)
            maxY = max(maxY, top + extents.height)
        }
        guard minX < maxX, minY < maxY else { return nil }
        return (minX, minY, maxX - minX, maxY - minY)
    }
}

/// One cluster as the surface draws it: a grapheme cluster and the 1 or 2 columns it takes.
public struct DisplayCluster: Hashable, Sendable {
    public let character: Character
    public let width: Int
}

/// Text cut into the clusters that become cells. Every string the surface draws goes through
/// here, so these rules hold for every cell:
/// - unsafe scalars are replaced first (`VisibleText`), then the text is cut into clusters;
/// - a cluster of width 0 never gets a cell of its own. Marks join the cluster before them (Swift
///   already does this inside a string; it matters after a zero-width format character, which
///   ends a cluster); marks with nothing before them are drawn on U+25CC `◌`, as Unicode shows an
///   isolated mark. Format characters alone (ZWSP, word joiner, BOM, a lone ZWJ) are dropped:
///   they have nothing to show and no column to take;
/// - a cluster keeps at most `maximumScalars` scalars, so stacked marks ("Zalgo" text) cannot
///   make one cell carry unbounded bytes to the terminal. The longest emoji sequences have 10.
public enum DisplayText {
    public static let maximumScalars = 32
    static let dottedCircle: Character = "\u{25CC}"

    /// The clusters of `text`. With `columns`, it stops once they take more than that many
    /// columns: enough to know the text does not fit, without cutting up a long message whole.
    public static func clusters(_ text: String, columns: Int = .max) -> [DisplayCluster] {
        let text = VisibleText.sanitized(text)
        let utf8 = text.utf8
        var result: [DisplayCluster] = []
        result.reserveCapacity(min(utf8.count, columns == .max ? .max : columns + 1))
        var total = 0
        var index = text.startIndex
        while index < text.endIndex, total <= columns {
            // Printable ASCII followed by ASCII (or the end) is a cluster of its own, width 1: no
            // ASCII character extends another. Most text takes this path, without segmentation.
            let byte = utf8[index]
            let next = utf8.index(after: index)
            if byte >= 0x20 && byte < 0x7F && (next == utf8.endIndex || utf8[next] < 0x80) {
                result.append(DisplayCluster(character: Character(Unicode.Scalar(byte)), width: 1))
                total += 1
                index = next
                continue
            }
            let character = bounded(text[index])
            index = text.index(after: index)
            let width = TextWidth.of(character)
            if width > 0 {
                result.append(DisplayCluster(character: character, width: width))
                total += width
                continue
            }
            guard character.unicodeScalars.contains(where: isMark) else { continue }
            if let previous = result.last, let joined = joining(previous.character, character) {
                result[result.count - 1] = DisplayCluster(character: joined, width: previous.width)
            } else if let joined = joining(dottedCircle, character) {
                result.append(DisplayCluster(character: joined, width: 1))
                total += 1
            }
        }
        return result
    }

    /// `base` followed by `marks` when that is still one cluster within the bound, else nil.
    static func joining(_ base: Character, _ marks: Character) -> Character? {
        let text = String(base) + String(marks)
        guard text.count == 1 else { return nil }
        let joined = bounded(Character(text))
        return TextWidth.of(joined) == TextWidth.of(base) ? joined : nil
    }

    /// `character` cut to its first `maximumScalars` scalars (dropping trailing scalars of a
    /// cluster that long drops marks; if that ever split it, its first scalar alone).
    static func bounded(_ character: Character) -> Character {
        // UTF-8 length bounds the scalar count and is free to read on a small string.
        guard character.utf8.count > maximumScalars else { return character }
        let scalars = character.unicodeScalars
        guard scalars.count > maximumScalars else { return character }
        let kept = String(String.UnicodeScalarView(scalars.prefix(maximumScalars)))
        return kept.count == 1 ? Character(kept) : Character(scalars.first!)
    }

    static func isMark(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .spacingMark: return true
        default: return false
        }
    }
}

import Display

/// Text cut into rows for the chat: at a space in the row's second half where there is one, else
/// at the edge; wide characters and emoji counted by `TextWidth`, a control character as the
/// one-column stand-in the canvas draws for it.
enum TextWrap {
    /// A character's columns as drawn.
    static func columns(_ character: Character) -> Int {
        if let ascii = character.asciiValue, ascii >= 0x20, ascii < 0x7F { return 1 }
        // A control (or any scalar the canvas replaces) is drawn as stand-ins a column each,
        // which only the string's measure counts; the rest is measured as it is, without a copy.
        // Such scalars are grapheme controls, so each is a character of its own (or "\r\n").
        if let first = character.unicodeScalars.first, VisibleText.isUnsafe(first) { return TextWidth.of(String(character)) }
        return TextWidth.of(character)
    }

    /// `text` cut into lines: at its own newlines, then at `first` columns for the first line and
    /// `rest` for the others.
    static func lines(_ text: String, first: Int, rest: Int) -> [String] {
        var lines: [String] = []
        for paragraph in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let characters = Array(paragraph)
            for range in breaks(characters, first: lines.isEmpty ? first : rest, rest: rest) {
                lines.append(String(characters[range]))
            }
        }
        return lines
    }

    /// `text` cut into lines as `lines` cuts it, each line's parts in the roles of its characters'
    /// `styles` (a message's entities): plain text as `.text`, formatted text as `.styled`.
    static func styledLines(_ text: String, styles: [ChatTextEntity.Styles], first: Int,
                            rest: Int) -> [[(String, ChatLine.Role)]] {
        var lines: [[(String, ChatLine.Role)]] = []
        var base = 0  // characters before this paragraph
        for paragraph in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let characters = Array(paragraph)
            for range in breaks(characters, first: lines.isEmpty ? first : rest, rest: rest) {
                var row: [(String, ChatLine.Role)] = []
                for position in range {
                    let style = base + position < styles.count ? styles[base + position] : []
                    let role: ChatLine.Role = style.isEmpty ? .text : .styled(style)
                    if let last = row.last, last.1 == role {
                        row[row.count - 1].0.append(characters[position])
                    } else {
                        row.append((String(characters[position]), role))
                    }
                }
                lines.append(row.isEmpty ? [("", .text)] : row)
            }
            base += characters.count + 1
        }
        return lines
    }

    /// One line of styled parts cut into rows of `width` columns, the rows after the first indented
    /// by `hanging` spaces (so a list item's text lines up under itself). Newlines become spaces.
    static func rows(_ parts: [(String, ChatLine.Role)], width: Int, hanging: Int = 0) -> [[(String, ChatLine.Role)]] {
        var characters: [Character] = [], roles: [ChatLine.Role] = []
        for (text, role) in parts {
            for character in text {
                characters.append(character == "\n" || character == "\r\n" ? " " : character)
                roles.append(role)
            }
        }
        let indent = max(min(hanging, width - 1), 0)
        return breaks(characters, first: width, rest: max(width - indent, 1)).enumerated().map { index, range in
            var row: [(String, ChatLine.Role)] = []
            for position in range {
                if let last = row.last, last.1 == roles[position] {
                    row[row.count - 1].0.append(characters[position])
                } else {
                    row.append((String(characters[position]), roles[position]))
                }
            }
            if index > 0 && indent > 0 { row.insert((String(repeating: " ", count: indent), .text), at: 0) }
            return row
        }
    }

    /// `text` cut to `columns`, ending in `…` when something was cut.
    static func truncated(_ text: String, columns: Int) -> String {
        guard TextWidth.of(text) > columns else { return text }
        var result = "", used = 0
        for character in text {
            let width = Self.columns(character)
            if used + width > columns - 1 { break }
            result.append(character)
            used += width
        }
        return columns > 0 ? result + "…" : ""
    }

    /// Where the rows of `characters` begin and end (the space a row is broken at belongs to neither).
    static func breaks(_ characters: [Character], first: Int, rest: Int) -> [Range<Int>] {
        var result: [Range<Int>] = []
        var start = 0, width = 0, lastSpace: Int?
        for index in characters.indices {
            let character = characters[index], characterWidth = columns(character)
            let limit = result.isEmpty ? first : rest
            if width + characterWidth > limit, index > start {
                if let space = lastSpace, space - start > (index - start) / 2 {
                    result.append(start ..< space)
                    start = space + 1
                } else {
                    result.append(start ..< index)
                    start = index
                }
                width = characters[start ..< index].reduce(0) { $0 + columns($1) }
                lastSpace = nil
            }
            if character == " " { lastSpace = index }
            width += characterWidth
        }
        result.append(start ..< characters.count)
        return result
    }
}

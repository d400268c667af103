import Display

/// The text being written — a chat's draft, a form's field — as a line editor: the text and a
/// cursor in it, moved and edited by readline's keys (`handle`). A value, so every key is tested
/// without a screen. The cursor counts Characters (grapheme clusters), so an emoji or a CJK
/// character is one step. A chat's composer has no cap (the app splits a long text when it
/// sends); a form's field keeps a small one and takes no newlines.
public struct Composer: Equatable, Sendable {
    public private(set) var text = ""
    /// Characters before the cursor, 0...text.count.
    public private(set) var cursor = 0
    /// Characters it takes at most; nil: no cap.
    public let capacity: Int?
    /// Whether Alt-Enter, Ctrl-J and a pasted newline make a new line (a chat's composer does).
    public let allowsNewlines: Bool

    /// A capped field takes no newlines unless told (it is a form's or a search's one line).
    public init(capacity: Int? = nil, allowsNewlines: Bool? = nil) {
        self.capacity = capacity
        self.allowsNewlines = allowsNewlines ?? (capacity == nil)
    }

    public var isEmpty: Bool { text.isEmpty }

    /// The cursor as an index of `text`.
    public var cursorIndex: String.Index { text.index(text.startIndex, offsetBy: cursor) }

    /// `string` at the cursor, the cursor after it; what is over the capacity is cut, and newlines
    /// become spaces where the composer takes none.
    public mutating func insert(_ string: String) {
        var string = string
        if !allowsNewlines { string = String(string.map { $0.isNewline ? " " : $0 }) }
        if let capacity {
            let room = capacity - text.count
            guard room > 0 else { return }
            string = String(string.prefix(room))
        }
        guard !string.isEmpty else { return }
        let at = cursorIndex
        let end = text.utf8.distance(from: text.startIndex, to: at) + string.utf8.count
        text.insert(contentsOf: string, at: at)
        // Counted again from the bytes: an inserted combining mark joins the character before it.
        cursor = text.distance(from: text.startIndex, to: text.utf8.index(text.startIndex, offsetBy: end))
    }

    /// The whole text replaced, the cursor at its end (a draft brought back, an external edit).
    public mutating func set(_ string: String) {
        text = ""
        cursor = 0
        insert(string)
    }

    public mutating func deleteBackward() {
        guard cursor > 0 else { return }
        remove(cursor - 1 ..< cursor)
    }

    public mutating func deleteForward() {
        guard cursor < text.count else { return }
        remove(cursor ..< cursor + 1)
    }

    public mutating func clear() {
        text = ""
        cursor = 0
    }

    /// The text to send (nil when only whitespace), and the composer cleared.
    public mutating func take() -> String? {
        guard text.contains(where: { !$0.isWhitespace }) else { return nil }
        defer { clear() }
        return text
    }

    // MARK: Moving

    public mutating func moveLeft() { cursor = max(cursor - 1, 0) }
    public mutating func moveRight() { cursor = min(cursor + 1, text.count) }
    public mutating func moveToLineStart() { cursor = lineStart(of: cursor) }
    public mutating func moveToLineEnd() { cursor = lineEnd(of: cursor) }

    /// Back to the start of the word before the cursor (readline's Alt-B: spaces, then the word).
    public mutating func moveWordBackward() { cursor = wordStart(before: cursor) }

    /// On to the end of the word after the cursor (readline's Alt-F).
    public mutating func moveWordForward() {
        let characters = Array(text)
        var position = cursor
        while position < characters.count, !Self.isWordCharacter(characters[position]) { position += 1 }
        while position < characters.count, Self.isWordCharacter(characters[position]) { position += 1 }
        cursor = position
    }

    /// To the line above (`by` -1) or below (+1), at the same column as near as it goes; false
    /// when there is no such line (the cursor is on the first or the last).
    @discardableResult
    public mutating func moveLine(by direction: Int) -> Bool {
        let start = lineStart(of: cursor)
        let column = columns(from: start, to: cursor)
        let target: Int
        if direction < 0 {
            guard start > 0 else { return false }
            target = lineStart(of: start - 1)
        } else {
            let end = lineEnd(of: cursor)
            guard end < text.count else { return false }
            target = end + 1
        }
        // The character at or before the column in the target line.
        let characters = Array(text)
        var position = target, used = 0
        while position < characters.count, characters[position] != "\n" {
            let width = TextWidth.of(characters[position])
            if used + width > column { break }
            used += width
            position += 1
        }
        cursor = position
        return true
    }

    // MARK: Deleting

    /// Ctrl-W: the word before the cursor (and the spaces after it).
    public mutating func deleteWordBackward() { remove(wordStart(before: cursor) ..< cursor) }

    /// Ctrl-U: from the line's start to the cursor.
    public mutating func deleteToLineStart() { remove(lineStart(of: cursor) ..< cursor) }

    /// Ctrl-K: from the cursor to the line's end.
    public mutating func deleteToLineEnd() { remove(cursor ..< lineEnd(of: cursor)) }

    // MARK: Keys

    /// Applies `key` as a line editor does and says whether it was taken. An empty composer leaves
    /// ↑ ↓ Home End (and PgUp PgDn, always) to the screen, which moves through its history then;
    /// ↑ ↓ are left too when there is no line above or below. Enter is never taken: it is the
    /// screen's (send, submit).
    public mutating func handle(_ key: KeyEvent) -> Bool {
        if let character = key.plainCharacter {
            insert(String(character))
            return true
        }
        let control = key.modifiers.contains(.control), alt = key.modifiers.contains(.alt)
        if case .character(let letter) = key.key, control || alt {
            switch (letter.lowercased(), control, alt) {
            case ("a", true, false): moveToLineStart()
            case ("e", true, false): moveToLineEnd()
            case ("b", true, false): moveLeft()
            case ("f", true, false): moveRight()
            case ("b", false, true): moveWordBackward()
            case ("f", false, true): moveWordForward()
            case ("w", true, false): deleteWordBackward()
            case ("u", true, false): deleteToLineStart()
            case ("k", true, false): deleteToLineEnd()
            case ("d", true, false): deleteForward()
            case ("h", true, false): deleteBackward()
            case ("j", true, false):
                guard allowsNewlines else { return false }
                insert("\n")
            default: return false
            }
            return true
        }
        switch key.key {
        case .enter where alt && allowsNewlines: insert("\n")
        case .backspace where alt: deleteWordBackward()
        case .backspace: deleteBackward()
        case .delete: deleteForward()
        case .left where control || alt: moveWordBackward()
        case .right where control || alt: moveWordForward()
        case .left: moveLeft()
        case .right: moveRight()
        case .home where !isEmpty: moveToLineStart()
        case .end where !isEmpty: moveToLineEnd()
        case .up where !isEmpty && key.modifiers.isEmpty: return moveLine(by: -1)
        case .down where !isEmpty && key.modifiers.isEmpty: return moveLine(by: 1)
        default: return false
        }
        return true
    }

    // MARK: Positions

    private func lineStart(of position: Int) -> Int {
        let characters = Array(text.prefix(position))
        return (characters.lastIndex(of: "\n").map { $0 + 1 }) ?? 0
    }

    private func lineEnd(of position: Int) -> Int {
        let rest = text.dropFirst(position)
        return position + (rest.firstIndex(of: "\n").map { rest.distance(from: rest.startIndex, to: $0) } ?? rest.count)
    }

    private func wordStart(before position: Int) -> Int {
        let characters = Array(text.prefix(position))
        var start = characters.count
        while start > 0, !Self.isWordCharacter(characters[start - 1]) { start -= 1 }
        while start > 0, Self.isWordCharacter(characters[start - 1]) { start -= 1 }
        return start
    }

    private func columns(from start: Int, to end: Int) -> Int {
        text.dropFirst(start).prefix(end - start).reduce(0) { $0 + TextWidth.of($1) }
    }

    private mutating func remove(_ range: Range<Int>) {
        guard !range.isEmpty else { return }
        let lower = text.index(text.startIndex, offsetBy: range.lowerBound)
        let upper = text.index(lower, offsetBy: range.count)
        text.removeSubrange(lower ..< upper)
        cursor = range.lowerBound
    }

    /// Letters, digits and the rest of a word; spaces and punctuation end one (readline's rule).
    private static func isWordCharacter(_ character: Character) -> Bool {
        character.isLetter || character.isNumber || character == "_"
    }
}

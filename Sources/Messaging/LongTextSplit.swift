import Storage

/// Telegram Desktop's split of a text over the message limit (TextUtilities::CutPart): each part
/// at most `limit` UTF-16 units, cut at the last paragraph break before the limit, else the last
/// line break, else the last space, else at the limit (never inside a character). The break stays
/// at the end of the earlier part, so the parts put together are the text: nothing is cut.
/// Entities go with their text: one that crosses a cut is split in two, offsets moved to the part.
public enum LongTextSplit {
    /// Telegram's message_length_max.
    public static let messageLimit = 4096

    public struct Part: Equatable, Sendable {
        public var text: String
        public var entities: [MessageTextEntity]
    }

    public static func parts(_ text: String, entities: [MessageTextEntity] = [], limit: Int = messageLimit) -> [Part] {
        var parts: [Part] = []
        var rest = Substring(text)
        var offset = 0  // UTF-16 offset of `rest` in `text`
        while rest.utf16.count > limit {
            let cut = cutPoint(rest, limit: limit)
            let length = rest.utf16.distance(from: rest.startIndex, to: cut)
            parts.append(Part(text: String(rest[..<cut]), entities: slice(entities, from: offset, length: length)))
            offset += length
            rest = rest[cut...]
        }
        if !rest.isEmpty || parts.isEmpty {
            parts.append(Part(text: String(rest), entities: slice(entities, from: offset, length: rest.utf16.count)))
        }
        return parts
    }

    /// Where the first part of `text` ends: after the best break within `limit` UTF-16 units.
    static func cutPoint(_ text: Substring, limit: Int) -> String.Index {
        // The furthest character boundary within the limit.
        var end = text.startIndex
        var units = 0
        for index in text.indices {
            let next = text.index(after: index)
            units += text.utf16.distance(from: index, to: next)
            if units > limit { break }
            end = next
        }
        if end == text.startIndex { return text.index(after: text.startIndex) }  // one character over the limit: it goes alone
        let window = text[..<end]
        var paragraph: String.Index?, line: String.Index?, space: String.Index?
        var previousWasNewline = false
        for index in window.indices {
            let c = window[index]
            if c.isNewline {
                if previousWasNewline { paragraph = window.index(after: index) }
                line = window.index(after: index)
                previousWasNewline = true
            } else {
                if c.isWhitespace { space = window.index(after: index) }
                previousWasNewline = false
            }
        }
        return paragraph ?? line ?? space ?? end
    }

    /// The entities' parts within [from, from + length), moved to start at 0.
    static func slice(_ entities: [MessageTextEntity], from: Int, length: Int) -> [MessageTextEntity] {
        entities.compactMap { e in
            let start = max(Int(e.offset), from), end = min(Int(e.offset) + Int(e.length), from + length)
            guard end > start else { return nil }
            var part = e
            part.offset = Int32(start - from)
            part.length = Int32(end - start)
            return part
        }
    }
}

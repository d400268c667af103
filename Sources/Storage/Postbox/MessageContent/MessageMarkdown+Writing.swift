extension MessageMarkdown {
    /// The markdown `parse` reads back as `text` and those of `entities` it makes (bold, italic,
    /// strikethrough, spoiler, code, pre, text_link): what an edit puts in the composer, so the
    /// formatting a message has is still there when it is saved. Entities of other types (a
    /// mention, a url, found in the text again) and ranges that do not fall on the text's
    /// characters are left out. Markers close in the reverse order they opened.
    public static func markdown(_ text: String, entities: [MessageTextEntity]) -> String {
        // Offsets where a character starts (markers go only there), and the text's end.
        var boundaries = Set<Int>()
        var offset = 0
        for character in text {
            boundaries.insert(offset)
            offset += character.utf16.count
        }
        boundaries.insert(offset)
        var opens: [Int: [String]] = [:], closes: [Int: [String]] = [:]
        for entity in entities {
            let start = Int(entity.offset), end = Int(entity.offset) + Int(entity.length)
            guard entity.length > 0, boundaries.contains(start), boundaries.contains(end), let (open, close) = markers(entity) else { continue }
            opens[start, default: []].append(open)
            // An entity listed later is inside an earlier one: it closes first.
            closes[end, default: []].insert(close, at: 0)
        }
        var result = ""
        var position = 0
        for character in text {
            result += (closes[position] ?? []).joined() + (opens[position] ?? []).joined()
            result.append(character)
            position += character.utf16.count
        }
        result += (closes[position] ?? []).joined()
        return result
    }

    private static func markers(_ entity: MessageTextEntity) -> (String, String)? {
        switch entity.type {
        case "bold": return ("**", "**")
        case "italic": return ("__", "__")
        case "strikethrough": return ("~~", "~~")
        case "spoiler": return ("||", "||")
        case "code": return ("`", "`")
        case "pre": return ("```" + (entity.value ?? "") + "\n", "\n```")
        case "text_link":
            guard let url = entity.value, !url.isEmpty, !url.contains(where: \.isWhitespace), !url.contains(")") else { return nil }
            return ("[", "](" + url + ")")
        default: return nil
        }
    }
}

import TelegramCore
import TelegramUI

/// A message's stored entities (UTF-16 offsets, Telegram's type names) as the chat draws them:
/// ranges of the text's Characters and their styles. An entity the chat does not style (a custom
/// emoji, a block quote) is left out; one with a bad range (negative, empty, past the text) is
/// ignored; one that starts or ends inside a character covers that character.
enum ChatTextEntityMapping {
    static func entities(_ entities: [EngineMessageTextEntity], in text: String) -> [ChatTextEntity] {
        guard !entities.isEmpty else { return [] }
        // Where each character starts, in UTF-16 units, and the end.
        var starts: [Int] = []
        starts.reserveCapacity(text.count + 1)
        var units = 0
        for character in text {
            starts.append(units)
            units += character.utf16.count
        }
        starts.append(units)
        var characters: [Character]?
        return entities.compactMap { entity in
            let offset = Int(entity.offset), end = Int(entity.offset) + Int(entity.length)
            guard let styles = styles(entity.type), offset >= 0, entity.length > 0, end <= units else { return nil }
            // The character holding `offset`, and the characters that begin before `end`.
            let lower = partitionIndex(starts, { $0 > offset }) - 1
            let upper = partitionIndex(starts, { $0 >= end })
            guard lower >= 0, lower < upper else { return nil }
            let range = lower ..< min(upper, text.count)
            var url: String?
            if entity.type == "text_link" {
                url = entity.value
            } else if entity.type == "link" || entity.type == "mention" {
                if characters == nil { characters = Array(text) }
                url = link(entity.type, String(characters![range]))
            }
            return ChatTextEntity(range: range, styles: styles, url: url)
        }
    }

    /// What a url or a mention entity opens: the url (https:// when it names no scheme), the
    /// mention's t.me link.
    static func link(_ type: String, _ written: String) -> String? {
        if type == "mention" {
            guard written.hasPrefix("@"), written.count > 1 else { return nil }
            return "https://t.me/" + written.dropFirst()
        }
        guard !written.isEmpty, !written.hasPrefix("-") else { return nil }
        return written.contains("://") ? written : "https://" + written
    }

    /// The first index whose value satisfies `predicate` (`starts` rises).
    private static func partitionIndex(_ starts: [Int], _ predicate: (Int) -> Bool) -> Int {
        var low = 0, high = starts.count
        while low < high {
            let middle = (low + high) / 2
            if predicate(starts[middle]) { high = middle } else { low = middle + 1 }
        }
        return low
    }

    /// Telegram Desktop's export names, as the chat draws them.
    static func styles(_ type: String) -> ChatTextEntity.Styles? {
        switch type {
        case "bold": return .bold
        case "italic": return .italic
        case "underline": return .underline
        case "strikethrough": return .strikethrough
        case "code", "pre": return .code
        case "spoiler": return .spoiler
        case "text_link", "link", "mention", "mention_name", "hashtag", "cashtag", "bot_command", "email", "phone",
             "bank_card": return .link
        default: return nil
        }
    }
}

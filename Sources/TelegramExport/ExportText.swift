/// A message's `text` as tdesktop writes it (SerializeText): a string when it is all plain, or an
/// array of plain strings and `{type, text, href|user_id|language|document_id}` parts. The parts
/// joined are the plain text; every non-plain part becomes an entity over its span.
enum ExportText {
    static let entityTypes: Set<String> = [
        "mention", "hashtag", "bot_command", "link", "email", "bold", "italic", "code", "pre", "text_link",
        "mention_name", "phone", "cashtag", "underline", "strikethrough", "blockquote", "bank_card", "spoiler",
        "custom_emoji", "unknown", "plain",
    ]
    /// The key holding each part type's extra value.
    static let extraKeys = ["text_link": "href", "mention_name": "user_id", "pre": "language", "custom_emoji": "document_id",
                            "blockquote": "collapsed"]

    static func decode(_ value: JSONValue, fields: ExportFields, key: String,
                       unknown: inout [String: Int]) throws -> (text: String, entities: [ExportTextEntity]) {
        switch value {
        case .string(let s): return (s, [])
        case .array(let parts):
            var text = ""
            var utf16 = 0
            var entities: [ExportTextEntity] = []
            for part in parts {
                switch part {
                case .string(let s):
                    text += s
                    utf16 += s.utf16.count
                case .object(let object):
                    let partFields = ExportFields(object: object, what: fields.what + ", a part of '\(key)'")
                    guard let type = try partFields.string("type") else { throw partFields.fail("'type' is missing") }
                    let s = try partFields.string("text") ?? ""
                    if !entityTypes.contains(type) { unknown["entity." + type, default: 0] += 1 }
                    let length = s.utf16.count
                    if type != "plain" && length > 0 {
                        var extra: String?
                        if let extraKey = extraKeys[type] {
                            switch object[extraKey] {
                            case .string(let v)?: extra = v
                            case .integer(let v)?: extra = String(v)
                            case .bool(let v)?: extra = v ? "collapsed" : nil
                            case nil, .null?: extra = nil
                            case let other?: throw partFields.fail("'\(extraKey)' should be a string or a number, not \(other.typeName)")
                            }
                        }
                        entities.append(ExportTextEntity(type: type, offset: utf16, length: length, value: extra))
                    }
                    text += s
                    utf16 += length
                default:
                    throw fields.fail("a part of '\(key)' should be a string or an object, not \(part.typeName)")
                }
            }
            return (text, entities)
        default:
            throw fields.fail("'\(key)' should be a string or an array, not \(value.typeName)")
        }
    }
}

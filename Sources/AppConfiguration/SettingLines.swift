/// Where each setting is written in the file, for problems found after parsing. TOMLKit gives a
/// syntax error's line but no line for a parsed value (toml++'s `source()` is not exposed by its
/// C layer), so this finds a key's line from the text the parser already accepted: the table
/// headers (`[keys.list]`) and each `key =` under them, dotted keys included.
struct SettingLines {
    private var lineOfPath: [[String]: Int] = [:]

    init(_ text: String) {
        var table: [String] = []
        var number = 0
        for rawLine in text.split(separator: "\n", omittingEmptySubsequences: false) {
            number += 1
            let line = rawLine.trimming(" \t\r")
            if line.hasPrefix("[") {
                let inner = line.drop { $0 == "[" }.prefix { $0 != "]" }
                table = Self.components(inner)
                if lineOfPath[table] == nil { lineOfPath[table] = number }
            } else if !line.hasPrefix("#"), let equals = line.firstIndex(of: "=") {
                let path = table + Self.components(line[..<equals])
                if lineOfPath[path] == nil { lineOfPath[path] = number }
            }
        }
    }

    /// The line of `key` in `table`, else of the table's header, else nil.
    func line(of key: String, in table: [String]) -> Int? {
        lineOfPath[table + [key]] ?? lineOfPath[table]
    }

    /// `keys . "list"` as ["keys", "list"].
    static func components(_ text: Substring) -> [String] {
        text.split(separator: ".").map { part in
            String(part.trimming(" \t").trimming("\"'"))
        }
    }
}

extension StringProtocol {
    /// Without the characters of `set` at either end.
    func trimming(_ set: String) -> Substring {
        let characters = Set(set)
        let text = Substring(self)
        guard let first = text.firstIndex(where: { !characters.contains($0) }),
              let last = text.lastIndex(where: { !characters.contains($0) }) else { return text[text.endIndex...] }
        return text[first ... last]
    }
}

/// `mimeapps.list` (the MIME Applications Associations Specification): groups of
/// `type=id;id;` lines. Making an entry a type's default puts its id first under
/// `[Default Applications]` and in `[Added Associations]`; every other line stays as it was.
public struct MimeAppsList: Sendable, Equatable {
    public private(set) var lines: [String]

    public init(text: String) {
        lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if lines.last == "" { lines.removeLast() }
    }

    public var text: String { lines.joined(separator: "\n") + "\n" }

    /// The ids listed for `type` in `group`, in order.
    public func ids(for type: String, in group: String) -> [String] {
        guard let (_, line) = find(type, in: group) else { return [] }
        return Self.value(of: line).split(separator: ";").map(String.init).filter { !$0.isEmpty }
    }

    /// `id` first for `type`, as the default and as an added association.
    public mutating func makeDefault(_ id: String, for type: String) {
        for group in ["Default Applications", "Added Associations"] {
            let others = ids(for: type, in: group).filter { $0 != id }
            set(type, to: ([id] + others).map { $0 + ";" }.joined(), in: group)
        }
    }

    private mutating func set(_ key: String, to value: String, in group: String) {
        let line = key + "=" + value
        if let (index, _) = find(key, in: group) {
            lines[index] = line
            return
        }
        if let header = lines.firstIndex(where: { Self.groupName($0) == group }) {
            var end = header + 1
            while end < lines.count, Self.groupName(lines[end]) == nil { end += 1 }
            // After the group's last line that is not blank.
            while end > header + 1, lines[end - 1].allSatisfy({ $0 == " " || $0 == "\t" }) { end -= 1 }
            lines.insert(line, at: end)
        } else {
            if let last = lines.last, !last.isEmpty { lines.append("") }
            lines += ["[\(group)]", line]
        }
    }

    private func find(_ key: String, in group: String) -> (Int, String)? {
        var current: String?
        for (index, line) in lines.enumerated() {
            if let name = Self.groupName(line) { current = name; continue }
            guard current == group, let equals = line.firstIndex(of: "=") else { continue }
            if line[..<equals].trimmingSpaces() == key { return (index, line) }
        }
        return nil
    }

    static func groupName(_ line: String) -> String? {
        let trimmed = line.trimmingSpaces()
        guard trimmed.hasPrefix("["), trimmed.hasSuffix("]") else { return nil }
        return String(trimmed.dropFirst().dropLast())
    }

    static func value(of line: String) -> String {
        guard let equals = line.firstIndex(of: "=") else { return "" }
        return line[line.index(after: equals)...].trimmingSpaces()
    }
}

extension StringProtocol {
    fileprivate func trimmingSpaces() -> String {
        String(drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
    }
}

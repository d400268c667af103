/// Tab in the path entry, as a shell completes: the typed path split at its last `/` into the
/// directory and the start of a name; the names there that begin so (hidden ones only when the
/// start is a dot) completed to what they share, a lone directory with its `/`.
struct PathCompletion: Equatable {
    /// The directory part as typed (up to and with its last `/`; empty: the working directory).
    let directory: String
    /// What was typed of the name.
    let prefix: String

    init(_ typed: String) {
        if let slash = typed.lastIndex(of: "/") {
            directory = String(typed[...slash])
            prefix = String(typed[typed.index(after: slash)...])
        } else {
            directory = ""
            prefix = typed
        }
    }

    /// The entries that match, directories first, then by name.
    func matches(_ entries: [DirectoryEntry]) -> [DirectoryEntry] {
        let showsHidden = prefix.hasPrefix(".")
        return entries.filter { $0.name.hasPrefix(prefix) && (showsHidden || !$0.name.hasPrefix(".")) }
            .sorted { ($0.isDirectory ? 0 : 1, $0.name) < ($1.isDirectory ? 0 : 1, $1.name) }
    }

    /// The completed path, or nil when Tab adds nothing (no match, or several sharing no more).
    func completed(_ entries: [DirectoryEntry]) -> String? {
        let found = matches(entries)
        guard let first = found.first else { return nil }
        if found.count == 1 { return directory + first.name + (first.isDirectory ? "/" : "") }
        var shared = first.name
        for entry in found.dropFirst() {
            shared = String(zip(shared, entry.name).prefix { $0 == $1 }.map(\.0))
        }
        return shared.count > prefix.count ? directory + shared : nil
    }
}

import Container
#if canImport(Glibc)
import Glibc
#endif

/// The XDG base and user directories this app writes to on the desktop: where a desktop entry and
/// its icon go (`$XDG_DATA_HOME`), where the handler is registered (`$XDG_CONFIG_HOME`), and where
/// a saved attachment lands (`$XDG_DOWNLOAD_DIR`, else user-dirs.dirs' entry, else ~/Downloads).
/// A relative value is ignored, as the Base Directory Specification says.
public struct XDGDirectories: Sendable {
    public let environment: [String: String]

    public init(environment: [String: String]) { self.environment = environment }

    /// The directories for this process's environment.
    public static func current() -> XDGDirectories {
        var environment: [String: String] = [:]
        for name in ["HOME", "XDG_DATA_HOME", "XDG_CONFIG_HOME", "XDG_DOWNLOAD_DIR"] {
            if let value = getenv(name) { environment[name] = String(cString: value) }
        }
        return XDGDirectories(environment: environment)
    }

    public struct Unknown: Error, CustomStringConvertible {
        public let description: String
    }

    var home: String? { absolute(environment["HOME"]) }

    public func dataHome() throws -> String {
        if let path = absolute(environment["XDG_DATA_HOME"]) { return path }
        guard let home else { throw Unknown(description: "neither XDG_DATA_HOME nor HOME is set to an absolute path") }
        return home + "/.local/share"
    }

    public func configHome() throws -> String {
        if let path = absolute(environment["XDG_CONFIG_HOME"]) { return path }
        guard let home else { throw Unknown(description: "neither XDG_CONFIG_HOME nor HOME is set to an absolute path") }
        return home + "/.config"
    }

    /// Where downloads go: `$XDG_DOWNLOAD_DIR`, else the `XDG_DOWNLOAD_DIR` line of
    /// `$XDG_CONFIG_HOME/user-dirs.dirs` (xdg-user-dirs' file), else `~/Downloads`.
    public func downloads() throws -> String {
        if let path = expand(environment["XDG_DOWNLOAD_DIR"]) { return path }
        if let config = try? configHome(),
           let bytes = try? FileSystem.readFileIfExists(config + "/user-dirs.dirs", limit: 1 << 16),
           let path = expand(Self.userDirsEntry("XDG_DOWNLOAD_DIR", in: String(decoding: bytes, as: UTF8.self))) {
            return path
        }
        guard let home else { throw Unknown(description: "neither XDG_DOWNLOAD_DIR nor HOME is set to an absolute path") }
        return home + "/Downloads"
    }

    /// The value of `name` in user-dirs.dirs (`XDG_DOWNLOAD_DIR="$HOME/Downloads"`), quotes gone.
    static func userDirsEntry(_ name: String, in text: String) -> String? {
        for line in text.split(whereSeparator: \.isNewline) {
            let trimmed = line.drop { $0 == " " || $0 == "\t" }
            guard !trimmed.hasPrefix("#"), let equals = trimmed.firstIndex(of: "="),
                  trimmed[..<equals].trimmingCharacters(in: " \t") == name else { continue }
            var value = Substring(trimmed[trimmed.index(after: equals)...].trimmingCharacters(in: " \t"))
            if value.count >= 2, value.hasPrefix("\""), value.hasSuffix("\"") { value = value.dropFirst().dropLast() }
            return String(value)
        }
        return nil
    }

    /// `$HOME/x` (the only variable user-dirs.dirs may use) made absolute; a relative path: nil.
    func expand(_ value: String?) -> String? {
        guard let value, !value.isEmpty else { return nil }
        if value == "$HOME" { return home }
        if value.hasPrefix("$HOME/") { return home.map { $0 + value.dropFirst(5) } }
        return absolute(value)
    }

    func absolute(_ value: String?) -> String? {
        guard let value, value.hasPrefix("/") else { return nil }
        var path = value
        while path.count > 1, path.hasSuffix("/") { path.removeLast() }
        return path
    }
}

extension StringProtocol {
    fileprivate func trimmingCharacters(in set: String) -> String {
        let characters = Array(self)
        var start = 0, end = characters.count
        while start < end, set.contains(characters[start]) { start += 1 }
        while end > start, set.contains(characters[end - 1]) { end -= 1 }
        return String(characters[start..<end])
    }
}

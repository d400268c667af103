/// `containerURL(forSecurityApplicationGroupIdentifier:)` for Linux. Precedence: the
/// `--container` flag, then `APP_GROUP_CONTAINER`, then `$XDG_DATA_HOME/AppGroups/<group>`
/// (`~/.local/share/AppGroups/<group>` when XDG_DATA_HOME is unset).
public enum ContainerLocator {
    public struct Unavailable: Error, CustomStringConvertible {
        public let reason: String
        public var description: String { "no app group container: \(reason)" }
    }

    public static func containerPath(group: String, flag: String?, environment: [String: String]) throws -> String {
        if let flag, !flag.isEmpty { return normalize(flag) }
        if let env = environment["APP_GROUP_CONTAINER"], !env.isEmpty { return normalize(env) }
        if let xdg = environment["XDG_DATA_HOME"], xdg.hasPrefix("/") {
            return normalize(xdg) + "/AppGroups/" + group
        }
        guard let home = environment["HOME"], home.hasPrefix("/") else {
            throw Unavailable(reason: "neither --container, APP_GROUP_CONTAINER, XDG_DATA_HOME nor HOME is set")
        }
        return normalize(home) + "/.local/share/AppGroups/" + group
    }

    /// Absolute, without a trailing slash; relative paths are taken from the working directory.
    static func normalize(_ path: String) -> String {
        var p = path
        if !p.hasPrefix("/") {
            var buffer = [CChar](repeating: 0, count: 4096)
            if let cwd = getcwd(&buffer, buffer.count) {
                p = String(cString: cwd) + "/" + p
            }
        }
        while p.count > 1 && p.hasSuffix("/") { p.removeLast() }
        return p
    }
}

#if canImport(Glibc)
import Glibc
#endif

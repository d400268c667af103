/// `containerURL(forSecurityApplicationGroupIdentifier:)` for Linux. Precedence: the
/// `--container` flag, then `APP_GROUP_CONTAINER`, then `$XDG_DATA_HOME/AppGroups/<group>`
/// (`~/.local/share/AppGroups/<group>` when XDG_DATA_HOME is unset).
public enum ContainerLocator {
    public struct Unavailable: Error, CustomStringConvertible {
        public let reason: String
        public var description: String { "no app group container: \(reason)" }
    }

    /// Where the container is, and whether a person named it (`--container`, APP_GROUP_CONTAINER)
    /// rather than the group's default place, where the system looks.
    public struct Location: Sendable, Equatable {
        public let path: String
        public let isExplicit: Bool
    }

    public static func containerPath(group: String, flag: String?, environment: [String: String]) throws -> String {
        try location(group: group, flag: flag, environment: environment).path
    }

    public static func location(group: String, flag: String?, environment: [String: String]) throws -> Location {
        if let flag, !flag.isEmpty { return Location(path: normalize(flag), isExplicit: true) }
        if let env = environment["APP_GROUP_CONTAINER"], !env.isEmpty { return Location(path: normalize(env), isExplicit: true) }
        if let xdg = environment["XDG_DATA_HOME"], xdg.hasPrefix("/") {
            return Location(path: normalize(xdg) + "/AppGroups/" + group, isExplicit: false)
        }
        guard let home = environment["HOME"], home.hasPrefix("/") else {
            throw Unavailable(reason: "neither --container, APP_GROUP_CONTAINER, XDG_DATA_HOME nor HOME is set")
        }
        return Location(path: normalize(home) + "/.local/share/AppGroups/" + group, isExplicit: false)
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

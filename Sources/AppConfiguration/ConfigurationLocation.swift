/// Where the person's configuration file is: `$XDG_CONFIG_HOME/<base bundle id>/config.toml`,
/// `~/.config/<base bundle id>/config.toml` when XDG_CONFIG_HOME is unset or not absolute (the
/// XDG base directory rule). The folder is named for the app's base bundle id
/// (`ph.telegra.Telegraph`), as the container is named for its app group
/// (`AppGroups/group.ph.telegra.Telegraph`): one name for the app wherever it keeps things.
public enum ConfigurationLocation {
    public static let fileName = "config.toml"

    /// nil when neither variable gives an absolute folder.
    public static func path(baseBundleId: String, environment: [String: String]) -> String? {
        if let xdg = environment["XDG_CONFIG_HOME"], xdg.hasPrefix("/") {
            return trimmed(xdg) + "/" + baseBundleId + "/" + fileName
        }
        guard let home = environment["HOME"], home.hasPrefix("/") else { return nil }
        return trimmed(home) + "/.config/" + baseBundleId + "/" + fileName
    }

    private static func trimmed(_ path: String) -> String {
        var path = path
        while path.count > 1 && path.hasSuffix("/") { path.removeLast() }
        return path
    }
}

import Container
#if canImport(Glibc)
import Glibc
#endif

/// What `main install-desktop` did: the entry and icon written under `$XDG_DATA_HOME`, main made
/// the `tg:` handler in `$XDG_CONFIG_HOME/mimeapps.list`, and the applications' cache refreshed
/// when update-desktop-database is installed. Running it again writes the same files.
public struct DesktopInstallReport: Codable, Equatable, Sendable {
    public var entry: String
    public var icon: String
    public var mimeApps: String
    public var executable: String
    public var handles: [String]
    /// Whether update-desktop-database ran (false: not installed, or it failed).
    public var databaseUpdated: Bool
}

public enum DesktopInstall {
    /// Installs the entry for `executable` (absolute) into the directories of `xdg`.
    public static func install(executable: String, xdg: XDGDirectories) throws -> DesktopInstallReport {
        guard executable.hasPrefix("/") else {
            throw XDGDirectories.Unknown(description: "the entry needs main's absolute path, not \(executable)")
        }
        let dataHome = try xdg.dataHome(), configHome = try xdg.configHome()
        let applications = dataHome + "/applications"
        let entryPath = applications + "/" + DesktopEntry.fileName
        let iconPath = dataHome + "/icons/hicolor/scalable/apps/" + DesktopEntry.id + ".svg"
        let mimeAppsPath = configHome + "/mimeapps.list"
        try writeShared(DesktopEntry(executable: executable).text, to: entryPath)
        try writeShared(DesktopEntry.iconSVG, to: iconPath)
        let existing = try FileSystem.readFileIfExists(mimeAppsPath, limit: 1 << 20).map { String(decoding: $0, as: UTF8.self) } ?? ""
        var list = MimeAppsList(text: existing)
        for type in DesktopEntry.mimeTypes { list.makeDefault(DesktopEntry.fileName, for: type) }
        if list.text != existing || existing.isEmpty { try writeShared(list.text, to: mimeAppsPath) }
        let updated = run(["update-desktop-database", "-q", applications])
        return DesktopInstallReport(entry: entryPath, icon: iconPath, mimeApps: mimeAppsPath, executable: executable,
                                    handles: DesktopEntry.mimeTypes, databaseUpdated: updated)
    }

    /// Written atomically, readable by the desktop (0644), folders made as needed (0755: they are
    /// the person's shared folders, not the container's).
    static func writeShared(_ text: String, to path: String) throws {
        try AttachmentFiles.createFolder(FileSystem.parentPath(path))
        try AtomicFile.write(Array(text.utf8), to: path, mode: 0o644)
    }

    /// Runs a tool found on PATH, waiting for it; false when it is missing or fails.
    static func run(_ arguments: [String]) -> Bool {
        var actions = Opener.nullStreams()
        defer { posix_spawn_file_actions_destroy(&actions) }
        var argv = arguments.map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        var pid: pid_t = 0
        guard posix_spawnp(&pid, arguments[0], &actions, nil, &argv, environ) == 0 else { return false }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 {
            guard errno == EINTR else { return false }
        }
        return status == 0
    }
}

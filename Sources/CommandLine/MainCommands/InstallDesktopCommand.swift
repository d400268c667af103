import AppCore
import ArgumentParser
import CommandLineSupport
import DesktopIntegration
import Formats
#if canImport(Glibc)
import Glibc
#endif

/// `main install-desktop`: main's desktop entry, its icon and the `tg:` handler, for this user.
struct InstallDesktopCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "install-desktop",
        abstract: "Install main's desktop entry and icon, and make main the handler of tg:// links.",
        discussion: """
        Writes $XDG_DATA_HOME/applications/ph.telegra.Telegraph.desktop (default ~/.local/share): \
        Terminal=true, running this main as `open %u`, MimeType x-scheme-handler/tg; its icon under \
        $XDG_DATA_HOME/icons/hicolor/scalable/apps; makes it the default tg handler in \
        $XDG_CONFIG_HOME/mimeapps.list (default ~/.config), keeping the file's other lines; runs \
        update-desktop-database where it is installed. Then `xdg-open tg://resolve?domain=NAME` \
        opens the chat. Running it again writes the same files.
        """)

    @Flag(help: "Print JSON.") var json = false

    func run() throws {
        let report = try DesktopInstall.install(executable: try Self.executablePath(), xdg: .current())
        if json { return printJSON(try JSONFile.text(report)) }
        printLines([
            "desktop entry: \(report.entry)",
            "icon: \(report.icon)",
            "tg:// handler: \(report.mimeApps)",
            report.databaseUpdated ? "update-desktop-database: done" : "update-desktop-database: not run (not installed, or it failed)",
        ])
    }

    /// This main's absolute path, as the kernel has it.
    static func executablePath() throws -> String {
        var buffer = [CChar](repeating: 0, count: 4096)
        let count = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        guard count > 0 else { throw ValidationError("cannot find main's own path (/proc/self/exe)") }
        return String(decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}

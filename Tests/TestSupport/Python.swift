import Foundation

/// python3, which the export generator and a few tests' helpers run under.
public enum Python {
    public static let path: String = {
        if FileManager.default.isExecutableFile(atPath: "/usr/bin/python3") { return "/usr/bin/python3" }
        for dir in (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":")
        where FileManager.default.isExecutableFile(atPath: "\(dir)/python3") {
            return "\(dir)/python3"
        }
        return "python3"
    }()
}

/// The package's own folders, from this file's place in it, and the venv Scripts/setup makes
/// (.build-python: Telethon 1.40.0, cryptography) that the network tests' Python runs under.
public enum PackagePaths {
    public static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path
    public static let venvPython = root + "/.build-python/bin/python3"
    public static let testServer = root + "/Tools/mtproto-server"
    public static let pushRelay = root + "/Tools/push-relay/relay.py"

    /// The venv's python, or a failure that says how to make it.
    public static func requireVenvPython() throws -> String {
        guard FileManager.default.isExecutableFile(atPath: venvPython) else {
            throw HarnessError("\(venvPython) is missing: run Scripts/setup (it makes the venv with Telethon and cryptography)")
        }
        return venvPython
    }
}

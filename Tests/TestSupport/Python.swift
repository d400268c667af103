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

/// Telegram's `performAppGroupUpgrades`, made versioned. The layout carries a version in
/// `telegram-data/.layout-version`; main runs each missing step at launch, in order, under the
/// writer lock. Extensions never upgrade: they report a layout that is newer than they know.
public enum AppGroupUpgrade {
    public static let currentVersion = 1

    public struct TooNew: Error, CustomStringConvertible {
        public let found: Int
        public init(found: Int) { self.found = found }
        public var description: String {
            "container layout version \(found) is newer than this build supports (\(currentVersion)); refusing to touch it"
        }
    }

    /// 0 for a container that predates versioning (or is empty).
    public static func version(of layout: ContainerLayout) -> Int {
        guard let bytes = try? FileSystem.readFile(layout.layoutVersionPath, limit: 32) else { return 0 }
        return Int(String(decoding: bytes, as: UTF8.self).trimmingWhitespace()) ?? 0
    }

    /// Runs the steps from the container's version to `currentVersion`. Returns the steps run.
    @discardableResult
    public static func perform(_ layout: ContainerLayout) throws -> [String] {
        try FileSystem.createDirectory(layout.containerPath)
        try FileSystem.createDirectory(layout.rootPath)
        let found = version(of: layout)
        if found > currentVersion { throw TooNew(found: found) }
        var done: [String] = []
        if found < 1 {
            try moveLegacyTopLevelEntries(layout)
            done.append("1: moved legacy top-level data into telegram-data")
        }
        if found != currentVersion {
            try AtomicFile.write("\(currentVersion)\n", to: layout.layoutVersionPath)
        }
        return done
    }

    /// Step 1. Older Telegram builds kept `accounts-metadata`, `account-*` and `*logs` at the top of
    /// the group container; the current layout has them under telegram-data. Telegram's newest
    /// version deletes every other top-level directory; we move what we recognise and delete nothing,
    /// because a deletion at launch is data loss the user never asked for.
    static func moveLegacyTopLevelEntries(_ layout: ContainerLayout) throws {
        for name in FileSystem.listDirectory(layout.containerPath) {
            let recognised = name == "accounts-metadata" || name.hasPrefix("account-") || name.hasSuffix("-logs")
            guard recognised, FileSystem.isDirectory(layout.containerPath + "/" + name) else { continue }
            let target = name.hasSuffix("-logs") ? layout.logsPath(name) : layout.rootPath + "/" + name
            if FileSystem.exists(target) { continue }
            try FileSystem.createDirectory(FileSystem.parentPath(target))
            try FileSystem.rename(layout.containerPath + "/" + name, target)
        }
    }
}

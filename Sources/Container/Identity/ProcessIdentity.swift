/// Who a process is, as iOS knows an app or extension by its bundle: the bundle id suffix, the
/// TempBox process type and the log directory. Telegram's names where Telegram has them.
public struct ProcessIdentity: Sendable, Equatable {
    /// The executable's name ("share").
    public let executable: String
    /// The last bundle id component ("Share"); nil for the main app, whose bundle id is the base id.
    public let bundleSuffix: String?
    /// TempBox process type: temp/<processType>/temp-<hex>/.
    public let processType: String
    /// Directory under telegram-data/logs/.
    public let logsDirectory: String

    public init(executable: String, bundleSuffix: String?, processType: String, logsDirectory: String) {
        self.executable = executable
        self.bundleSuffix = bundleSuffix
        self.processType = processType
        self.logsDirectory = logsDirectory
    }

    public static let main = ProcessIdentity(executable: "main", bundleSuffix: nil, processType: "app", logsDirectory: "app-logs")
    public static let share = ProcessIdentity(executable: "share", bundleSuffix: "Share", processType: "share", logsDirectory: "share-logs")
    public static let notifyService = ProcessIdentity(executable: "notify-service", bundleSuffix: "NotificationService", processType: "notification", logsDirectory: "notification-logs")
    public static let widget = ProcessIdentity(executable: "widget", bundleSuffix: "Widget", processType: "widget", logsDirectory: "widget-logs")
    public static let intents = ProcessIdentity(executable: "intents", bundleSuffix: "SiriIntents", processType: "siri", logsDirectory: "siri-logs")
    // Telegram's broadcast extension borrows the "share" TempBox type; its own type keeps the two
    // extensions from ever cleaning each other's launches.
    public static let broadcast = ProcessIdentity(executable: "broadcast", bundleSuffix: "BroadcastUpload", processType: "broadcast", logsDirectory: "broadcast-logs")

    public static let all: [ProcessIdentity] = [.main, .share, .notifyService, .widget, .intents, .broadcast]
}

/// Bundle id arithmetic exactly as Telegram's extensions do it: drop the last dot component to get
/// the base app bundle id; the app group is "group.<base>".
public enum BundleIdentifier {
    public static func bundleId(for identity: ProcessIdentity, baseBundleId: String) -> String {
        if let suffix = identity.bundleSuffix { return baseBundleId + "." + suffix }
        return baseBundleId
    }

    /// nil when the id has no dot to drop.
    public static func baseBundleId(ofExtension bundleId: String) -> String? {
        guard let dot = bundleId.lastIndex(of: "."), dot != bundleId.startIndex else { return nil }
        return String(bundleId[..<dot])
    }

    public static func appGroup(baseBundleId: String) -> String {
        "group." + baseBundleId
    }
}

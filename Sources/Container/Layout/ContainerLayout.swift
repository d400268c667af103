/// Every path in the shared container, with Telegram's names (container-layout.md documents
/// who writes and who reads each one). Pure path arithmetic: nothing here touches the disk.
public struct ContainerLayout: Sendable, Equatable {
    public let containerPath: String
    /// `<container>/telegram-data`, Telegram's `rootPathForBasePath`.
    public let rootPath: String

    public init(containerPath: String) {
        self.containerPath = containerPath
        self.rootPath = containerPath + "/telegram-data"
    }

    public var deviceKeyPath: String { rootPath + "/.tempkey" }
    public var layoutVersionPath: String { rootPath + "/.layout-version" }
    /// Held (flock) by the one `main` that may write the databases.
    public var writerLockPath: String { rootPath + "/.main-writer.lock" }

    public var accountsMetadataPath: String { rootPath + "/accounts-metadata" }
    public var atomicStatePath: String { accountsMetadataPath + "/atomic-state" }
    public var sharedDataDatabasePath: String { accountsMetadataPath + "/db/db_sqlite" }
    public var accountsMediaPath: String { accountsMetadataPath + "/media" }

    /// `account-<UInt64(bitPattern: id) decimal>`, Telegram's `accountRecordIdPathName`.
    public func accountPath(_ id: Int64) -> String { rootPath + "/account-\(UInt64(bitPattern: id))" }
    public func postboxPath(_ id: Int64) -> String { accountPath(id) + "/postbox" }
    public func postboxDatabasePath(_ id: Int64) -> String { postboxPath(id) + "/db/db_sqlite" }
    public func mediaBoxPath(_ id: Int64) -> String { postboxPath(id) + "/media" }

    public var logsPath: String { rootPath + "/logs" }
    public func logsPath(_ directory: String) -> String { logsPath + "/" + directory }
    public var tempPath: String { rootPath + "/temp" }

    public var lockStatePath: String { rootPath + "/lockState.json" }
    public var widgetDataPath: String { rootPath + "/widget-data" }
    public var widgetPresentationDataPath: String { rootPath + "/widgetPresentationData.json" }
    /// The widget's own settings (the chats chosen with `widget configure --select`).
    public var widgetConfigurationPath: String { rootPath + "/widget/configuration.json" }
    public var notificationsPresentationDataPath: String { rootPath + "/notificationsPresentationData.json" }
    /// notify-service's desktop notifications: the per-chat ids shown (`ids.bin`, its lock
    /// `ids.lock`, its spare `ids.spare`), the action listener's lock (`listener.lock`), and main's recorded settings
    /// (`settings.json`, from the configuration file's [notifications]).
    public var desktopNotificationsPath: String { rootPath + "/desktop-notifications" }
    public var broadcastCoordinationPath: String { rootPath + "/broadcast-coordination" }
    public var embeddedBroadcastCoordinationPath: String { rootPath + "/embedded-broadcast-coordination" }
    public var broadcastCoordinationTypePath: String { rootPath + "/broadcast-coordination-type" }
    /// The project's own spool: request files from extensions to main.
    public var requestsPath: String { rootPath + "/requests" }
}

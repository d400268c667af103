import Bootstrap
import Container
import Logging

/// Phase 4: the bindings for a command-line main. Foreground means "a command or `main run` is
/// executing", which is what the process can honestly know about itself.
enum ApplicationBindingsPhase {
    static func run(storage: StorageContext, logger: Logger) -> ApplicationBindings {
        let logger = logger
        return ApplicationBindings(
            isMainApp: true,
            appBundleId: storage.container.bundleId,
            containerPath: storage.layout.containerPath,
            appSpecificScheme: storage.container.configuration.appSpecificUrlScheme,
            openUrl: { url in logger.info("openUrl", metadata: ["scheme": "\(url.prefix { $0 != ":" })"]) },
            applicationInForeground: { true },
            applicationIsActive: { true },
            clearMessageNotifications: { ids in logger.info("clear notifications", metadata: ["count": "\(ids.count)"]) },
            registerForNotifications: { logger.info("register for notifications") },
            pushIdleTimerExtension: {})
    }
}

import Bootstrap
import Container
import Logging
import Storage

/// main's launch: a sequence of named phases, each its own unit, each timed and logged —
/// the seed's didFinishLaunching without the 3,300-line AppDelegate.
public final class LaunchedApp {
    public let storage: StorageContext
    public let shared: SharedAccountContext
    public let context: ApplicationContext
    public let phases: [StepTiming]
    public let totalMilliseconds: Double
    public let configurationSource: String?
    /// The request channel's main side (writer launches only).
    public let requests: RequestProcessor?

    init(storage: StorageContext, shared: SharedAccountContext, context: ApplicationContext, requests: RequestProcessor?,
         phases: [StepTiming], totalMilliseconds: Double, configurationSource: String?) {
        self.storage = storage
        self.shared = shared
        self.context = context
        self.requests = requests
        self.phases = phases
        self.totalMilliseconds = totalMilliseconds
        self.configurationSource = configurationSource
    }

    public var logger: Logger { shared.logger }
    public var layout: ContainerLayout { storage.layout }

    public var account: AccountContext? {
        if case .authorized(let authorized) = context { return authorized.context }
        return nil
    }

    /// Clean exit: this launch's temp directory goes; the writer lock is released.
    public func finish() {
        storage.tempBox.dispose()
        storage.writerLock?.unlock()
    }
}

public enum AppLauncher {
    public static func launch(_ options: LaunchOptions) throws -> LaunchedApp {
        let timer = StepTimer()
        let (configuration, source) = try timer.step("buildConfiguration") {
            try BuildConfigurationPhase.run(environment: options.environment)
        }
        let storage = try timer.step("storage") { try StoragePhase.run(configuration: configuration, options: options) }
        let logger = try timer.step("logging") { try LoggingPhase.run(layout: storage.layout) }
        let bindings = timer.step("applicationBindings") { ApplicationBindingsPhase.run(storage: storage, logger: logger) }
        let accountManager = try timer.step("accountManager") { try AccountManagerPhase.run(storage: storage, mode: options.mode) }
        let presentation = try timer.step("presentationData") {
            try PresentationDataPhase.run(accountManager: accountManager, layout: storage.layout, mode: options.mode)
        }
        let lockRepair = try timer.step("appLock") {
            try AppLockPhase.run(accountManager: accountManager, layout: storage.layout,
                                 autolockTimeout: presentation.interfaceSettings.autolockTimeout, mode: options.mode)
        }
        let shared = timer.step("sharedAccountContext") {
            SharedAccountContext(storage: storage, accountManager: accountManager, bindings: bindings,
                                 presentationData: presentation, logger: logger, mode: options.mode)
        }
        let account = try timer.step("accountLoading") { try AccountLoadingPhase.run(shared: shared) }
        let context = try timer.step("rootInterface") { try RootInterfacePhase.run(shared: shared, account: account) }
        let requests = try timer.step("requestQueue") { try RequestQueuePhase.run(shared: shared, account: account) }
        for phase in timer.steps {
            logger.info("launch phase", metadata: ["phase": "\(phase.name)", "ms": "\(formatMilliseconds(phase.milliseconds))"])
        }
        for step in storage.upgradeSteps { logger.info("app group upgrade", metadata: ["step": "\(step)"]) }
        for step in presentation.migrated { logger.info("settings migration", metadata: ["step": "\(step)"]) }
        if let lockRepair { logger.warning("app lock", metadata: ["repair": "\(lockRepair)"]) }
        logger.info("launched", metadata: ["state": "\(context.stateName)", "mode": "\(options.mode)"])
        return LaunchedApp(storage: storage, shared: shared, context: context, requests: requests, phases: timer.steps,
                           totalMilliseconds: timer.totalMilliseconds, configurationSource: source)
    }
}

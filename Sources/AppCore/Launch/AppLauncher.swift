import Bootstrap
import Container
import Logging
import RequestChannel
import ScreencastCall
import TelegramCore

/// main's launch: a sequence of named phases, each its own unit, each timed and logged —
/// Telegram's launch without the 3,300-line AppDelegate. The phases fall into the AppDelegate's two
/// stages: *will finish launching* (configuration, storage, settings, contexts, the root chosen)
/// and *did finish launching* (the request queue, and in `main run` the refreshers and observers).
public final class LaunchedApp {
    public let storage: StorageContext
    public let shared: SharedAccountContext
    /// Authorized or not: rebuilt in the running app when the current account changes (a login
    /// on the login screen, a logout, a switch), without a restart.
    public private(set) var context: ApplicationContext
    /// Each phase, in order, with its time; `main run` adds the interface's own.
    public private(set) var phases: [StepTiming]
    /// The two stages, each the sum of its phases.
    public private(set) var stages: [LaunchStage]
    public private(set) var totalMilliseconds: Double
    public let configurationSource: String?
    /// The local push relay TELEGRAM_PUSH_RELAY names: the device token the account's server
    /// pushes to, as iOS hands Telegram its APNs token at launch (nil: none here).
    public let pushRelay: PushRelay?
    /// The request channel's main side (writer launches only), set by did-finish-launching.
    public private(set) var requests: RequestProcessor?
    /// What the requests change: the account stores, and main's own operations once the app runs.
    private(set) var requestHandler: AccountRequestHandler?
    /// The group call the app hosts (one at a time), from its start until it ends or the app
    /// stops. Touched only on the app's event thread.
    public internal(set) var call: GroupCall?
    /// The account the call was started in: its call list gets the call when it ends.
    var callAccountId: Int64?
    /// The chat the last `open` operation named, until the interface takes it. Touched only on
    /// the app's event thread.
    var linkToOpen: LinkToOpen?
    private let timer: StepTimer

    init(storage: StorageContext, shared: SharedAccountContext, context: ApplicationContext,
         timer: StepTimer, configurationSource: String?, pushRelay: PushRelay?) {
        self.storage = storage
        self.shared = shared
        self.context = context
        self.timer = timer
        phases = timer.steps
        stages = [LaunchStage(name: LaunchStage.willFinishLaunching, phases: timer.steps.map(\.name))]
        totalMilliseconds = timer.totalMilliseconds
        self.configurationSource = configurationSource
        self.pushRelay = pushRelay
    }

    /// Runs and times one more phase of a stage (the interface's window, its refreshers).
    public func phase<T>(_ name: String, stage: String, _ body: () throws -> T) rethrows -> T {
        defer {
            phases = timer.steps
            totalMilliseconds = timer.totalMilliseconds
            if let index = stages.firstIndex(where: { $0.name == stage }) {
                stages[index].phases.append(name)
            } else {
                stages.append(LaunchStage(name: stage, phases: [name]))
            }
            if let timing = phases.last { Self.log(timing, stage: stage, logger) }
        }
        return try timer.step(name, body)
    }

    /// One "launch phase" line of the app log, as every phase of both stages writes it.
    static func log(_ timing: StepTiming, stage: String, _ logger: Logger) {
        logger.info("launch phase", metadata: ["phase": "\(timing.name)", "stage": "\(stage)",
                                               "ms": "\(formatMilliseconds(timing.milliseconds))"])
    }

    /// A stage's time: the sum of its phases.
    public func milliseconds(ofStage name: String) -> Double {
        let names = Set(stages.first { $0.name == name }?.phases ?? [])
        return phases.filter { names.contains($0.name) }.reduce(0) { $0 + $1.milliseconds }
    }

    /// Did finish launching, its first phase: requests that extensions queued while main was not
    /// running are applied before the app does anything else (writer launches only).
    func didFinishLaunching() throws {
        let channel = try phase("requestQueue", stage: LaunchStage.didFinishLaunching) {
            try RequestQueuePhase.run(shared: shared, account: account)
        }
        requests = channel?.0
        requestHandler = channel?.1
    }

    /// Rebuilds the context when the current account is no longer the one the app has open (a
    /// login, a logout, a switch — from the interface or a handed-over operation). Returns whether
    /// it changed. The request channel follows, so requests for "the current account" go to it.
    @discardableResult
    public func reloadContextIfNeeded() throws -> Bool {
        let current = shared.accountManager.state.currentRecord?.id
        guard current != account?.record.id else { return false }
        let account = try AccountLoadingPhase.run(shared: shared)
        context = try RootInterfacePhase.run(shared: shared, account: account)
        requestHandler?.current = account
        logger.info("context changed", metadata: ["state": "\(context.stateName)", "account": "\(current.map(String.init) ?? "none")"])
        return true
    }

    public var logger: Logger { shared.logger }
    public var layout: ContainerLayout { storage.layout }

    public var account: Account? {
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
    /// Will finish launching: every phase up to the root chosen (login or tabs). The request
    /// queue waits for `didFinishLaunching`, so `main run` can put its window first.
    public static func willFinishLaunching(_ options: LaunchOptions) throws -> LaunchedApp {
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
        for phase in timer.steps { LaunchedApp.log(phase, stage: LaunchStage.willFinishLaunching, logger) }
        for step in storage.upgradeSteps { logger.info("app group upgrade", metadata: ["step": "\(step)"]) }
        for step in presentation.migrated { logger.info("settings migration", metadata: ["step": "\(step)"]) }
        if let lockRepair { logger.warning("app lock", metadata: ["repair": "\(lockRepair)"]) }
        let pushRelay: PushRelay?
        do {
            pushRelay = try PushRelay.from(environment: options.environment)
        } catch {
            logger.warning("no pushes", metadata: ["error": "\(error)"])
            pushRelay = nil
        }
        return LaunchedApp(storage: storage, shared: shared, context: context, timer: timer, configurationSource: source, pushRelay: pushRelay)
    }

    /// Both stages, as every command but `main run` launches: `main run` adds its window and root
    /// to the first stage, then its refreshers and observers to the second.
    public static func launch(_ options: LaunchOptions) throws -> LaunchedApp {
        let app = try willFinishLaunching(options)
        try app.didFinishLaunching()
        app.logger.info("launched", metadata: ["state": "\(app.context.stateName)", "mode": "\(options.mode)"])
        return app
    }
}

/// One of the two launch stages and the phases it ran.
public struct LaunchStage: Codable, Sendable, Equatable {
    public static let willFinishLaunching = "willFinishLaunching"
    public static let didFinishLaunching = "didFinishLaunching"

    public let name: String
    public var phases: [String]
}

extension LaunchedApp {
    /// Where the account's server sends this container's pushes, when a push relay is here.
    var pushTokenRegistration: PushTokenRegistration? {
        pushRelay.map { PushTokenRegistration(relay: $0, containerPath: storage.layout.containerPath) }
    }
}

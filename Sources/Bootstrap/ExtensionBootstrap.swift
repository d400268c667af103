import Container
import Cryptography
import Formats
import Logging
import Storage
import TelegramCore

/// The bootstrap every extension runs: group and container, device key,
/// TempBox and logger, AccountManager with the stub auxiliary methods, the current account's
/// Postbox opened read-only, one read transaction, and the network's initialization arguments
/// with what the account holds of it (no connection is made). Each step is timed.
public final class ExtensionBootstrap {
    /// Which account's Postbox the bootstrap opens: the current one (widget, share, intents), a
    /// named one, or none yet (notify-service picks the account from the push's key id first).
    public enum AccountChoice: Sendable {
        case current
        case id(Int64)
        case deferred
    }

    public let container: ResolvedContainer
    public let deviceKey: DeviceKey
    public let tempBox: TempBox
    public let logger: Logger
    public let accountManager: AccountManager
    public let auxiliaryMethods = AccountAuxiliaryMethods.extensionStub
    public let postbox: Postbox?
    public let counters: PostboxCounters
    /// The lock state read during the bootstrap; `lock` reads it again when it matters later.
    public let lockStatus: LockStatus
    public let lock: LockReader
    public let timer: StepTimer
    public let network: NetworkInitializationArguments
    /// nil without an account.
    public let networkState: AccountNetworkState?

    public var layout: ContainerLayout { container.layout }
    public var currentRecord: AccountRecord? { accountManager.state.currentRecord }
    /// The account whose Postbox was opened, if any.
    public private(set) var record: AccountRecord?

    public init(identity: ProcessIdentity, containerFlag: String?, environment: [String: String],
                account: AccountChoice = .current) throws {
        let timer = StepTimer()
        var build = BuildConfiguration.defaults
        self.timer = timer
        container = try timer.step("container") {
            let (configuration, _) = try BuildConfiguration.load(environment: environment)
            build = configuration
            let container = try ResolvedContainer.resolve(identity, containerFlag: containerFlag, environment: environment,
                                                          configuration: configuration)
            // An extension reads what main set up: it never makes a container of its own.
            try container.requireExisting()
            return container
        }
        let layout = container.layout
        deviceKey = try timer.step("deviceKey") {
            try FileSystem.createDirectory(layout.rootPath)
            return try DeviceKey.loadOrCreate(path: layout.deviceKeyPath, databasesExist: { AccountManager.databasesExist(layout) }).0
        }
        tempBox = try timer.step("tempBox") { try TempBox(rootPath: layout.rootPath, processType: identity.processType) }
        logger = try timer.step("logger") {
            let file = try RotatingLogFile(directory: layout.logsPath(identity.logsDirectory))
            FileLogHandler.bootstrap(file: file)
            return Logger(label: identity.executable)
        }
        let deviceKey = self.deviceKey
        accountManager = try timer.step("accountManager") {
            try AccountManager(layout: layout, deviceKey: deviceKey, readOnly: true)
        }
        let lock = accountManager.lockReader(layout)
        self.lock = lock
        lockStatus = timer.step("lockState") { lock.read() }
        let record: AccountRecord?
        switch account {
        case .current: record = accountManager.state.currentRecord
        case .deferred: record = nil
        case .id(let id):
            guard let named = accountManager.state.activeRecords.first(where: { $0.id == id }) else {
                throw UnknownAccount(id: id)
            }
            record = named
        }
        self.record = record
        let accountManager = self.accountManager
        postbox = try timer.step("postbox") {
            try record.map { try accountManager.openPostbox(accountId: $0.id, readOnly: true, useCaches: false) }
        }
        let postbox = self.postbox
        counters = try timer.step("readTransaction") {
            try postbox?.read { try $0.counters() } ?? PostboxCounters()
        }
        let network = NetworkInitializationArguments(build: build)
        self.network = network
        networkState = try timer.step("network") { try postbox.map { try AccountNetworkState.read(postbox: $0, arguments: network) } }
        logger.info("bootstrap done", metadata: ["ms": "\(Int(timer.totalMilliseconds))", "account": "\(record.map { String($0.id) } ?? "none")"])
    }

    /// Opens another account's Postbox read-only later in the run (timed as "postbox").
    public func openPostbox(_ record: AccountRecord) throws -> Postbox {
        try timer.step("postbox") { try accountManager.openPostbox(accountId: record.id, readOnly: true, useCaches: false) }
    }

    /// The engine over another account's Postbox, opened read-only (openPostbox).
    public func openEngine(_ record: AccountRecord) throws -> TelegramEngine {
        TelegramEngine(postbox: try openPostbox(record))
    }

    /// The engine over the account opened at launch, when there is one.
    public var engine: TelegramEngine? { postbox.map { TelegramEngine(postbox: $0) } }

    /// Ends the launch: this process's temp directory goes (a crash leaves it for the next launch).
    public func finish() {
        tempBox.dispose()
    }
}

public struct UnknownAccount: Error, CustomStringConvertible {
    public let id: Int64
    public init(id: Int64) { self.id = id }
    public var description: String { "no logged-in account with id \(id)" }
}

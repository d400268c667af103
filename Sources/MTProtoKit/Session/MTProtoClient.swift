import Container
import Logging
import TLSerialization

/// The client's sessions, one per datacenter, as MTProtoKit's MTContext holds them: requests go
/// to the main datacenter; a *_MIGRATE_X answer (the account, the phone number or the network
/// lives on X) moves the main datacenter to X, creating its key there, and the request goes
/// again, once. Each session's first request is wrapped in invokeWithLayer(initConnection(…)).
/// A request for the account on another datacenter (a file that lives there) first carries the
/// account's authorization to that datacenter's key (MTProtoClient+AuthorizationTransfer).
public final class MTProtoClient: @unchecked Sendable {
    /// The datacenters as configured, and as help.getConfig named them since (guarded by `lock`).
    public var configuration: DatacenterConfiguration {
        get { lock.withLock { known } }
    }
    var known: DatacenterConfiguration
    public let identity: ClientIdentity
    private let keyStore: AuthKeyStore
    private let options: MTProtoSession.Options
    private let transport: TransportKind
    private let logger: Logger
    let lock = ConditionLock()
    // Guarded by `lock`.
    private var sessions: [Int32: MTProtoSession] = [:]
    private var initialized: Set<Int32> = []
    private var main: Int32
    /// Datacenters besides the main one whose keys carry the account (this run).
    var authorized: Set<Int32> = []
    /// One authorization transfer at a time.
    let transfers = ConditionLock()
    /// help.getConfig asked for an address (this run).
    var configAsked = false

    public init(configuration: DatacenterConfiguration, identity: ClientIdentity, transport: TransportKind,
                keyStore: AuthKeyStore = MemoryAuthKeyStore(), options: MTProtoSession.Options = MTProtoSession.Options(),
                logger: Logger = Logger(label: "mtproto")) {
        self.known = configuration
        self.identity = identity
        self.transport = transport
        self.keyStore = keyStore
        self.options = options
        self.logger = logger
        self.main = configuration.defaultDatacenter
    }

    public var mainDatacenter: Int32 { lock.withLock { main } }

    /// The session with a datacenter, made on first use (where the configuration does not say the
    /// datacenter's address, after asking the main one: MTProtoClient+DatacenterAddresses).
    public func session(_ datacenter: Int32) -> MTProtoSession {
        if datacenter != mainDatacenter { learnAddress(of: datacenter) }
        return lock.withLock {
            if let existing = sessions[datacenter] { return existing }
            let made = MTProtoSession(datacenter: datacenter, configuration: known, keyStore: keyStore, options: options,
                                      logger: logger, connector: TransportConnector.connector(
                                          transport, datacenterId: known.environment.wireDatacenterId(datacenter)))
            sessions[datacenter] = made
            return made
        }
    }

    /// Sends a request to the main datacenter (or `datacenter`), following one migration.
    public func invoke<F: TLFunction>(_ function: F, on datacenter: Int32? = nil, timeout: Double? = nil,
                                      cancellation: RequestCancellation? = nil) throws -> F.Result {
        let target = datacenter ?? mainDatacenter
        do {
            return try invoke(function, exactlyOn: target, timeout: timeout, cancellation: cancellation)
        } catch MTProtoError.rpc(let error) where error.migrateDatacenter != nil {
            let destination = error.migrateDatacenter ?? target
            let configuration = self.configuration
            guard destination != target, configuration.environment == .custom || configuration.addresses[destination] != nil else {
                throw MTProtoError.rpc(error)
            }
            logger.info("\(function.name): \(error.message), moving to datacenter \(destination)")
            if datacenter == nil, !error.message.hasPrefix("FILE_") { lock.withLock { main = destination } }
            return try invoke(function, exactlyOn: destination, timeout: timeout, cancellation: cancellation)
        }
    }

    func invoke<F: TLFunction>(_ function: F, exactlyOn datacenter: Int32, timeout: Double?,
                               cancellation: RequestCancellation?) throws -> F.Result {
        guard datacenter != mainDatacenter, Self.needsAccount(function) else {
            return try send(function, to: datacenter, timeout: timeout, cancellation: cancellation)
        }
        try carryAuthorization(to: datacenter, timeout: timeout)
        do {
            return try send(function, to: datacenter, timeout: timeout, cancellation: cancellation)
        } catch MTProtoError.rpc(let error) where error.code == 401 {
            // That datacenter no longer knows the key's account: carried again, once.
            lock.withLock { _ = authorized.remove(datacenter) }
            try carryAuthorization(to: datacenter, timeout: timeout)
            return try send(function, to: datacenter, timeout: timeout, cancellation: cancellation)
        }
    }

    /// The request on `datacenter`'s session, wrapped in invokeWithLayer(initConnection(…)) until
    /// that session has had one answered.
    func send<F: TLFunction>(_ function: F, to datacenter: Int32, timeout: Double?,
                             cancellation: RequestCancellation?) throws -> F.Result {
        let session = session(datacenter)
        if lock.withLock({ initialized.contains(datacenter) }) {
            return try session.invoke(function, timeout: timeout, cancellation: cancellation)
        }
        let result = try session.invoke(identity.wrap(function), timeout: timeout, cancellation: cancellation)
        lock.withLock { _ = initialized.insert(datacenter) }
        return result
    }

    /// Starts a request on the main datacenter's session without waiting (MTProtoSession.start),
    /// to run after `previous`; wrapped in invokeWithLayer(initConnection(…)) until one such
    /// answer has come. Its answer: `answer(_:)`. A migration is the caller's (it sends again
    /// with `invoke`).
    public func start<F: TLFunction>(_ function: F, after previous: MTProtoSession.InFlightRequest? = nil,
                                     timeout: Double? = nil) throws -> InFlight<F.Result> {
        let target = mainDatacenter
        let session = session(target)
        if lock.withLock({ initialized.contains(target) }) {
            return InFlight(session: session, datacenter: target, request: try session.start(function, after: previous, timeout: timeout),
                            initializes: false)
        }
        return InFlight(session: session, datacenter: target, request: try session.start(identity.wrap(function), after: previous, timeout: timeout),
                        initializes: true)
    }

    /// A request `start` sent, on its datacenter's session.
    public struct InFlight<Result> {
        fileprivate let session: MTProtoSession
        fileprivate let datacenter: Int32
        public let request: MTProtoSession.InFlight<Result>
        fileprivate let initializes: Bool
    }

    public func answer<Result>(_ started: InFlight<Result>) throws -> Result {
        let result = try started.session.answer(started.request)
        if started.initializes { lock.withLock { _ = initialized.insert(started.datacenter) } }
        return result
    }

    /// Closes every session.
    public func close() {
        let all = lock.withLock { defer { sessions = [:] }; return Array(sessions.values) }
        all.forEach { $0.close() }
    }
}

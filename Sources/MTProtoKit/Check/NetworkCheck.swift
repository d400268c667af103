import Container
import Logging
import TLSerialization
import TelegramApi

/// `main network check`'s work: one session with one datacenter, a new auth key (unless the
/// store has one), help.getConfig inside invokeWithLayer(initConnection(…)) as every Telegram
/// client's first request, then pings. The CLI only prints the report.
public struct NetworkCheck {
    public var configuration: DatacenterConfiguration
    public var datacenter: Int32
    public var transport: TransportKind
    public var pings: Int
    public var timeout: Double
    public var client: ClientIdentity

    public init(configuration: DatacenterConfiguration, datacenter: Int32, transport: TransportKind,
                pings: Int = 5, timeout: Double = 10, client: ClientIdentity = ClientIdentity()) {
        self.configuration = configuration
        self.datacenter = datacenter
        self.transport = transport
        self.pings = pings
        self.timeout = timeout
        self.client = client
    }

    public func run(keyStore: AuthKeyStore = MemoryAuthKeyStore(), logger: Logger = Logger(label: "mtproto")) throws -> NetworkCheckReport {
        var options = MTProtoSession.Options()
        options.requestTimeout = timeout
        options.connectTimeout = timeout
        let session = MTProtoSession(datacenter: datacenter, configuration: configuration, keyStore: keyStore,
                                     options: options, logger: logger, connector: TransportConnector.connector(transport, datacenterId: configuration.environment.wireDatacenterId(datacenter)))
        defer { session.close() }
        let hadKey = session.authKey != nil

        let started = Clock.monotonicNanoseconds()
        try session.connect(timeout: timeout)
        let connected = Clock.milliseconds(since: started)

        let configStarted = Clock.monotonicNanoseconds()
        let config = try session.invoke(client.wrap(Api.functions.help.GetConfig()))
        let configMilliseconds = Clock.milliseconds(since: configStarted)

        var rtts: [Double] = []
        for _ in 0..<max(0, pings) { rtts.append(try session.ping()) }
        let sorted = rtts.sorted()
        let stats = session.statistics
        let summary = ConfigSummary(config)
        return NetworkCheckReport(
            server: configuration.addresses(of: datacenter).first?.description ?? "?",
            environment: configuration.environment.rawValue, datacenter: datacenter, transport: transport.rawValue,
            layer: Api.layer,
            authKeyId: String(UInt64(bitPattern: session.authKey?.id ?? 0), radix: 16),
            authKeyCreated: !hadKey, connectAndKeyMilliseconds: connected,
            configMilliseconds: configMilliseconds, configThisDc: summary.thisDc, configDcOptions: summary.dcOptions,
            configDate: summary.date,
            pingMilliseconds: rtts, pingMedianMilliseconds: sorted.isEmpty ? 0 : sorted[sorted.count / 2],
            timeOffsetSeconds: session.timeOffset, connections: stats.connections, resent: stats.resent)
    }
}

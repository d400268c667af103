import AppCore
import ArgumentParser
import Bootstrap
import CommandLineSupport
import Container
import Formats
import FoundationEssentials
import Logging
import MTProtoKit
import TelegramCore

/// `main network …`: the connection to Telegram's datacenters, as MTProtoKit makes it.
struct NetworkCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "network",
        abstract: "The connection to Telegram's datacenters (MTProto 2.0).",
        subcommands: [NetworkCheckCommand.self])
}

extension TransportKind: ExpressibleByArgument {}
extension DatacenterEnvironment: ExpressibleByArgument {}

struct NetworkCheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Connect to a datacenter: create an auth key, ask for its config, time pings.",
        discussion: """
        Without --server it connects to Telegram's own datacenters (--environment production or \
        test, addresses and public keys built in). With --server HOST:PORT it connects to any \
        Telegram-protocol server, such as the test server in Tools/mtproto-server, whose public \
        key (PKCS#1 PEM) --public-key names. The key made here is not stored. Exit 1 with the \
        reason when the server cannot be reached or fails a check.
        Example: main network check --server 127.0.0.1:8443 --public-key Tools/mtproto-server/keys/test-server.pub.pem --json
        """)

    @Option(help: "HOST:PORT of a Telegram-protocol server ([V6]:PORT for IPv6). Default: Telegram's datacenters.")
    var server: String?
    @Option(name: .customLong("public-key"), help: "The server's RSA public key, a PEM file (repeatable). Needed with --server.")
    var publicKeys: [String] = []
    @Option(help: "Telegram's network when no --server is given: production or test.")
    var environment: DatacenterEnvironment = .production
    @Option(parsing: .unconditional, help: "The datacenter id (1-5).")
    var dc: Int32 = 2
    @Option(help: "abridged, intermediate, padded, obfuscated or obfuscated-padded.")
    var transport: TransportKind = .obfuscatedPadded
    @Option(parsing: .unconditional, help: "How many pings to time after the config.")
    var pings: Int = 5
    @Option(parsing: .unconditional, help: "Seconds to wait for the connection and for each answer.")
    var timeout: Double = 10
    @Option(name: .customLong("api-id"), parsing: .unconditional, help: "The application id initConnection sends (from my.telegram.org; the test server takes any).")
    var apiId: Int32 = 0
    @Flag(help: "Print the report as JSON.")
    var json = false

    func validate() throws {
        try ServerChoice.validate(server: server, publicKeys: publicKeys, timeout: timeout)
        if server == nil && environment == .custom {
            throw ValidationError("--environment custom needs --server")
        }
        guard (1...5).contains(dc) else { throw ValidationError("--dc must be from 1 to 5, not \(dc)") }
        guard (0...1000).contains(pings) else { throw ValidationError("--pings must be from 0 to 1000, not \(pings)") }
    }

    func run() throws {
        let configuration = try ServerChoice.configuration(server: server, publicKeys: publicKeys, environment: environment, datacenter: dc)
        let check = NetworkCheck(configuration: configuration, datacenter: dc, transport: transport, pings: pings,
                                 timeout: timeout, client: ClientIdentity(apiId: apiId))
        // Warnings (a refused message, a failed reconnect) reach the terminal; the routine does not.
        var logger = Logger(label: "mtproto")
        logger.logLevel = .warning
        let report = try check.run(logger: logger)
        if json {
            printJSON(try JSONFile.text(report))
        } else {
            printLines([
                "server \(report.server) (\(report.environment), dc \(report.datacenter)) over \(report.transport), layer \(report.layer)",
                "auth key \(report.authKeyId)\(report.authKeyCreated ? " created" : "") in \(Self.ms(report.connectAndKeyMilliseconds)) (with the connection)",
                "config: this dc \(report.configThisDc), \(report.configDcOptions) dc options, in \(Self.ms(report.configMilliseconds))",
                "ping: median \(Self.ms(report.pingMedianMilliseconds)) over \(report.pingMilliseconds.count)",
                "clock: the server is \(report.timeOffsetSeconds) s from this machine",
            ])
        }
    }

    private static func ms(_ value: Double) -> String {
        let tenths = Int((value * 10).rounded())
        return "\(tenths / 10).\(tenths % 10) ms"
    }
}

struct NetworkCommandFailure: Error, CustomStringConvertible {
    let description: String
}

/// --server, --public-key and --timeout, as `main network check`, `main login` and `main run`
/// take them.
enum ServerChoice {
    /// Where a login goes and who this app is there: the chosen server, this build's api_id and
    /// api_hash unless given (Telegram's own datacenters refuse a login without them).
    static func loginTarget(server: String?, publicKeys: [String], environment: DatacenterEnvironment?, apiId: Int32?, apiHash: String?,
                            transport: TransportKind, timeout: Double) throws -> LoginServerTarget {
        let build = try BuildConfiguration.load(environment: currentEnvironment()).0
        let configuration = try Self.configuration(server: server, publicKeys: publicKeys, environment: environment ?? .production)
        let id = apiId ?? build.apiId, hash = apiHash ?? build.apiHash
        if configuration.environment != .custom && (id == 0 || hash.isEmpty) {
            throw OperationFailure(.invalidInput, "Telegram needs this app's api_id and api_hash: get them at my.telegram.org and give --api-id and --api-hash")
        }
        return LoginServerTarget(configuration: configuration, identity: ClientIdentity(apiId: id, appVersion: build.appVersion), apiHash: hash,
                                 transport: transport, timeout: timeout)
    }

    /// What both check before anything runs.
    static func validate(server: String?, publicKeys: [String], timeout: Double) throws {
        if let server, DatacenterAddress(parsing: server) == nil {
            throw ValidationError("--server must be HOST:PORT (or [IPv6]:PORT) with a port from 1 to 65535, not '\(server)'")
        }
        if server != nil && publicKeys.isEmpty {
            throw ValidationError("--server needs the server's public key: --public-key FILE (a PEM file)")
        }
        guard timeout > 0, timeout <= 300 else { throw ValidationError("--timeout must be more than 0 and at most 300 seconds") }
    }

    /// --server's one address and its keys (read and checked before connecting: a wrong file is
    /// the person's mistake, not the server's), else Telegram's test or production network.
    static func configuration(server: String?, publicKeys: [String], environment: DatacenterEnvironment,
                              datacenter: Int32 = 2) throws -> DatacenterConfiguration {
        guard let server, let address = DatacenterAddress(parsing: server) else { return environment == .test ? .test : .production }
        let pems = try publicKeys.map { path -> String in
            guard let data = FileManager.default.contents(atPath: path), let text = String(data: data, encoding: .utf8) else {
                throw NetworkCommandFailure(description: "cannot read the public key file \(path)")
            }
            do { _ = try ServerPublicKey(pem: text) } catch {
                throw NetworkCommandFailure(description: "\(path): \(error)")
            }
            return text
        }
        return .custom(address, publicKeys: pems, datacenter: datacenter)
    }
}

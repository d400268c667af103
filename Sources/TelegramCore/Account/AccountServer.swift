import FoundationEssentials
import Logging
import MTProtoKit
import Storage

/// The server an account lives on and who it is there, stored with its auth keys in the
/// Postbox's sealed keychain table: Telegram's production or test network, or one server at an
/// address with its own public keys (the test server). An account without it is an offline one
/// (`main login` with no server: demos and tests), which never connects.
public struct AccountServer: Codable, Sendable, Equatable {
    public static let version = 1
    public static let keychainName = PostboxTransaction.accountServerKeychainName

    public var version: Int
    public var environment: DatacenterEnvironment
    /// HOST:PORT, for a custom server only.
    public var address: String?
    /// PKCS#1 PEMs, for a custom server only (Telegram's are built in).
    public var publicKeys: [String]
    /// The datacenter the account's user lives on (after any *_MIGRATE_X during login).
    public var mainDatacenter: Int32
    /// The account's Telegram user id: its peer id.
    public var userId: Int64

    public init(environment: DatacenterEnvironment, address: String?, publicKeys: [String], mainDatacenter: Int32, userId: Int64) {
        version = Self.version
        (self.environment, self.address, self.publicKeys, self.mainDatacenter, self.userId) = (environment, address, publicKeys, mainDatacenter, userId)
    }

    public init(configuration: DatacenterConfiguration, mainDatacenter: Int32, userId: Int64) {
        let custom = configuration.environment == .custom
        self.init(environment: configuration.environment,
                  address: custom ? configuration.addresses(of: configuration.defaultDatacenter).first?.description : nil,
                  publicKeys: custom ? configuration.publicKeys : [], mainDatacenter: mainDatacenter, userId: userId)
    }

    /// What MTProtoKit connects with; nil when a custom server's address does not parse.
    public var configuration: DatacenterConfiguration? {
        var configuration: DatacenterConfiguration
        switch environment {
        case .production: configuration = .production
        case .test: configuration = .test
        case .custom:
            guard let address, let parsed = DatacenterAddress(parsing: address) else { return nil }
            configuration = .custom(parsed, publicKeys: publicKeys, datacenter: mainDatacenter)
        }
        configuration.defaultDatacenter = mainDatacenter
        return configuration
    }

    /// A client for this server over the obfuscated transport, each wait at most `timeout`
    /// seconds; an error when a custom server's address does not parse.
    public func client(identity: ClientIdentity, keyStore: AuthKeyStore, timeout: Double, logger: Logger,
                       onPush: (@Sendable ([UInt8]) -> Void)? = nil) throws -> MTProtoClient {
        guard let configuration else { throw MTProtoError.connect("the account's server address does not parse: \(address ?? "none")") }
        var options = MTProtoSession.Options(timeout: timeout)
        options.onUnsolicited = onPush
        return MTProtoClient(configuration: configuration, identity: identity, transport: .obfuscatedPadded, keyStore: keyStore,
                             options: options, logger: logger)
    }

    /// "127.0.0.1:41234", "Telegram", "Telegram's test network": where, for a person.
    public var label: String {
        switch environment {
        case .production: "Telegram"
        case .test: "Telegram's test network"
        case .custom: address ?? "a custom server"
        }
    }

    /// nil when the account has none (offline) or the record is not one this build reads.
    public static func read(_ transaction: PostboxTransaction) throws -> AccountServer? {
        guard let bytes = try transaction.keychainEntry(keychainName) else { return nil }
        guard let server = try? JSONDecoder().decode(AccountServer.self, from: Data(bytes)), server.version == version else { return nil }
        return server
    }

    public func write(_ transaction: PostboxTransaction) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        try transaction.setKeychainEntry(Self.keychainName, Array(try encoder.encode(self)))
    }
}

import MTProtoKit
import Storage

/// What an account holds of the network at rest, read at launch by every process: the server
/// it lives on (none for an offline account) and the datacenters it shares an auth key with
/// (sealed in its keychain table). An extension that finds its main datacenter's key can send on
/// its own without a key exchange; one that finds none would have to make one first.
public struct AccountNetworkState: Codable, Sendable, Equatable {
    public let environment: String
    public let mainDatacenter: Int32
    public let datacentersWithKeys: [Int32]
    /// Where the account lives ("127.0.0.1:41234", "Telegram"); nil for an offline account.
    public let server: String?
    /// The account's Telegram user id there; nil offline.
    public let userId: Int64?

    public init(environment: String, mainDatacenter: Int32, datacentersWithKeys: [Int32], server: String? = nil, userId: Int64? = nil) {
        self.environment = environment
        self.mainDatacenter = mainDatacenter
        self.datacentersWithKeys = datacentersWithKeys
        self.server = server
        self.userId = userId
    }

    /// One read transaction: the account's server (else the launch's configuration) and the
    /// keychain entries of its datacenters; an entry that does not read back whole counts as no key.
    public static func read(postbox: Postbox, arguments: NetworkInitializationArguments) throws -> AccountNetworkState {
        try postbox.read { transaction in
            let server = try AccountServer.read(transaction)
            let configuration = server?.configuration ?? arguments.datacenters
            let candidates = Set(configuration.addresses.keys).union([configuration.defaultDatacenter]).sorted()
            let withKeys = try candidates.filter { datacenter in
                try transaction.datacenterAuthInfo(datacenter).flatMap(DatacenterAuthInfo.init(encoded:)) != nil
            }
            return AccountNetworkState(environment: configuration.environment.rawValue, mainDatacenter: configuration.defaultDatacenter,
                                       datacentersWithKeys: withKeys, server: server?.label, userId: server?.userId)
        }
    }

    public var summary: String {
        let keys = datacentersWithKeys.isEmpty ? "no auth key yet" : "auth keys with dc " + datacentersWithKeys.map(String.init).joined(separator: ", ")
        guard let server else { return "offline account (no server); \(environment), main dc \(mainDatacenter), \(keys)" }
        return "on \(server) as user \(userId.map(String.init) ?? "?"), main dc \(mainDatacenter), \(keys)"
    }
}

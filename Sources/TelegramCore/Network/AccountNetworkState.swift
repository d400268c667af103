import MTProtoKit
import Storage

/// What an account holds of the network at rest, read at launch by every process: the
/// datacenters it shares an auth key with (sealed in its keychain table). An extension that
/// finds its main datacenter's key can send on its own without a key exchange; one that finds
/// none would have to make one first.
public struct AccountNetworkState: Codable, Sendable, Equatable {
    public let environment: String
    public let mainDatacenter: Int32
    public let datacentersWithKeys: [Int32]

    public init(environment: String, mainDatacenter: Int32, datacentersWithKeys: [Int32]) {
        self.environment = environment
        self.mainDatacenter = mainDatacenter
        self.datacentersWithKeys = datacentersWithKeys
    }

    /// One read transaction over the keychain entries of the configuration's datacenters; an
    /// entry that does not read back whole counts as no key.
    public static func read(postbox: Postbox, arguments: NetworkInitializationArguments) throws -> AccountNetworkState {
        let configuration = arguments.datacenters
        let candidates = Set(configuration.addresses.keys).union([configuration.defaultDatacenter]).sorted()
        let withKeys = try postbox.read { transaction in
            try candidates.filter { datacenter in
                try transaction.datacenterAuthInfo(datacenter).flatMap(DatacenterAuthInfo.init(encoded:)) != nil
            }
        }
        return AccountNetworkState(environment: configuration.environment.rawValue, mainDatacenter: configuration.defaultDatacenter,
                                   datacentersWithKeys: withKeys)
    }

    public var summary: String {
        let keys = datacentersWithKeys.isEmpty ? "no auth key yet" : "auth keys with dc " + datacentersWithKeys.map(String.init).joined(separator: ", ")
        return "\(environment), main dc \(mainDatacenter), \(keys)"
    }
}

import Logging
import MTProtoKit

/// Where a login goes and how it talks there: the datacenters (Telegram's, or one server with
/// its public keys), who the app is (api_id, api_hash, version), the transport and each wait.
/// `main login --server/--environment` and the interface's login screen (started with the same
/// options) both make one.
public struct LoginServerTarget: Sendable {
    public let configuration: DatacenterConfiguration
    public let identity: ClientIdentity
    public let apiHash: String
    public let transport: TransportKind
    public let timeout: Double

    public init(configuration: DatacenterConfiguration, identity: ClientIdentity, apiHash: String, transport: TransportKind = .obfuscatedPadded,
                timeout: Double = 30) {
        (self.configuration, self.identity, self.apiHash, self.transport, self.timeout) = (configuration, identity, apiHash, transport, timeout)
    }

    /// "Telegram", "Telegram's test network", "127.0.0.1:41234": where, for a person.
    public var label: String { AccountServer(configuration: configuration, mainDatacenter: configuration.defaultDatacenter, userId: 0).label }

    /// A client with a key store of its own (the login's key becomes the account's).
    public func client(keys: MemoryAuthKeyStore, logger: Logger) -> MTProtoClient {
        MTProtoClient(configuration: configuration, identity: identity, transport: transport, keyStore: keys,
                      options: MTProtoSession.Options(timeout: timeout), logger: logger)
    }
}

extension ServerLogin {
    /// The login `user` finished on `client`, with the key it holds for its main datacenter.
    public init(user: AuthorizedUser, client: MTProtoClient, keys: MemoryAuthKeyStore, configuration: DatacenterConfiguration) throws(LoginError) {
        let datacenter = client.mainDatacenter
        guard let authInfo = keys.authInfo(datacenter: datacenter) else {
            throw LoginError(.server, "logged in, but no auth key is held for datacenter \(datacenter)")
        }
        self.init(user: user, server: AccountServer(configuration: configuration, mainDatacenter: datacenter, userId: user.id), authInfo: authInfo)
    }
}

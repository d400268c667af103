import Logging
import MTProtoKit
import TelegramApi

/// Logging out on the server (auth.logOut) with the account's stored key, before the account is
/// logged out here: the key stops being an authorization anyone holding it could use. A server
/// that already forgot it (AUTH_KEY_UNREGISTERED) counts as revoked.
public enum AuthorizationRevocation {
    public static func revoke(server: AccountServer, authInfo: DatacenterAuthInfo, identity: ClientIdentity,
                              timeout: Double = 15, logger: Logger = Logger(label: "mtproto")) throws(LoginError) {
        guard let configuration = server.configuration else {
            throw LoginError(.server, "the account's server address does not parse: \(server.address ?? "none")")
        }
        let keys = MemoryAuthKeyStore()
        keys.setAuthInfo(authInfo, datacenter: server.mainDatacenter)
        var options = MTProtoSession.Options()
        options.requestTimeout = timeout
        options.connectTimeout = min(timeout, 10)
        let client = MTProtoClient(configuration: configuration, identity: identity, transport: .obfuscatedPadded, keyStore: keys,
                                   options: options, logger: logger)
        defer { client.close() }
        do {
            _ = try client.invoke(Api.functions.auth.LogOut(), timeout: timeout)
        } catch {
            let refused = LoginError.from(error)
            if refused.kind != .notLoggedIn { throw refused }
        }
    }
}

import Logging
import MTProtoKit
import TelegramApi

/// Logging out on the server (auth.logOut) with the account's stored key, before the account is
/// logged out here: the key stops being an authorization anyone holding it could use. A server
/// that already forgot it (AUTH_KEY_UNREGISTERED) counts as revoked.
public enum AuthorizationRevocation {
    public static func revoke(server: AccountServer, authInfo: DatacenterAuthInfo, identity: ClientIdentity,
                              timeout: Double = 15, logger: Logger = Logger(label: "mtproto")) throws(LoginError) {
        let keys = MemoryAuthKeyStore()
        keys.setAuthInfo(authInfo, datacenter: server.mainDatacenter)
        do {
            let client = try server.client(identity: identity, keyStore: keys, timeout: timeout, logger: logger)
            defer { client.close() }
            _ = try client.invoke(Api.functions.auth.LogOut(), timeout: timeout)
        } catch {
            let refused = LoginError.from(error)
            if refused.kind != .notLoggedIn { throw refused }
        }
    }
}

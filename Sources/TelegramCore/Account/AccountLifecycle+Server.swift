import Container
import Logging
import MTProtoKit
import FoundationEssentials
import Storage

extension AccountLifecycle {
    /// `main login --server …`, once the login has happened: the account is the server's user
    /// (its Telegram user id is the peer id), holding the auth key the login was made on and the
    /// server it lives on. The same user logging in again keeps its account and takes the new key;
    /// a phone already logged in here otherwise (offline, or another server's user) is refused, as
    /// an account is one phone.
    public func loginOnServer(_ login: ServerLogin) throws -> Created {
        guard let authInfo = login.decodedAuthInfo else { throw Failure(description: "the login's auth key record does not read back whole") }
        let user = login.user
        let phone = "+" + user.phone
        let peerId = PeerId(namespace: .cloudUser, id: user.id)
        let own = Peer(id: peerId, firstName: user.firstName, lastName: user.lastName, phone: phone)
        func keep(_ t: PostboxTransaction) throws {
            try t.setDatacenterAuthInfo(authInfo.encoded(), datacenter: login.server.mainDatacenter)
            try login.server.write(t)
        }
        if let existing = AccountProfile.loggedIn(withPhone: phone, manager: manager) {
            guard existing.peerId == peerId.toInt64(), existing.server == login.server.label else {
                let what = existing.server.map { "user \(existing.peerId) on \($0)" } ?? "an offline account"
                throw Failure(description: "\(phone) is already logged in here as \(what) (account \(existing.accountId)): "
                    + "log it out first (main logout --account \(existing.accountId))")
            }
            let postbox = try manager.openPostbox(accountId: existing.accountId, readOnly: false)
            try postbox.transaction { t in
                try t.updatePeer(own)
                try keep(t)
            }
            try switchTo(accountId: existing.accountId)
            return Created(accountId: String(existing.accountId), peerId: existing.peerId, existing: true)
        }
        return try create(own: own, masterDatacenter: login.server.mainDatacenter, more: keep)
    }
}

extension AccountLifecycle {
    /// The server a logged-in account lives on and its auth key there, read from its Postbox
    /// (read-only: `main logout` revokes the authorization before it asks the writer to log the
    /// account out); nil for an offline account.
    public static func serverKey(manager: AccountManager, accountId: Int64?) throws -> (server: AccountServer, authInfo: [UInt8]?)? {
        guard let id = accountId ?? manager.state.currentRecord?.id,
              manager.state.activeRecords.contains(where: { $0.id == id }) else { return nil }
        let postbox = try manager.openPostbox(accountId: id, readOnly: true)
        return try postbox.read { t in
            guard let server = try AccountServer.read(t) else { return nil }
            return (server, try t.datacenterAuthInfo(server.mainDatacenter))
        }
    }
}

extension AccountLifecycle {
    /// Ends the account's authorization on its server (auth.logOut) before it is logged out
    /// here, as Telegram's logout does: the server's name when it was told; nil for an offline
    /// account or one without a key there; a throw when the server could not be told (the
    /// caller logs the account out anyway and says so).
    public static func revokeOnServer(manager: AccountManager, accountId: Int64?, build: BuildConfiguration, timeout: Double = 10,
                                      logger: Logger) throws -> String? {
        guard let stored = try serverKey(manager: manager, accountId: accountId), let record = stored.authInfo,
              let authInfo = DatacenterAuthInfo(encoded: record) else { return nil }
        try AuthorizationRevocation.revoke(server: stored.server, authInfo: authInfo,
                                           identity: ClientIdentity(apiId: build.apiId, appVersion: build.appVersion), timeout: timeout, logger: logger)
        return stored.server.label
    }
}

import Container
import Cryptography
import Formats
import FoundationEssentials
import Logging
import Storage

/// Creating, logging out and switching accounts (the records in atomic-state, the Postbox, the
/// notification secret and its mirrored key id), as TelegramCore's AccountManager operations do:
/// by the writer only (main, in its own process or for a command handed to the running app).
public struct AccountLifecycle {
    public let manager: AccountManager
    public let logger: Logger

    public init(manager: AccountManager, logger: Logger) {
        self.manager = manager
        self.logger = logger
    }

    public struct Created: Codable, Sendable {
        public let accountId: String
        public let peerId: Int64
        /// The phone was already logged in: that account was made current, nothing was created.
        public let existing: Bool
    }

    public struct Failure: Error, CustomStringConvertible {
        public let description: String

        public init(description: String) {
            self.description = description
        }
    }

    /// `main login`: an account is one phone, so a phone already logged in switches to its account
    /// (as Telegram's login does). Otherwise a random record id, a user peer id, the account's own peer, a fresh
    /// notification secret in the keychain table, its key id mirrored into backupData, current.
    public func login(phone: String, name: String) throws -> Created {
        let trimmedPhone = phone.trimmingWhitespace()
        if let problem = LoginInput.phoneProblem(trimmedPhone) { throw Failure(description: problem) }
        if let problem = LoginInput.nameProblem(name) { throw Failure(description: problem) }
        let (firstName, lastName) = LoginInput.splitName(name)
        if let existing = AccountProfile.loggedIn(withPhone: trimmedPhone, manager: manager) {
            try switchTo(accountId: existing.accountId)
            return Created(accountId: String(existing.accountId), peerId: existing.peerId, existing: true)
        }
        let peerId = PeerId(namespace: .cloudUser, id: Int64(UInt32.random(in: 100_000 ... UInt32.max >> 1)))
        return try create(own: Peer(id: peerId, firstName: firstName, lastName: lastName, phone: trimmedPhone))
    }

    /// A new record, current, whose Postbox holds `own` as the account's peer, a fresh
    /// notification secret (its key id mirrored into backupData) and whatever `more` writes in the
    /// same transaction (a server account's auth key and server).
    func create(own: Peer, masterDatacenter: Int32 = 2,
                       more: (PostboxTransaction) throws -> Void = { _ in }) throws -> Created {
        var accountId: Int64 = 0
        while accountId == 0 || manager.state.records.contains(where: { $0.id == accountId }) { accountId = SecureRandom.int64() }
        let secret = SecureRandom.bytes(NotificationSecret.size)
        let postbox = try manager.openPostbox(accountId: accountId, readOnly: false)
        try postbox.transaction { t in
            try t.setAccountPeerId(own.id)
            try t.updatePeer(own)
            try t.setNotificationSecret(secret)
            try more(t)
        }
        var backup = AccountBackupData(peerId: own.id.toInt64(), notificationEncryptionKeyId: Data(NotificationSecret.keyId(secret)))
        backup.masterDatacenterId = masterDatacenter
        try manager.update { state in
            let order = (state.records.map(\.sortOrder).max() ?? -1) + 1
            state.records.append(AccountRecord(id: accountId, attributes: [.backupData(backup), .sortOrder(order)]))
            state.currentRecordId = accountId
        }
        logger.info("account created", metadata: ["account": "\(accountId)"])
        return Created(accountId: String(accountId), peerId: own.id.toInt64(), existing: false)
    }

    /// `main logout`: marks the record logged out (its data stays until cleanup); if it was
    /// current, the next logged-in account becomes current.
    public func logout(accountId: Int64?) throws -> Int64 {
        guard let id = accountId ?? manager.state.currentRecord?.id else { throw Failure(description: "no account is logged in") }
        guard manager.state.records.contains(where: { $0.id == id && !$0.isLoggedOut }) else {
            throw Failure(description: "no logged-in account with id \(id)")
        }
        // A server account's key leaves with it: revoked on the server already (`main logout`
        // asks first), and never again read as the account's.
        let postbox = try manager.openPostbox(accountId: id, readOnly: false)
        try postbox.transaction { t in
            if let server = try AccountServer.read(t) { try t.setDatacenterAuthInfo(nil, datacenter: server.mainDatacenter) }
        }
        try manager.update { state in
            for i in state.records.indices where state.records[i].id == id { state.records[i].attributes.append(.loggedOut) }
            if state.currentRecordId == id { state.currentRecordId = state.activeRecords.first?.id }
        }
        logger.info("account logged out", metadata: ["account": "\(id)"])
        return id
    }

    public func switchTo(accountId: Int64) throws {
        guard manager.state.activeRecords.contains(where: { $0.id == accountId }) else {
            throw Failure(description: "no logged-in account with id \(accountId) (see `main accounts`)")
        }
        try manager.update { $0.currentRecordId = accountId }
        logger.info("account switched", metadata: ["account": "\(accountId)"])
    }
}

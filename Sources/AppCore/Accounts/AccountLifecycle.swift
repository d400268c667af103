import Container
import Cryptography
import Formats
import FoundationEssentials
import Storage

/// Creating, logging out and switching accounts (the records in atomic-state, the Postbox, the
/// notification secret and its mirrored key id).
public enum AccountLifecycle {
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
    public static func login(app: LaunchedApp, phone: String, name: String) throws -> Created {
        let trimmedPhone = phone.trimmingWhitespace()
        if let problem = LoginInput.phoneProblem(trimmedPhone) { throw Failure(description: problem) }
        if let problem = LoginInput.nameProblem(name) { throw Failure(description: problem) }
        let (firstName, lastName) = LoginInput.splitName(name)
        let manager = app.shared.accountManager
        if let existing = AccountProfile.loggedIn(withPhone: trimmedPhone, manager: manager) {
            try switchTo(app: app, accountId: existing.accountId)
            return Created(accountId: String(existing.accountId), peerId: existing.peerId, existing: true)
        }
        var accountId: Int64 = 0
        while accountId == 0 || manager.state.records.contains(where: { $0.id == accountId }) { accountId = SecureRandom.int64() }
        let peerId = PeerId(namespace: .cloudUser, id: Int64(UInt32.random(in: 100_000 ... UInt32.max >> 1)))
        let secret = SecureRandom.bytes(NotificationSecret.size)
        let postbox = try manager.openPostbox(accountId: accountId, readOnly: false)
        try postbox.transaction { t in
            try t.setAccountPeerId(peerId)
            try t.updatePeer(Peer(id: peerId, firstName: firstName, lastName: lastName, phone: trimmedPhone))
            try t.setNotificationSecret(secret)
        }
        let backup = AccountBackupData(peerId: peerId.toInt64(), notificationEncryptionKeyId: Data(NotificationSecret.keyId(secret)))
        try manager.update { state in
            let order = (state.records.map(\.sortOrder).max() ?? -1) + 1
            state.records.append(AccountRecord(id: accountId, attributes: [.backupData(backup), .sortOrder(order)]))
            state.currentRecordId = accountId
        }
        app.logger.info("account created", metadata: ["account": "\(accountId)"])
        return Created(accountId: String(accountId), peerId: peerId.toInt64(), existing: false)
    }

    /// `main logout`: marks the record logged out (its data stays until cleanup); if it was
    /// current, the next logged-in account becomes current.
    public static func logout(app: LaunchedApp, accountId: Int64?) throws -> Int64 {
        let manager = app.shared.accountManager
        guard let id = accountId ?? manager.state.currentRecord?.id else { throw Failure(description: "no account is logged in") }
        guard manager.state.records.contains(where: { $0.id == id && !$0.isLoggedOut }) else {
            throw Failure(description: "no logged-in account with id \(id)")
        }
        try manager.update { state in
            for i in state.records.indices where state.records[i].id == id { state.records[i].attributes.append(.loggedOut) }
            if state.currentRecordId == id { state.currentRecordId = state.activeRecords.first?.id }
        }
        app.logger.info("account logged out", metadata: ["account": "\(id)"])
        return id
    }

    public static func switchTo(app: LaunchedApp, accountId: Int64) throws {
        let manager = app.shared.accountManager
        guard manager.state.activeRecords.contains(where: { $0.id == accountId }) else {
            throw Failure(description: "no logged-in account with id \(accountId) (see `main accounts`)")
        }
        try manager.update { $0.currentRecordId = accountId }
        app.logger.info("account switched", metadata: ["account": "\(accountId)"])
    }
}

import Container
import Storage

/// Who an account is: its own peer's phone and name, read from its Postbox (the record in
/// atomic-state holds neither). An account is one phone, as on Telegram: login looks an existing
/// one up by it, and `main accounts` shows it.
public struct AccountProfile: Sendable {
    public let accountId: Int64
    public let peerId: Int64
    public let phone: String
    public let name: String
    /// Where the account lives ("127.0.0.1:41234", "Telegram"); nil for an offline account.
    public let server: String?

    /// The profile of a logged-in record; nil when its Postbox cannot be read or has no own peer
    /// (a record being created, a damaged store): listed by id alone, never matched by phone.
    public static func read(_ record: AccountRecord, manager: AccountManager) -> AccountProfile? {
        guard let postbox = try? manager.openPostbox(accountId: record.id, readOnly: true) else { return nil }
        return read(postbox, accountId: record.id)
    }

    /// The same from a Postbox already open (the app's current account's).
    public static func read(_ postbox: Postbox, accountId: Int64) -> AccountProfile? {
        guard let (peer, server) = try? postbox.read({ t in (try t.accountPeerId().flatMap { try t.peer($0) }, try AccountServer.read(t)) }),
              let peer else { return nil }
        return AccountProfile(accountId: accountId, peerId: peer.id.toInt64(), phone: peer.phone ?? "", name: peer.displayTitle,
                              server: server?.label)
    }

    /// The logged-in account whose phone is `phone` (compared by its digits: "+1 555-0001" and
    /// "+15550001" are one phone), if any.
    public static func loggedIn(withPhone phone: String, manager: AccountManager) -> AccountProfile? {
        let digits = PeerSearchText.phoneDigits(phone)
        for record in manager.state.activeRecords {
            if let profile = read(record, manager: manager), PeerSearchText.phoneDigits(profile.phone) == digits { return profile }
        }
        return nil
    }
}

import TelegramCore
import AppCore
import Container
import Storage
import TelegramUI

/// What Settings reads about accounts, from the account manager and each account's own Postbox
/// (its user's name and number): opened for the list, the current one's kept open by the app.
struct StoredAccounts: AccountsDataSource {
    let app: LaunchedApp

    func currentAccount() -> AccountSummary? {
        app.account.map { summary($0, isCurrent: true) }
    }

    func accounts() -> [AccountSummary] {
        let state = app.shared.accountManager.state
        return state.activeRecords.map { record in
            let isCurrent = record.id == state.currentRecordId
            guard let account = try? app.shared.accountContext(record.id, current: app.account) else {
                return AccountSummary(id: record.id, name: nil, phone: nil, isCurrent: isCurrent)
            }
            return summary(account, isCurrent: isCurrent)
        }
    }

    /// The account's own user, read from its Postbox.
    private func summary(_ account: AccountContext, isCurrent: Bool) -> AccountSummary {
        let read = try? account.postbox.read { t in (try t.accountPeerId().flatMap { try t.peer($0) }, try AccountServer.read(t)) }
        let (me, server) = (read?.0, read?.1)
        return AccountSummary(id: account.record.id, name: me?.displayTitle, phone: me?.phone, isCurrent: isCurrent, server: server?.label)
    }

    func storageUsed() -> Int64? {
        app.account.map { FileSystem.diskUsage(app.layout.accountPath($0.record.id)) }
    }
}

import TelegramCore
import AppCore
import Container
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
    private func summary(_ account: Account, isCurrent: Bool) -> AccountSummary {
        let me = AccountProfile.read(account.postbox, accountId: account.record.id)
        return AccountSummary(id: account.record.id, name: me?.name, phone: me.flatMap { $0.phone.isEmpty ? nil : $0.phone }, isCurrent: isCurrent,
                              server: me?.server)
    }

    func storageUsed() -> Int64? {
        app.account.map { FileSystem.diskUsage(app.layout.accountPath($0.record.id)) }
    }
}

import AppCore
@testable import AppInterface
import ScreencastCall
import TelegramCore
import TelegramUI
import TelegramUIFakes

enum FakeAppHostError: Error { case noServer }

/// The app as the wiring sees it, in memory: settings, background progress and a link set by the
/// test; accounts over fake stores, switched, reloaded and logged out without a container; a
/// passcode lock; every log line kept.
@MainActor
final class FakeAppHost: AppHost {
    var presentation = PresentationDataAndSettings.defaults
    var backgroundProgress: (label: String, percent: Int)?
    var link: LinkToOpen?
    let logBook = LogBook()
    let log: InterfaceLog

    /// The accounts' hosts, by id; `currentId` is the record, `openId` the account the app has open.
    var accountHosts: [Int64: FakeAccountHost] = [:]
    var currentId: Int64?
    private var openId: Int64?
    private(set) var switches: [Int64] = []

    var passcode: String?
    var isLocked = false
    /// What the lock policy would make the next try wait, set by a test as the clock goes.
    var unlockWait: Int32 = 0
    private(set) var unlockAttempts: [String] = []

    struct Refused: Error, CustomStringConvertible {
        let description: String
    }

    /// Signed in to `accounts` (the first current), opened as a launch would.
    init(accounts: [FakeAccountHost] = [FakeAccountHost(id: 1, store: .fixture(messages: 30))]) {
        let logBook = logBook
        log = InterfaceLog { level, message, metadata in logBook.lines.append(LogBook.Line(level: level, message: message, metadata: metadata)) }
        for account in accounts { accountHosts[account.accountId] = account }
        currentId = accounts.first?.accountId
        openId = currentId
    }

    func updateSettings(_ change: (inout AppSettings.Values) -> Void) throws {
        var values = AppSettings.Values(presentation)
        change(&values)
        presentation.interfaceSettings = values.interface
        presentation.inAppNotificationSettings = values.inApp
        presentation.themeSettings = values.theme
    }

    func takeLinkToOpen() -> LinkToOpen? {
        defer { link = nil }
        return link
    }

    // MARK: Accounts

    var currentAccount: (any AccountHost)? { openId.flatMap { accountHosts[$0] } }

    func reloadAccountIfNeeded() throws -> Bool {
        guard openId != currentId else { return false }
        openId = currentId
        return true
    }

    var accounts: any AccountsDataSource { FakeAccounts(ids: accountHosts.keys.sorted(), current: currentId) }
    var signedInCount: Int { accountHosts.count }
    var hasCurrentAccount: Bool { currentId != nil }

    func switchAccount(to accountId: Int64) throws {
        guard accountHosts[accountId] != nil else { throw Refused(description: "no account \(accountId)") }
        switches.append(accountId)
        currentId = accountId
    }

    func logOut() throws {
        if let currentId { accountHosts[currentId] = nil }
        currentId = accountHosts.keys.min()
    }

    func serverLogin(wake: @escaping @Sendable () -> Void) -> ServerLoginSession? { nil }
    func logIn(_ login: ServerLogin) throws -> String { throw FakeAppHostError.noServer }

    func logIn(phone: String, name: String) throws -> String {
        let id = (accountHosts.keys.max() ?? 0) + 1
        accountHosts[id] = FakeAccountHost(id: id, store: FakeStore())
        currentId = id
        return String(id)
    }

    // MARK: Passcode

    var hasPasscode: Bool { passcode != nil }
    func setPasscode(_ passcode: String) throws { self.passcode = passcode }
    func verifyPasscode(_ passcode: String) -> Bool { passcode == self.passcode }
    func clearPasscode() throws { passcode = nil }

    func lock() throws {
        guard passcode != nil else { throw Refused(description: "no passcode is set") }
        isLocked = true
    }

    func unlock(passcode: String) throws {
        unlockAttempts.append(passcode)
        guard passcode == self.passcode else { throw Refused(description: "wrong passcode") }
        isLocked = false
    }

    // MARK: Calls (none runs; none starts)

    var currentCall: CallSnapshot? { nil }
    func startCall(with peer: Int64) throws -> CallSnapshot { throw Refused(description: "no calls in tests") }
    func endCall() throws { throw Refused(description: "no call is running") }
}

/// What the wiring logged.
final class LogBook {
    struct Line {
        let level: InterfaceLog.Level
        let message: String
        let metadata: [String: String]
    }

    var lines: [Line] = []

    func contains(_ level: InterfaceLog.Level, _ message: String) -> Bool {
        lines.contains { $0.level == level && $0.message == message }
    }
}

/// Settings' list of the fake host's accounts, as they are when it is asked for.
struct FakeAccounts: AccountsDataSource {
    let ids: [Int64]
    let current: Int64?

    func currentAccount() -> AccountSummary? { current.map(summary) }
    func accounts() -> [AccountSummary] { ids.map(summary) }
    func storageUsed() -> Int64? { nil }

    private func summary(_ id: Int64) -> AccountSummary {
        AccountSummary(id: id, name: "Account \(id)", phone: nil, isCurrent: id == current)
    }
}

import TelegramCore
import AppCore
import Container
import ScreencastCall
import TelegramUI

/// The screens' host in the app: each need answered by the launched app and the AppCore code the
/// commands run (`AppSettings`, `AppLockController`, `AccountLifecycle`, `CallControl`).
@MainActor
final class LaunchedAppHost: AppHost {
    let app: LaunchedApp
    let log: InterfaceLog
    /// Where the login screen logs in; nil: it creates an offline account.
    let loginTarget: LoginServerTarget?

    init(_ app: LaunchedApp, loginTarget: LoginServerTarget? = nil) {
        self.app = app
        self.loginTarget = loginTarget
        let logger = app.logger
        log = InterfaceLog { level, message, metadata in
            switch level {
            case .info: logger.info("\(message)", metadata: metadata.mapValues { "\($0)" })
            case .error: logger.error("\(message)", metadata: metadata.mapValues { "\($0)" })
            }
        }
    }

    var presentation: PresentationDataAndSettings { app.shared.presentationData }

    func updateSettings(_ change: (inout AppSettings.Values) -> Void) throws {
        _ = try AppSettings.update(app, change)
    }

    var backgroundProgress: (label: String, percent: Int)? {
        app.requests?.backgroundProgress.first.map { ($0.label, $0.percent) }
    }

    func takeLinkToOpen() -> LinkToOpen? { app.takeLinkToOpen() }

    // MARK: Accounts

    var currentAccount: (any AccountHost)? {
        app.account.map { AccountContextHost(account: $0, deviceKey: app.shared.deviceKey, scheme: app.shared.bindings.appSpecificScheme) }
    }

    func reloadAccountIfNeeded() throws -> Bool { try app.reloadContextIfNeeded() }
    var accounts: any AccountsDataSource { StoredAccounts(app: app) }
    var signedInCount: Int { app.shared.accountManager.state.activeRecords.count }
    var hasCurrentAccount: Bool { app.shared.accountManager.state.currentRecord != nil }
    func switchAccount(to accountId: Int64) throws { try app.accounts.switchTo(accountId: accountId) }
    /// An account on a server is logged out there first (auth.logOut), as `main logout` does;
    /// when the server cannot be told, it is logged out here all the same, and the log says so.
    func logOut() throws {
        app.account?.endServerConnection?()
        do {
            _ = try AccountLifecycle.revokeOnServer(manager: app.shared.accountManager, accountId: nil,
                                                   build: app.storage.container.configuration, timeout: 10, logger: app.logger)
        } catch {
            app.logger.warning("the server was not told of the logout: the session stays authorized there", metadata: ["error": "\(error)"])
        }
        _ = try app.accounts.logout(accountId: nil)
    }

    func logIn(phone: String, name: String) throws -> String {
        try app.accounts.login(phone: phone, name: name).accountId
    }

    func serverLogin(wake: @escaping @Sendable () -> Void) -> ServerLoginSession? {
        loginTarget.map { ServerLoginSession(target: $0, logger: app.logger, wake: wake) }
    }

    func logIn(_ login: ServerLogin) throws -> String {
        try app.accounts.loginOnServer(login).accountId
    }

    // MARK: Passcode

    private var lockController: AppLockController { AppLockController(app: app) }
    var isLocked: Bool { app.shared.accountManager.lockReader(app.layout).isLocked() }
    var hasPasscode: Bool { lockController.hasPasscode }
    func setPasscode(_ passcode: String) throws { try lockController.setPasscode(passcode) }
    func verifyPasscode(_ passcode: String) -> Bool { lockController.verify(passcode) }
    func clearPasscode() throws { try lockController.clearPasscode() }
    func lock() throws { try lockController.lock() }
    func unlock(passcode: String) throws { _ = try lockController.unlock(passcode: passcode) }
    var unlockWait: Int32 { lockController.remainingWait }

    // MARK: Calls

    var currentCall: CallSnapshot? { CallControl(app: app).current }
    func startCall(with peer: Int64) throws -> CallSnapshot { try CallControl(app: app).start(peer: peer) }
    func endCall() throws { try CallControl(app: app).end() }
}

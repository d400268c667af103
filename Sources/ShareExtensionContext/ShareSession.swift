import Bootstrap
import Container
import Formats
import FoundationEssentials
import TelegramCore

/// The bootstrap as share uses it: the lock is checked before any account is chosen or any
/// Postbox opened, so a locked app answers the same way whatever was asked (even a wrong
/// --account id learns nothing).
public final class ShareSession {
    public let bootstrap: ExtensionBootstrap
    public let record: EngineAccountRecord
    public let engine: TelegramEngine

    public init(containerFlag: String?, account: Int64?) throws {
        bootstrap = try ExtensionBootstrap(identity: .share, containerFlag: containerFlag,
                                           environment: ProcessInfo.processInfo.environment, account: .deferred)
        do {
            // Fail-closed: an unreadable lock state counts as locked (LockStatus.isLocked).
            guard !bootstrap.lockStatus.isLocked() else { throw ShareFailure.locked }
            let state = bootstrap.accountManager.state
            if let account {
                guard let named = state.activeRecords.first(where: { $0.id == account }) else {
                    throw ShareFailure("noAccount", "no logged-in account with id \(account)")
                }
                record = named
            } else {
                guard let current = state.currentRecord else {
                    throw ShareFailure("noAccount", "no account: log in with `main login` first")
                }
                record = current
            }
            engine = try bootstrap.openEngine(record)
        } catch {
            bootstrap.finish()
            throw error
        }
    }

    public var layout: ContainerLayout { bootstrap.layout }

    /// The lock read again from disk, for the last moment before something is shown or sent: a
    /// lock taken while share was working still stops it.
    public func requireUnlocked() throws {
        guard !bootstrap.lock.isLocked() else { throw ShareFailure.locked }
    }

    public func finish() { bootstrap.finish() }
}

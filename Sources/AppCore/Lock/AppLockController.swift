import Container
import Cryptography
import Formats
import FoundationEssentials
import TelegramCore

/// Telegram's AppLock, main's side: the only writer of lockState.json. The passcode's PBKDF2 hash
/// lives in the AccountManager's accessChallengeData; the lock state mirrors the auto-lock timeout.
public struct AppLockController {
    public static let pbkdf2Iterations = 100_000

    let layout: ContainerLayout
    let accountManager: EngineAccountManager
    private let shared: SharedAccountContext
    /// The setting as it is now: a running app's Settings may have changed it since launch.
    var autolockTimeout: Int32 { shared.presentationData.interfaceSettings.autolockTimeout }

    public init(app: LaunchedApp) {
        layout = app.layout
        accountManager = app.shared.accountManager
        shared = app.shared
    }

    public struct Refused: Error, CustomStringConvertible {
        public let description: String
    }

    public var hasPasscode: Bool { accountManager.hasPasscode }

    /// The current state as main sees it (a missing file is "no lock" only without a passcode).
    public var reader: LockReader { accountManager.lockReader(layout) }

    public func currentState() -> LockState {
        if case .state(let s) = reader.read() { return s }
        // Unreadable while a passcode exists: treat as locked, and rewrite it whole on the next change.
        return LockState(isManuallyLocked: hasPasscode, autolockTimeout: hasPasscode ? autolockTimeout : nil)
    }

    public func isLocked() -> Bool { reader.isLocked() }

    func write(_ state: LockState) throws {
        try AtomicFile.write(try state.encoded(), to: layout.lockStatePath)
    }

    public func setPasscode(_ passcode: String) throws {
        guard passcode.count >= 4 else { throw Refused(description: "a passcode needs at least 4 characters") }
        if hasPasscode && isLocked() { throw Refused(description: "the app is locked; unlock it before changing the passcode") }
        let salt = SecureRandom.bytes(16)
        let hash = KeyDerivation.pbkdf2(password: Array(passcode.utf8), salt: salt, iterations: Self.pbkdf2Iterations)
        let kind = passcode.allSatisfy(\.isNumber) ? "numerical" : "plaintext"
        try accountManager.update {
            $0.accessChallengeData = EngineAccessChallengeData(passcode: .init(kind: kind, salt: Data(salt), iterations: Self.pbkdf2Iterations, hash: Data(hash)))
        }
        try write(LockState(isManuallyLocked: false, autolockTimeout: autolockTimeout, applicationActivityTimestamp: .now()))
    }

    public func clearPasscode() throws {
        guard hasPasscode else { throw Refused(description: "no passcode is set") }
        if isLocked() { throw Refused(description: "the app is locked; unlock it before removing the passcode") }
        try accountManager.update { $0.accessChallengeData = .none }
        try write(LockState())
    }

    public func lock() throws {
        guard hasPasscode else { throw Refused(description: "no passcode is set (set one with `main passcode set`)") }
        var state = currentState()
        state.isManuallyLocked = true
        try write(state)
    }

    /// Whether `passcode` is the one set (Settings asks for it before changing or removing it,
    /// while the app is unlocked). Nothing is counted: the person already has the unlocked app.
    public func verify(_ passcode: String) -> Bool {
        guard let stored = accountManager.state.accessChallengeData.passcode else { return false }
        let hash = KeyDerivation.pbkdf2(password: Array(passcode.utf8), salt: Array(stored.salt), iterations: stored.iterations)
        return KeyDerivation.constantTimeEquals(hash, Array(stored.hash))
    }

    public enum UnlockResult: String, Codable, Equatable, Sendable { case unlocked, alreadyUnlocked }

    /// Seconds before the next try is accepted (0: now), after failed ones.
    public var remainingWait: Int32 { UnlockPolicy.remainingWait(currentState().unlockAttemts, now: MonotonicTimestamp.now()) }

    /// Checks the passcode; failures are counted in the lock state and make the next try wait.
    public func unlock(passcode: String) throws -> UnlockResult {
        guard let stored = accountManager.state.accessChallengeData.passcode else { return .alreadyUnlocked }
        var state = currentState()
        if !isLocked() { return .alreadyUnlocked }
        let now = MonotonicTimestamp.now()
        let wait = UnlockPolicy.remainingWait(state.unlockAttemts, now: now)
        if wait > 0 { throw Refused(description: UnlockPolicy.waitText(wait)) }
        let hash = KeyDerivation.pbkdf2(password: Array(passcode.utf8), salt: Array(stored.salt), iterations: stored.iterations)
        guard KeyDerivation.constantTimeEquals(hash, Array(stored.hash)) else {
            let count = (state.unlockAttemts?.count ?? 0) + 1
            state.unlockAttemts = UnlockAttempts(count: count, timestamp: now)
            try write(state)
            let next = UnlockPolicy.waitSeconds(afterFailures: count)
            throw Refused(description: "wrong passcode (\(count) failed attempt\(count == 1 ? "" : "s")\(next > 0 ? "; next try in \(next) seconds" : ""))")
        }
        try write(LockState(isManuallyLocked: false, autolockTimeout: autolockTimeout, applicationActivityTimestamp: now))
        return .unlocked
    }

    /// Records user activity (the running app's dispatch hook calls this), keeping auto-lock away.
    /// Returns false, writing nothing, when there is no passcode or the app was already locked at
    /// that moment: activity after the app locked does not unlock it.
    @discardableResult
    public func recordActivity(_ at: MonotonicTimestamp) throws -> Bool {
        var state = currentState()
        guard hasPasscode, !state.isAppLocked(now: at) else { return false }
        if state.applicationActivityTimestamp == at { return true }
        state.applicationActivityTimestamp = at
        try write(state)
        return true
    }
}

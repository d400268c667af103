import Container
import Formats
import TelegramCore

/// Phase: the app lock (Telegram sets up its AppLockContext at this point of the launch). The
/// writer repairs a lock state that readers cannot use. With a passcode set, a missing or
/// unreadable file is rewritten locked: extensions already read it as locked, and the rewrite
/// keeps every reader agreeing with `main status` until the person unlocks with the passcode.
/// Without a passcode there is nothing to protect, and an unreadable file (which readers take as
/// locked, with no passcode to unlock it) is rewritten as the plain unlocked state.
enum AppLockPhase {
    /// What it did, for the app log; nil when nothing needed doing.
    static func run(accountManager: EngineAccountManager, layout: ContainerLayout, autolockTimeout: Int32, mode: LaunchMode) throws -> String? {
        guard mode == .writer else { return nil }
        let reader = accountManager.lockReader(layout)
        let passcodeSet = reader.passcodeSet
        let status = reader.read()
        let repaired: LockState
        switch status {
        case .state, .noLockFile:
            return nil
        case .missingWithPasscode, .unreadable:
            repaired = passcodeSet ? LockState(isManuallyLocked: true, autolockTimeout: autolockTimeout) : LockState()
        }
        // AtomicFile's rename replaces whatever entry is there (a FIFO, a link) without writing
        // through it; only a directory would make the rename fail.
        if FileSystem.isDirectory(layout.lockStatePath, followLinks: false) { try FileSystem.removeTree(layout.lockStatePath) }
        try AtomicFile.write(try repaired.encoded(), to: layout.lockStatePath)
        return "lock state rewritten \(passcodeSet ? "locked" : "without a passcode") (\(status.summary))"
    }
}

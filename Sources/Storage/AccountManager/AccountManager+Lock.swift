import Container
import Formats

extension AccountManager {
    /// Whether the app has a passcode: the AccountManager's word, which every process reads in its
    /// launch or bootstrap, and which the lock file alone cannot give (a deleted file would
    /// otherwise read as "never had a passcode").
    public var hasPasscode: Bool { state.accessChallengeData.passcode != nil }

    /// The lock state as this process reads it, each time it matters.
    public func lockReader(_ layout: ContainerLayout) -> LockReader {
        LockReader(path: layout.lockStatePath, passcodeSet: hasPasscode)
    }
}

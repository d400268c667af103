/// The passcode lock as every process reads it, and what the lock screen and Settings do to it.
@MainActor
protocol PasscodeActions: AnyObject {
    /// A passcode set and the file locked, or the auto-lock timeout passed.
    var isLocked: Bool { get }
    var hasPasscode: Bool { get }
    func setPasscode(_ passcode: String) throws
    func verifyPasscode(_ passcode: String) -> Bool
    func clearPasscode() throws
    func lock() throws
    /// `main unlock`'s policy: failures counted, the next try made to wait.
    func unlock(passcode: String) throws
    /// Seconds before the next try is accepted (0: now).
    var unlockWait: Int32 { get }
}

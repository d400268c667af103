import FoundationEssentials
import Container

/// `{"bootTimestamp": Int32, "uptime": Int32}`, Telegram's MonotonicTimestamp.
public struct MonotonicTimestamp: Codable, Equatable, Sendable {
    public var bootTimestamp: Int32
    public var uptime: Int32

    public init(bootTimestamp: Int32, uptime: Int32) {
        self.bootTimestamp = bootTimestamp
        self.uptime = uptime
    }

    public init(_ uptime: DeviceUptime) {
        self.init(bootTimestamp: uptime.bootTimestamp, uptime: uptime.uptime)
    }

    public static func now() -> MonotonicTimestamp { MonotonicTimestamp(DeviceUptime.now()) }
}

public struct UnlockAttempts: Codable, Equatable, Sendable {
    public var count: Int32
    public var timestamp: MonotonicTimestamp

    public init(count: Int32, timestamp: MonotonicTimestamp) {
        self.count = count
        self.timestamp = timestamp
    }
}

/// `telegram-data/lockState.json`, Telegram's AppLockState byte for byte in its keys
/// (including the misspelt `unlockAttemts`). Only main writes it.
public struct LockState: Codable, Equatable, Sendable {
    public var isManuallyLocked: Bool
    public var autolockTimeout: Int32?
    public var unlockAttemts: UnlockAttempts?
    public var applicationActivityTimestamp: MonotonicTimestamp?
    public var forceLockOnLaunch: Bool

    public init(isManuallyLocked: Bool = false, autolockTimeout: Int32? = nil, unlockAttemts: UnlockAttempts? = nil,
                applicationActivityTimestamp: MonotonicTimestamp? = nil, forceLockOnLaunch: Bool = false) {
        self.isManuallyLocked = isManuallyLocked
        self.autolockTimeout = autolockTimeout
        self.unlockAttemts = unlockAttemts
        self.applicationActivityTimestamp = applicationActivityTimestamp
        self.forceLockOnLaunch = forceLockOnLaunch
    }

    // Older Telegram files have no forceLockOnLaunch; a present key of the wrong type still fails.
    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        isManuallyLocked = try c.decode(Bool.self, forKey: .isManuallyLocked)
        autolockTimeout = try c.decodeIfPresent(Int32.self, forKey: .autolockTimeout)
        unlockAttemts = try c.decodeIfPresent(UnlockAttempts.self, forKey: .unlockAttemts)
        applicationActivityTimestamp = try c.decodeIfPresent(MonotonicTimestamp.self, forKey: .applicationActivityTimestamp)
        forceLockOnLaunch = try c.decodeIfPresent(Bool.self, forKey: .forceLockOnLaunch) ?? false
    }

    /// Telegram's `isAppLocked(state:)`: manually locked; or, with an auto-lock timeout, no activity
    /// recorded, a different boot, or the timeout elapsed since the last activity.
    public func isAppLocked(now: MonotonicTimestamp = .now()) -> Bool {
        if isManuallyLocked { return true }
        guard let autolockTimeout else { return false }
        guard let activity = applicationActivityTimestamp else { return true }
        if now.bootTimestamp != activity.bootTimestamp { return true }
        return Int64(now.uptime) >= Int64(activity.uptime) + Int64(autolockTimeout)
    }

    public func encoded() throws -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return Array(try encoder.encode(self))
    }
}

/// What a reader found. Fail-closed: a missing file means unlocked only when no passcode is set;
/// with a passcode, a missing file, and any file that cannot be read or decoded (a FIFO, a link,
/// a duplicate key, junk), mean locked, because guessing "unlocked" would reveal content
/// (Telegram's readers fail open here; a public fork's `isAppLockedFailClosed` does not).
public enum LockStatus: Equatable, Sendable {
    case noLockFile
    /// The file is gone while the AccountManager says a passcode is set: someone removed it.
    case missingWithPasscode
    case state(LockState)
    case unreadable(reason: String)

    public func isLocked(now: MonotonicTimestamp = .now()) -> Bool {
        switch self {
        case .noLockFile: return false
        case .missingWithPasscode: return true
        case .state(let s): return s.isAppLocked(now: now)
        case .unreadable: return true
        }
    }

    public var summary: String {
        switch self {
        case .noLockFile: return "no lock file (no passcode)"
        case .missingWithPasscode: return "locked (lock state missing while a passcode is set)"
        case .state(let s): return s.isAppLocked() ? "locked" : "unlocked"
        case .unreadable(let reason): return "locked (lock state unreadable: \(reason))"
        }
    }

    /// `passcodeSet` is what the AccountManager says (every process reads it in its bootstrap):
    /// the lock file alone cannot tell "never had a passcode" from "deleted".
    public static func read(path: String, passcodeSet: Bool) -> LockStatus {
        let bytes: [UInt8]
        do {
            guard let read = try FileSystem.readFileIfExists(path, limit: 64 * 1024) else {
                return passcodeSet ? .missingWithPasscode : .noLockFile
            }
            bytes = read
        } catch {
            return .unreadable(reason: "\(error)")
        }
        return parse(bytes)
    }

    /// The file's bytes as a status: a lock state, or unreadable (malformed JSON, a duplicate key,
    /// a field of the wrong type).
    public static func parse(_ bytes: [UInt8]) -> LockStatus {
        do {
            return .state(try StrictJSON.decode(LockState.self, from: bytes))
        } catch let rejected as StrictJSON.Rejected {
            return .unreadable(reason: rejected.description)
        } catch {
            return .unreadable(reason: "not a valid lock state")
        }
    }
}

/// The lock as one process reads it, again at each moment it matters (a bootstrap, a delivery):
/// the file's path with the AccountManager's word on whether a passcode is set.
public struct LockReader: Sendable {
    public let path: String
    public let passcodeSet: Bool

    public init(path: String, passcodeSet: Bool) {
        self.path = path
        self.passcodeSet = passcodeSet
    }

    public func read() -> LockStatus { LockStatus.read(path: path, passcodeSet: passcodeSet) }
    public func isLocked(now: MonotonicTimestamp = .now()) -> Bool { read().isLocked(now: now) }
}

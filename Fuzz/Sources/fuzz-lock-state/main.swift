import Formats
import FuzzSupport

/// `lockState.json`, written by main and read by every extension before it shows anything:
/// `LockStatus.parse`, and `LockStatus.read` on the same bytes in a file.
/// Properties: fail-closed (anything that is not a lock state reads as locked); JSON naming a
/// key twice is refused; a lock state survives main's encoding; the file reader and the byte
/// parser agree; judging the lock never traps, whatever the timestamps.
let file = ScratchFile("lockState.json")

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let input = fuzzBytes(start, count)
    let status = LockStatus.parse(input)
    file.write(input)
    for passcodeSet in [false, true] {
        invariant(LockStatus.read(path: file.path, passcodeSet: passcodeSet) == status,
                  "LockStatus.read and LockStatus.parse disagree on \(describe(input))")
    }
    switch status {
    case .state(let state):
        checkNoDuplicateKeys(input, "LockStatus.parse")
        checkJSONRoundTrip(state, "LockState", input: input) {
            guard case .state(let again) = LockStatus.parse($0) else { throw Unreadable() }
            return again
        }
        let extremes: [Int32] = [.min, -1, 0, 1, .max]
        for boot in extremes { for uptime in extremes { _ = state.isAppLocked(now: MonotonicTimestamp(bootTimestamp: boot, uptime: uptime)) } }
    case .unreadable:
        invariant(status.isLocked(), "an unreadable lock file reads as unlocked: \(describe(input))")
    default:
        violated("LockStatus.parse gave \(status) for a file that exists: \(describe(input))")
    }
    return 0
}

struct Unreadable: Error {}

@_cdecl("LLVMFuzzerInitialize")
public func initialize(_ argc: UnsafeMutableRawPointer, _ argv: UnsafeMutableRawPointer) -> CInt {
    Seeds.writeIfRequested {
        let full = LockState(isManuallyLocked: false, autolockTimeout: 60,
                             unlockAttemts: UnlockAttempts(count: 2, timestamp: MonotonicTimestamp(bootTimestamp: 1_700_000_000, uptime: 1234)),
                             applicationActivityTimestamp: MonotonicTimestamp(bootTimestamp: 1_700_000_000, uptime: 1200), forceLockOnLaunch: true)
        return [
            ("full.json", try! full.encoded()),
            ("locked.json", try! LockState(isManuallyLocked: true).encoded()),
            ("telegram-old.json", Array(#"{"isManuallyLocked":false,"autolockTimeout":3600,"applicationActivityTimestamp":{"bootTimestamp":-5,"uptime":2147483647}}"#.utf8)),
            ("wrong-type.json", Array(#"{"isManuallyLocked":"no"}"#.utf8)),
            ("int-overflow.json", Array(#"{"isManuallyLocked":false,"autolockTimeout":2147483648}"#.utf8)),
            ("duplicate-key.json", Array(#"{"isManuallyLocked":true,"isManuallyLocked":false}"#.utf8)),
            ("not-json", Array("locked".utf8)),
        ]
    }
    return 0
}

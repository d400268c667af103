import Foundation
import Testing
import Container
import TestSupport
#if canImport(Glibc)
import Glibc
#endif

/// The harness itself must be able to fail a test: a hung child is killed and reported.
@Suite("Process harness")
struct HarnessTests {
    @Test("A child that outlives its timeout is killed and the run throws")
    func timeoutKillsAndThrows() async throws {
        let sandbox = try Sandbox("harness")
        defer { sandbox.remove() }
        let sleeper = try sandbox.spawnRaw("/bin/sleep", ["30"], label: "sleep")
        await #expect(throws: HarnessError.self) { _ = try await sleeper.wait(timeout: 0.3) }
        #expect(!sleeper.isRunning)
        #expect(sleeper.child.termination?.signal == SIGKILL)
    }

    /// The deadline holds even when the waiting task is late (the pool busy with other tests):
    /// here the waiting task is simply away past it.
    @Test("A child is killed at its deadline by a thread of its own, whatever the waiting task does")
    func deadlineKillerFires() async throws {
        let sandbox = try Sandbox("harness")
        defer { sandbox.remove() }
        let sleeper = try sandbox.spawnRaw("/bin/sleep", ["30"], label: "sleep")
        let killer = DeadlineKiller(sleeper.child, deadline: Clock.monotonicNanoseconds() + 200_000_000)
        await onThread { _ = usleep(1_500_000) }
        #expect(killer.fired)
        #expect(!sleeper.isRunning)
        let quick = try sandbox.spawnRaw("/bin/true", [], label: "true")
        let spared = DeadlineKiller(quick.child, deadline: Clock.monotonicNanoseconds() + 200_000_000)
        await onThread { _ = usleep(500_000) }
        #expect(!spared.fired)
    }

    @Test("Children start with default signal dispositions and an empty signal mask")
    func childSignalState() async throws {
        let sandbox = try Sandbox("harness")
        defer { sandbox.remove() }
        let result = try await sandbox.spawnRaw("/bin/sh", ["-c", "grep -E '^Sig(Blk|Ign):' /proc/self/status"], label: "sig")
            .wait(timeout: 10)
        #expect(result.exitCode == 0, "\(result)")
        // SIGTERM (15), SIGINT (2) and SIGXFSZ (25) must reach the product's own handlers.
        for line in result.stdout.split(separator: "\n") {
            let mask = UInt64(line.split(separator: "\t").last ?? "", radix: 16) ?? 0
            for signal: UInt64 in [2, 15, 25] {
                #expect(mask & (1 << (signal - 1)) == 0, "signal \(signal) set in \(line)")
            }
        }
    }

    /// A child that outlives its test (a tmux server) must not hold another test's pipe open.
    @Test("Children inherit no descriptor but their three standard streams")
    func childInheritsNoDescriptors() async throws {
        let sandbox = try Sandbox("harness")
        defer { sandbox.remove() }
        var ends: [Int32] = [-1, -1]
        #expect(pipe(&ends) == 0)
        defer { ends.forEach { close($0) } }
        let result = try await sandbox.spawnRaw("/bin/sh", ["-c", "ls /proc/$$/fd"], label: "fds").wait(timeout: 10)
        #expect(result.exitCode == 0, "\(result)")
        #expect(result.stdout.split(separator: "\n").sorted() == ["0", "1", "2"], "\(result)")
    }

    @Test("The key watcher sees a .tempkey that is put in place twice (a rename-over race)")
    func watcherSeesReplacedKey() async throws {
        let sandbox = try Sandbox("harness")
        defer { sandbox.remove() }
        let watcher = try KeyFileWatcher(containerPath: sandbox.container)
        let root = sandbox.layout.rootPath
        let script = """
            mkdir -p '\(root)' && sleep 0.2 && cd '\(root)' &&
            head -c 48 /dev/urandom > .k1 && head -c 48 /dev/urandom > .k2 &&
            mv .k1 .tempkey && mv .k2 .tempkey
            """
        let result = try await sandbox.spawnRaw("/bin/sh", ["-c", script], label: "fake-race").wait(timeout: 10)
        watcher.stop()
        #expect(result.exitCode == 0, "\(result)")
        #expect(watcher.observedFromStart)
        let arrivals = watcher.keyEvents.filter { $0.mask & (UInt32(IN_CREATE) | UInt32(IN_MOVED_TO)) != 0 }
        #expect(arrivals.count == 2, "\(watcher.keyEvents)")
    }
}

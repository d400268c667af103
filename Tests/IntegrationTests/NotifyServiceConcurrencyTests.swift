import Foundation
import Testing
import Container
import Storage
import TestSupport

/// notify-service under time pressure and beside a busy writer: the deadline delivers in time,
/// and a read-only reader is never turned away by main writing at full speed.
@Suite("notify-service under deadline and concurrency")
struct NotifyServiceConcurrencyTests {
    @Test("--deadline 1 with a stdin that never closes: the deadline fallback within seconds", .timeLimit(.minutes(5)))
    func deadlineOnOpenStdin() async throws {
        try await withSandbox("ns-deadline-stdin") { sandbox in
            try await sandbox.login()
            // Half a push, then nothing: the pipe stays open, so the read never ends.
            let (process, input) = try sandbox.startWithOpenStdin(NotifyService.executable, ["--deadline", "1", "--json"],
                                                                  initialInput: "{\"aps\": {\"alert\": ")
            defer { try? input.close() }
            // The same executable started at the same moment (--help: no container, no store): how long
            // a launch takes right now (seconds on a loaded 2-core machine), so the bound is the deadline's.
            let reference = try sandbox.start(NotifyService.executable, ["--help"])
            let result = try await process.wait(timeout: 20, context: "notify-service --deadline 1 on an open stdin")
            let launch = try await reference.wait(timeout: 20, context: "the reference launch")
            let (_, content) = try Sandbox.decodeDelivery(result)
            #expect(result.exitCode == 2, "\(result)")
            #expect(content.status == "fallback", "\(result)")
            #expect(content.reason == "deadline", "\(result)")
            #expect(content.deadlineExpired, "\(result)")
            #expect(content.body == NotifyService.genericBody, "\(result)")
            #expect(result.seconds < launch.seconds + 3, "took \(result.seconds) s with --deadline 1 (a bare launch took \(launch.seconds) s)")
        }
    }

    /// Pushes arrive together (several messages at once, or several accounts): the system starts
    /// one notify-service per push, and every launch bootstraps (TempBox, logs, AccountManager) and
    /// draws the same avatars at the same moment. None may lose its push to that.
    @Test("Pushes arriving together: 4 bursts of 30 concurrent deliveries, none falls back", .timeLimit(.minutes(5)))
    func burstsOfConcurrentDeliveries() async throws {
        try await withSandbox("ns-bursts") { sandbox in
            let fixture = try await NotifyFixture.make(sandbox)
            let chats = fixture.chats.filter { !$0.muted }
            var lines: [String] = []
            for n in 0..<6 { lines.append(try await sandbox.sendPush(peer: chats[n % chats.count].peerId, text: "burst \(n) a1Mv").line) }
            var failures: [String] = []
            var delivered = 0
            for burst in 0..<4 {
                let started = try (0..<30).map { n in try sandbox.start(NotifyService.executable, ["--json"], stdin: lines[n % lines.count]) }
                for process in started {
                    let (result, content) = try Sandbox.decodeDelivery(try await process.wait(timeout: 90))
                    if content.status == "delivered" { delivered += 1 } else {
                        failures.append("burst \(burst): \(content.status) \(content.reason ?? "-"): \(content.detail ?? "-") [exit \(result.exitCode.map(String.init) ?? "signal")]")
                    }
                }
            }
            #expect(failures.isEmpty, "\(failures.count) of \(failures.count + delivered) deliveries did not deliver:\n\(failures.joined(separator: "\n"))")
        }
    }

    // A guard against a hang, not a measure: on the full suite's busy pool the fixture, 20 pushes
    // made one by one and the seed (45-55 s of it) took past three minutes.
    @Test("20 concurrent deliveries while main seed writes 200,000 messages: every one delivered",
          .timeLimit(.minutes(5)))
    func deliveriesDuringSeed() async throws {
        try await withSandbox("ns-concurrent-seed") { sandbox in
            // 60 chats; the second seed below rewrites only the first 30 (their read states too,
            // which would rightly suppress pushes there as already read), so the pushes go to the
            // other 30, which nobody writes while they are delivered.
            let fixture = try await NotifyFixture.make(sandbox, peers: 60, messages: 500)
            let targets = fixture.chats.filter { !$0.muted && $0.rawId >= 1_000_030 }.sorted { $0.peerId < $1.peerId }.prefix(20)
            #expect(targets.count == 20, "only \(targets.count) untouched, unmuted chats: \(fixture.chats.map(\.peerId))")
            var pushes: [(NotifyChatRow, NotifyPush)] = []
            for (n, chat) in targets.enumerated() {
                pushes.append((chat, try await sandbox.sendPush(peer: chat.peerId, text: "concurrent \(n) e9Tb")))
            }

            let walPath = fixture.postboxDatabase + "-wal"
            let seeding = try sandbox.start(Executables.main, ["seed", "--peers", "30", "--messages", "200000"])
            // Wait until the seed is writing (its WAL grows), then deliver everything at once.
            let waitStart = Clock.monotonicNanoseconds()
            while (ContainerFiles.size(walPath) ?? 0) == 0 && seeding.isRunning && Clock.milliseconds(since: waitStart) < 30_000 {
                try await Task.sleep(for: .milliseconds(5))
            }
            var deliveries: [RunningProcess] = []
            for (_, push) in pushes {
                deliveries.append(try sandbox.start(NotifyService.executable, ["--json"], stdin: push.line))
            }
            let seedRunningAfterStart = seeding.isRunning
            var results: [(NotifyChatRow, NotifyPush, ProcessResult, NotifyContent)] = []
            for ((chat, push), process) in zip(pushes, deliveries) {
                let (result, content) = try Sandbox.decodeDelivery(try await process.wait(timeout: 90))
                results.append((chat, push, result, content))
            }
            let seedRunningAfterDeliveries = seeding.isRunning
            let seeded = try await seeding.wait(timeout: 120)
            #expect(seeded.exitCode == 0, "\(seeded)")
            #expect(seedRunningAfterStart, "main seed had finished before the deliveries started; nothing ran concurrently: \(seeded)")

            var notDelivered: [String] = []
            for (chat, push, result, content) in results {
                guard content.status == "delivered" else {
                    notDelivered.append("chat \(chat.peerId): \(content.status) \(content.reason ?? "-"): \(content.detail ?? "-")")
                    continue
                }
                #expect(content.userInfo["peerId"] == String(chat.peerId), "\(result)")
                #expect(content.userInfo["msg_id"] == push.messageId.map(String.init), "\(result)")
            }
            #expect(notDelivered.isEmpty, "\(notDelivered.count) of \(results.count) not delivered:\n\(notDelivered.joined(separator: "\n"))")
            print("concurrent deliveries: \(results.count), seed still writing when they ended: \(seedRunningAfterDeliveries), "
                  + "seed took \(String(format: "%.1f", seeded.seconds)) s")
        }
    }
}

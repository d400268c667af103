import Foundation
import Testing
import Container
import TestSupport
#if canImport(Glibc)
import Glibc
#endif

// Helpers for StoppedMainTests: stopping main (SIGSTOP, iOS's suspension) and seeing from
// outside what it holds while stopped, then running every extension and main's read-only paths
// against it.

enum StoppedMain {
    /// Waits until the kernel reports `pid` stopped (the signal is delivered asynchronously).
    static func waitUntilStopped(_ pid: Int32) async throws {
        let start = Clock.monotonicNanoseconds()
        while ProcessState.of(pid) != .stopped {
            guard Clock.milliseconds(since: start) < 10_000 else { throw HarnessError("pid \(pid) did not stop within 10 s") }
            try await Task.sleep(for: .milliseconds(1))
        }
    }

    /// SQLite's unix VFS keeps the WAL's locks in `-shm` from offset 120, one byte each: the write
    /// lock (BEGIN IMMEDIATE to COMMIT), then the checkpoint lock, the recovery lock and the read
    /// locks (a checkpoint copying frames holds read lock 0 exclusively).
    enum WALLock: Int {
        case write = 120
        case checkpoint = 121
        case read0 = 123
    }

    /// Whether `pid` holds `lock` exclusively on the database whose `-shm` is `shmPath`: asked of
    /// the kernel with F_GETLK, which names the holder of a lock that would block a write lock on
    /// that byte, in one atomic look. (/proc/locks, read before, is a seq_file served a page per
    /// read(2): with parallel tests taking and dropping locks between two reads, main's line could be
    /// skipped in every read, and a stopped main looked as if it had let go.) Closing the
    /// descriptor drops this process's own POSIX locks on the file; the test holds none on it.
    static func holds(_ pid: Int32, _ lock: WALLock, shmPath: String) -> Bool {
        let fd = open(shmPath, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        var query = flock()
        query.l_type = Int16(F_WRLCK)
        query.l_whence = Int16(SEEK_SET)
        query.l_start = off_t(lock.rawValue)
        query.l_len = 1
        guard fcntl(fd, F_GETLK, &query) == 0 else { return false }
        return query.l_type == Int16(F_WRLCK) && query.l_pid == pid
    }

    /// Entries of one of the request directories.
    static func entries(_ sandbox: Sandbox, _ directory: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: sandbox.layout.requestsPath + "/" + directory)) ?? []).sorted()
    }

    /// How many of `peer`'s newest `limit` messages have exactly `text`.
    static func occurrences(_ sandbox: Sandbox, peer: Int64, text: String, limit: Int = 2000) async throws -> Int {
        try await texts(sandbox, peer: peer, limit: limit).filter { $0 == text }.count
    }

    static func texts(_ sandbox: Sandbox, peer: Int64, limit: Int = 2000) async throws -> [String] {
        let result = try await sandbox.runOK(Executables.main, ["messages", "--peer", "\(peer)", "--limit", "\(limit)", "--json"])
        guard let messages = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]] else {
            throw HarnessError("main messages --json is not an array: \(result)")
        }
        return messages.compactMap { $0["text"] as? String }
    }

    /// Waits until main has drained everything: nothing pending or claimed, and an ack for each id.
    static func waitUntilApplied(_ sandbox: Sandbox, ids: [String], timeout: Double) async throws {
        let start = Clock.monotonicNanoseconds()
        while true {
            let pending = entries(sandbox, "pending")
            let acks = Set(entries(sandbox, "acks"))
            if pending.isEmpty && ids.allSatisfy(acks.contains) { return }
            guard Clock.milliseconds(since: start) < timeout * 1000 else {
                throw HarnessError("after \(timeout) s: pending \(pending.count), acks missing for \(ids.filter { !acks.contains($0) })")
            }
            try await Task.sleep(for: .milliseconds(20))
        }
    }
}

/// What each process did while main was stopped.
struct WhileStopped {
    var shareRequestId: String
    var intentRequestId: String
}

extension Sandbox {
    /// With main (`mainPid`) stopped: notify-service delivering `push`, share to `sharePeer`,
    /// intents sending to `intentPeer`, the widget's timeline, and main's read-only `status` and
    /// `chats`, all at once. Each must finish within its own deadline with an honest answer:
    /// the push delivered in full (the Postbox is readable behind a stopped writer), share
    /// "queued" and intents "inProgress/queued" (never "sent": main is not applying anything),
    /// the widget's and main's reads answered, `status` naming the stopped pid.
    func runEveryReaderWhileStopped(mainPid: Int32, push: NotifyPush, sharePeer: Int64, shareText: String,
                                    intentPeer: Int64, intentText: String, context: String) async throws -> WhileStopped {
        // Deadlines far longer than the answers may take: a stopped main is noticed (/proc), not
        // waited out, so share and intents say queued well before them.
        let shareDeadline = 60.0, intentDeadline = 60.0, notifyDeadline = 30.0
        let notify = try start(NotifyService.executable, ["--json"], stdin: push.line)
        let share = try start("share", ["--to", "\(sharePeer)", "--text", shareText, "--deadline", "\(shareDeadline)", "--json"])
        let intent = try start(Intents.executable, ["send-message", "--to", "tg\(intentPeer)", "--text", intentText,
                                                    "--deadline", "\(intentDeadline)", "--json"])
        let widget = try start(Widget.executable, ["timeline", "--json"])
        let status = try start(Executables.main, ["status", "--json"])
        let chats = try start(Executables.main, ["chats", "--limit", "10", "--json"])
        // A launch on this loaded 2-core machine can take seconds; the deadlines are the commands' own.
        let launchSlack = 10.0

        let (notified, content) = try Sandbox.decodeDelivery(try await notify.wait(timeout: 90, context: "\(context): notify-service"))
        #expect(content.status == "delivered" && !content.deadlineExpired,
                "\(context): the push was not delivered in full behind a stopped main: \(content.status) \(content.reason ?? "-") \(content.detail ?? "-"): \(notified)")
        #expect(content.userInfo["msg_id"] == push.messageId.map(String.init), "\(context): \(notified)")
        #expect(notified.seconds < notifyDeadline, "\(context): notify-service took \(notified.seconds) s: \(notified)")

        let shared = try await share.wait(timeout: 90, context: "\(context): share")
        let shareJSON = try shared.json()
        #expect(shared.exitCode == 0 && shareJSON["status"] as? String == "queued" && shareJSON["appRunning"] as? Bool == true,
                "\(context): share must say queued (never sent) while main is stopped: \(shared)")
        #expect(shared.seconds < launchSlack, "\(context): share waited \(shared.seconds) s on a stopped main: \(shared)")

        let intended = try await intent.wait(timeout: 90, context: "\(context): intents")
        let intentJSON = try intended.json()
        #expect(intended.exitCode == 0 && intentJSON["code"] as? String == "inProgress" && intentJSON["reason"] as? String == "queued"
                && intentJSON["queued"] as? Bool == true,
                "\(context): intents must say queued while main is stopped: \(intended)")
        #expect(intended.seconds < launchSlack, "\(context): intents waited \(intended.seconds) s on a stopped main: \(intended)")

        let timeline = try await widget.wait(timeout: 90, context: "\(context): widget timeline")
        #expect(timeline.exitCode == 0 && timeline.seconds < launchSlack, "\(context): \(timeline)")

        let statusResult = try await status.wait(timeout: 90, context: "\(context): main status")
        #expect(statusResult.exitCode == 0 && statusResult.seconds < launchSlack, "\(context): \(statusResult)")
        if statusResult.exitCode == 0 {
            let running = try statusResult.json()["runningApp"] as? [String: Any]
            #expect(running?["pid"] as? Int == Int(mainPid) && running?["stopped"] as? Bool == true,
                    "\(context): main status does not say main is stopped: \(statusResult)")
        }
        let chatList = try await chats.wait(timeout: 90, context: "\(context): main chats")
        #expect(chatList.exitCode == 0 && chatList.seconds < launchSlack, "\(context): \(chatList)")

        print("\(context): seconds each took: notify-service \(notified.seconds), share \(shared.seconds), intents \(intended.seconds), "
              + "widget \(timeline.seconds), status \(statusResult.seconds), chats \(chatList.seconds)")
        return WhileStopped(shareRequestId: shareJSON["requestId"] as? String ?? "", intentRequestId: intentJSON["requestId"] as? String ?? "")
    }
}

import Foundation
import Testing
import Container
import BroadcastIPC
import Synchronization
import TestSupport
#if canImport(Glibc)
import Glibc
#endif

/// The broadcast's proof, delivery half: real `main` and `broadcast` processes stream frames and audio
/// through the container in both of Telegram's modes and with both kinds of host, every
/// accepted frame proves itself whole, and every frame the extension sent is accounted for.
@Suite("Screen broadcast: delivery between main and the extension")
struct BroadcastStreamingTests {
    @Test("In-process, main call start as the app: every frame verified, audio arrives, a second call refused; main call end ends it and cleans up",
          .timeLimit(.minutes(5)))
    func inProcessSelfHosted() async throws {
        try await withSandbox("bc-inproc") { sandbox in
            try await BroadcastFixture.prepare(sandbox)
            let (host, start) = try await BroadcastFixture.startCall(sandbox)
            defer { host.kill9() }
            #expect(start.host == "this process" && start.hostPid == host.pid, "start line: \(start)")
            #expect(start.mode == "inProcess" && start.peerId == BroadcastFixture.peer)
            #expect(start.directory == sandbox.layout.broadcastCoordinationPath)
            // The ring and the FIFO are there before the extension's first look (Telegram's order).
            #expect(start.frameFile == start.directory + "/" + BroadcastFileNames.frameData(id: start.callId))
            #expect(start.audioFifo == start.directory + "/" + BroadcastFileNames.audio(id: start.callId))
            #expect((ContainerFiles.size(start.frameFile) ?? 0) > 0, "no frame ring at \(start.frameFile)")
            var st = stat()
            #expect(lstat(start.audioFifo ?? "", &st) == 0 && st.st_mode & S_IFMT == S_IFIFO, "no FIFO at \(start.audioFifo ?? "nil")")
            #expect(BroadcastCoordinationType.read(layout: sandbox.layout) == .inProcess)

            // Stopped by SIGINT (the user stopping it, as --duration does) once main has taken 15
            // frames and some audio: a fixed duration proves nothing on a starved machine, where
            // CI once saw 12 frames in 2.5 s.
            let ext = try BroadcastFixture.startBroadcast(sandbox, ["--size", BroadcastFixture.smallSize, "--fps", "30", "--duration", "120"])
            defer { ext.kill9() }
            // Meanwhile a second call is refused by the process hosting this one (it is the app).
            let second = try await sandbox.run(Executables.main, ["call", "start", "--peer", "\(BroadcastFixture.peer)", "--embedded"], timeout: 30)
            #expect(second.exitCode == 1 && second.stderr.contains("a call is already running (id \(start.callId)"), "second call start: \(second)")
            #expect(host.isRunning)

            try await BroadcastFixture.waitForStats(sandbox, timeout: 60, "15 frames and some audio taken") {
                $0.framesReceived >= 15 && $0.audioBytes > 0
            }
            ext.send(SIGINT)
            let result = try await ext.wait(timeout: 20, context: "broadcast stopped by SIGINT")
            #expect(result.exitCode == 0, "\(result)")
            let report = try BroadcastFixture.report(result)
            #expect(report.status == "finished" && report.reason == "userStopped" && report.detail == nil, "\(result)")
            #expect(report.mode == "inProcess" && report.callId == start.callId)
            #expect(report.statuses == ["active", "finished"], "transitions \(report.transitions)")
            #expect(report.framesSent >= 15, "main took 15 frames but the extension counts \(report.framesSent) sent")
            #expect(report.audioBytesSent > 0 && report.audioBytesDropped == 0, "audio \(report.audioBytesSent) sent, \(report.audioBytesDropped) dropped")
            // Telegram's deinit: the keepalive goes with the extension.
            #expect(!ContainerFiles.exists(start.directory + "/" + BroadcastFileNames.keepaliveInfo))

            // Once main has looked at the last frame sent, every frame number is accounted for
            // exactly once, every accepted frame verified, and every audio chunk read.
            let stats = try await BroadcastFixture.waitForStats(sandbox, timeout: 5, "all \(report.framesSent) frames and \(report.audioBytesSent) audio bytes accounted") {
                $0.accounted == report.framesSent && $0.audioBytes == report.audioBytesSent && !$0.extensionActive
            }
            #expect(stats.framesReceived > 0 && stats.framesVerified == stats.framesReceived, "\(stats)")
            #expect(stats.checksumFailures == 0 && stats.framesRejected == 0 && stats.framesNotSynthetic == 0, "\(stats)")
            #expect(stats.audioBytes > 0 && stats.audioChunks > 0 && stats.audioStatus == "open", "\(stats)")
            #expect(stats.frameGeometry?.hasPrefix("320×240") == true, "\(stats.frameGeometry ?? "nil")")
            #expect(stats.extensionStatus.hasPrefix("inactive: "), "\(stats)")
            #expect(stats.callId == start.callId && stats.hostPid == host.pid && !stats.ended)

            // `main call end` is handed to the process hosting the call, which then stops.
            let end = try await sandbox.run(Executables.main, ["call", "end", "--json"], timeout: 30)
            #expect(end.exitCode == 0, "\(end)")
            let ended = try JSONDecoder().decode(CallStatsFile.self, from: Data(end.stdout.utf8))
            #expect(ended.ended && ended.endReason?.contains("main call end") == true && ended.live == false, "\(ended)")
            #expect(ended.frameSource == "closed" && ended.framesVerified == stats.framesVerified, "\(ended)")
            let hostResult = try await host.wait(timeout: 15, context: "main call start after `main call end`")
            #expect(hostResult.exitCode == 0, "\(hostResult)")
            let final = try BroadcastFixture.finalStats(hostResult)
            #expect(final.ended && final.callId == start.callId && final.framesVerified == stats.framesVerified)
            #expect(BroadcastFixture.perCallFiles(sandbox).isEmpty, "ring/FIFO left: \(BroadcastFixture.perCallFiles(sandbox))")
            // The statistics stay for `main call stats`.
            let later = try await sandbox.run(Executables.main, ["call", "stats", "--json"])
            #expect(later.exitCode == 0 && (try? later.json()["ended"] as? Bool) == true, "\(later)")
        }
    }

    @Test("Embedded (--embedded): join handshake, the extension's own sink, every frame verified, no FIFO; SIGTERM ends the host",
          .timeLimit(.minutes(5)))
    func embeddedMode() async throws {
        try await withSandbox("bc-embedded") { sandbox in
            try await BroadcastFixture.prepare(sandbox)
            let (host, start) = try await BroadcastFixture.startCall(sandbox, ["--embedded"])
            defer { host.kill9() }
            #expect(start.mode == "embedded" && start.audioFifo == nil, "start line: \(start)")
            #expect(start.directory == sandbox.layout.embeddedBroadcastCoordinationPath)
            #expect(start.frameFile == start.directory + "/" + BroadcastFileNames.sink(id: start.callId))
            let typeFile = ContainerFiles.bytes(sandbox.layout.broadcastCoordinationTypePath).map { String(decoding: $0, as: UTF8.self) }
            #expect(typeFile?.trimmingCharacters(in: .whitespacesAndNewlines) == "ipc", "broadcast-coordination-type: \(typeFile ?? "missing")")

            // Stopped by SIGINT (the user stopping it, as --duration does) once main has taken 15
            // frames and some audio: a fixed duration proves nothing on a starved machine, where
            // CI once saw 12 frames in 2.5 s.
            let ext = try BroadcastFixture.startBroadcast(sandbox, ["--size", BroadcastFixture.smallSize, "--fps", "30", "--duration", "120"])
            defer { ext.kill9() }
            // main answers the join (the answer stays in the statistics).
            let joined = try await BroadcastFixture.waitForStats(sandbox, embedded: true, timeout: 15, "the join accepted") { $0.join?.state == "accepted" }
            #expect(joined.join?.detail == "sink " + BroadcastFileNames.sink(id: start.callId), "\(joined)")

            try await BroadcastFixture.waitForStats(sandbox, embedded: true, timeout: 60, "15 frames taken") { $0.framesReceived >= 15 }
            ext.send(SIGINT)
            let result = try await ext.wait(timeout: 20, context: "embedded broadcast stopped by SIGINT")
            #expect(result.exitCode == 0, "\(result)")
            let report = try BroadcastFixture.report(result)
            #expect(report.reason == "userStopped" && report.mode == "embedded" && report.callId == start.callId, "\(result)")
            #expect(report.statuses == ["joining", "active", "finished"], "transitions \(report.transitions)")
            #expect(report.framesSent >= 15, "main took 15 frames but the extension counts \(report.framesSent) sent")
            // The extension created the sink, so it removed it.
            #expect(!ContainerFiles.exists(start.frameFile), "sink left behind")

            // The extension removes its sink as it stops, and main lets go of a removed sink at
            // its next once-a-second check: main's count is final when it has looked at the last
            // frame sent, or when it has closed the sink (frames published in between go unread).
            let stats = try await BroadcastFixture.waitForStats(sandbox, embedded: true, timeout: 5, "all \(report.framesSent) frames accounted, or the sink closed") {
                $0.accounted == report.framesSent || $0.frameSource != "open"
            }
            #expect(stats.accounted <= report.framesSent, "\(stats), \(report.framesSent) sent")
            #expect(stats.framesReceived > 0 && stats.framesVerified == stats.framesReceived && stats.checksumFailures == 0, "\(stats)")
            #expect(stats.framesRejected == 0 && stats.framesNotSynthetic == 0, "\(stats)")
            #expect(stats.mode == "embedded" && stats.audioStatus == "none (embedded mode)" && stats.audioBytes == 0, "\(stats)")
            let description = stats.join?.description
            #expect(description?.width == 320 && description?.height == 240 && description?.fps == 30, "join: \(String(describing: stats.join))")
            #expect(FileManager.default.fileExists(atPath: start.directory + "/" + BroadcastFileNames.joinResponsePayload))

            // SIGTERM stops the process hosting the call cleanly, with the final statistics.
            host.send(SIGTERM)
            let hostResult = try await host.wait(timeout: 15, context: "main call start --embedded after SIGTERM")
            #expect(hostResult.exitCode == 0, "\(hostResult)")
            let final = try BroadcastFixture.finalStats(hostResult)
            #expect(final.ended && final.endReason == "SIGTERM" && final.framesVerified == stats.framesVerified, "\(final)")
            #expect(BroadcastFixture.perCallFiles(sandbox, embedded: true).isEmpty)
        }
    }

    @Test("Handed to main run: the call lives in the running app; second start and end-without-call fail; stop cleans up",
          .timeLimit(.minutes(5)))
    func handedToRunningApp() async throws {
        try await withSandbox("bc-handoff") { sandbox in
            try await BroadcastFixture.prepare(sandbox)
            let (run, runPid) = try await sandbox.startMainRun()
            defer { run.kill9() }

            let (starter, start) = try await BroadcastFixture.startCall(sandbox)
            defer { starter.kill9() }
            let started = try await starter.wait(timeout: 15, context: "main call start handed to main run")
            #expect(started.exitCode == 0, "\(started)")
            #expect(start.host == "running app" && start.hostPid == runPid, "start line: \(start)")

            let second = try await sandbox.run(Executables.main, ["call", "start", "--peer", "\(BroadcastFixture.peer)"], timeout: 30)
            #expect(second.exitCode == 1 && second.stderr.contains("already running"), "second call start: \(second)")

            let ext = try BroadcastFixture.startBroadcast(sandbox, ["--size", BroadcastFixture.smallSize, "--fps", "30", "--duration", "2"])
            defer { ext.kill9() }
            let result = try await ext.wait(timeout: 20)
            let report = try BroadcastFixture.report(result)
            #expect(result.exitCode == 0 && report.reason == "userStopped" && report.callId == start.callId, "\(result)")
            let stats = try await BroadcastFixture.waitForStats(sandbox, timeout: 5, "all \(report.framesSent) frames accounted") {
                $0.accounted == report.framesSent
            }
            #expect(stats.hostPid == runPid && stats.framesReceived > 0 && stats.framesVerified == stats.framesReceived
                    && stats.checksumFailures == 0 && stats.audioBytes > 0, "\(stats)")

            let end = try await sandbox.run(Executables.main, ["call", "end"], timeout: 30)
            #expect(end.exitCode == 0 && end.stdout.hasPrefix("call \(start.callId) peer \(BroadcastFixture.peer) (inProcess) ended: "), "\(end)")
            #expect(BroadcastFixture.perCallFiles(sandbox).isEmpty, "ring/FIFO left: \(BroadcastFixture.perCallFiles(sandbox))")
            #expect(run.isRunning, "main run stopped with its call: \(run.stderr)")

            let again = try await sandbox.run(Executables.main, ["call", "end"], timeout: 30)
            #expect(again.exitCode == 1 && again.stderr.contains("no call is running"), "end with no call: \(again)")
            let cutoff = try await sandbox.run(Executables.main, ["call", "stop-screencast"], timeout: 30)
            #expect(cutoff.exitCode == 1 && cutoff.stderr.contains("no call is running"), "stop-screencast with no call: \(cutoff)")

            run.send(SIGTERM)
            let stopped = try await run.wait(timeout: 15, context: "main run after SIGTERM")
            #expect(stopped.exitCode == 0, "\(stopped)")
        }
    }

    @Test("No app: main call start hosts the call until --duration, then cleans up; end and stop-screencast without a call fail",
          .timeLimit(.minutes(5)))
    func selfHostedUntilDuration() async throws {
        try await withSandbox("bc-duration") { sandbox in
            try await BroadcastFixture.prepare(sandbox)
            // The ring and the FIFO are looked for from a thread of their own: this task may be
            // resumed seconds late on a busy machine, after the 2 s call has already cleaned up.
            let coordination = BroadcastFixture.coordinationPath(sandbox)
            let seen = startOnThread { () -> [String] in
                let deadline = Clock.monotonicNanoseconds() + 20_000_000_000
                while Clock.monotonicNanoseconds() < deadline {
                    let files = ((try? FileManager.default.contentsOfDirectory(atPath: coordination)) ?? []).filter(BroadcastFileNames.isPerCallFile)
                    if files.count == 2 { return files.sorted() }
                    usleep(1000)
                }
                return []
            }
            let began = Clock.monotonicNanoseconds()
            let (host, start) = try await BroadcastFixture.startCall(sandbox, ["--duration", "2"])
            defer { host.kill9() }
            let expected = [start.frameFile, start.audioFifo ?? ""].map(FileSystem.lastComponent).sorted()
            #expect(await seen() == expected, "the call's ring and FIFO while it ran")

            let result = try await host.wait(timeout: 15, context: "main call start --duration 2")
            #expect(result.exitCode == 0, "\(result)")
            #expect(secondsSince(began) >= 1.9, "ended after \(secondsSince(began)) s, before its --duration")
            let final = try BroadcastFixture.finalStats(result)
            #expect(final.ended && final.endReason == "duration elapsed" && final.callId == start.callId, "\(final)")
            #expect(BroadcastFixture.perCallFiles(sandbox).isEmpty, "ring/FIFO left: \(BroadcastFixture.perCallFiles(sandbox))")

            // No call and no app: both commands fail with the message.
            let end = try await sandbox.run(Executables.main, ["call", "end"], timeout: 30)
            #expect(end.exitCode == 1 && end.stderr.contains("no call is running"), "\(end)")
            let cutoff = try await sandbox.run(Executables.main, ["call", "stop-screencast", "--json"], timeout: 30)
            #expect(cutoff.exitCode == 1 && cutoff.stderr.contains("no call is running"), "\(cutoff)")
        }
    }

    /// The torn-frame proof. Both sides run unpaced on 1080p frames: the extension publishes as
    /// fast as it can draw, main copies and verifies as fast as it can, and a third reader in this
    /// process does the same and checks each accepted frame's checksum itself (that probe thread
    /// runs at nice 10, so on a small machine it takes idle CPU rather than the other tests').
    @Test("Torn-frame stress: unpaced 1080p for 3 s; every accepted frame verifies, every frame sent is accounted",
          .timeLimit(.minutes(5)))
    func tornFrameStress() async throws {
        try await withSandbox("bc-stress") { sandbox in
            try await BroadcastFixture.prepare(sandbox)
            let (host, start) = try await BroadcastFixture.startCall(sandbox)
            defer { host.kill9() }
            let probe = RingProbe(path: start.frameFile)
            defer { probe.requestStop() }

            // Stopped once main has looked at more frames than the ring has slots (so slots were
            // reused under the readers) and 3 s have passed: alone that is 100–200 frames, on a
            // starved machine CI once saw 3 in 3 s, which proves nothing.
            let startedAt = Clock.monotonicNanoseconds()
            let ext = try BroadcastFixture.startBroadcast(sandbox, ["--fps", "0", "--size", "1920x1080", "--duration", "120"])
            defer { ext.kill9() }
            try await BroadcastFixture.waitForStats(sandbox, timeout: 60, "main past frame 8 and 3 s streamed") {
                $0.accounted > 8 && Clock.monotonicNanoseconds() - startedAt > 3_000_000_000
            }
            ext.send(SIGINT)
            let result = try await ext.wait(timeout: 30, context: "unpaced 1080p broadcast")
            #expect(result.exitCode == 0, "\(result)")
            let report = try BroadcastFixture.report(result)
            #expect(report.reason == "userStopped" && report.fps == 0 && report.size == "1920x1080", "\(result)")
            #expect(report.framesSent > 8, "main looked at frame 9 but the extension counts \(report.framesSent) sent")

            // main: the last frame sent has been looked at; all are accounted, none accepted torn.
            let stats = try await BroadcastFixture.waitForStats(sandbox, timeout: 10, "all \(report.framesSent) frames accounted") {
                $0.accounted == report.framesSent
            }
            #expect(stats.checksumFailures == 0, "main accepted \(stats.checksumFailures) damaged frames: \(stats)")
            #expect(stats.framesReceived > 0 && stats.framesVerified == stats.framesReceived, "\(stats)")
            #expect(stats.framesRejected == 0 && stats.framesNotSynthetic == 0, "\(stats)")
            #expect(stats.framesDropped + stats.tornDiscarded == report.framesSent - stats.framesReceived,
                    "drops not counted: \(stats), \(report.framesSent) sent")
            #expect(stats.frameGeometry?.hasPrefix("1920×1080") == true)

            // The probe in this process: its own count and its own checksums.
            let seen = try await probe.stop()
            #expect(seen.openError == nil, "probe could not open the ring: \(seen.openError ?? "")")
            #expect(seen.corrupt == 0 && seen.labelMismatch == 0 && seen.notSynthetic == 0 && !seen.truncated,
                    "probe: \(seen)")
            #expect(seen.accepted > 0 && seen.verified == seen.accepted, "probe: \(seen)")
            #expect(seen.lastFrameNumber == report.framesSent && seen.counters.accounted == seen.lastFrameNumber, "probe: \(seen)")

            let end = try await sandbox.run(Executables.main, ["call", "end"], timeout: 30)
            #expect(end.exitCode == 0, "\(end)")
            let hostResult = try await host.wait(timeout: 15)
            #expect(hostResult.exitCode == 0, "\(hostResult)")
            print("broadcast stress: \(report.framesSent) sent at \(report.achievedFps) fps; main \(stats); probe \(seen)")
        }
    }
}

/// A third reader of the ring, in the test process: reads every newest frame at full speed on
/// its own thread and verifies each accepted one (checksum, and that the number inside the
/// frame is the number its slot claimed). After `stop`, it drains until nothing new arrives.
final class RingProbe: @unchecked Sendable {
    struct Result: Sendable, CustomStringConvertible {
        var accepted: UInt64 = 0
        var verified: UInt64 = 0
        var corrupt: UInt64 = 0
        var notSynthetic: UInt64 = 0
        /// Verified, but the frame inside was not the frame its slot named.
        var labelMismatch: UInt64 = 0
        var truncated = false
        var counters = FrameRingCounters()
        var lastFrameNumber: UInt64 = 0
        var openError: String?

        var description: String {
            "accepted=\(accepted) verified=\(verified) corrupt=\(corrupt) notSynthetic=\(notSynthetic) "
                + "labelMismatch=\(labelMismatch) truncated=\(truncated) received=\(counters.received) "
                + "dropped=\(counters.dropped) torn=\(counters.tornDiscarded) rejected=\(counters.rejected) last=\(lastFrameNumber)"
        }
    }

    private let stopRequested = Atomic<Bool>(false)
    private let outcome = Mutex<Result?>(nil)

    init(path: String) {
        Thread { [self] in
            // Only this thread: on Linux nice values are per thread, and 0 names the calling one.
            setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, 10)
            let result = read(path)
            outcome.withLock { $0 = result }
        }.start()
    }

    func requestStop() { stopRequested.store(true, ordering: .releasing) }

    /// Stops the reader (after it drains) and returns what it saw.
    func stop() async throws -> Result {
        requestStop()
        return try await pollUntil(timeout: 20, "the ring probe to finish") { outcome.withLock { $0 } }
    }

    private func read(_ path: String) -> Result {
        var result = Result()
        let reader: FrameRingReader
        do {
            reader = try FrameRingReader(path: path)
        } catch {
            result.openError = "\(error)"
            return result
        }
        var draining = false
        reading: while true {
            switch reader.next(timeoutNanos: 200_000_000) {
            case .frame(let frame):
                result.accepted += 1
                switch SyntheticFrame.verify(frame.planes) {
                case .verified(let number):
                    if number == frame.frameNumber { result.verified += 1 } else { result.labelMismatch += 1 }
                case .corrupt: result.corrupt += 1
                case .notSynthetic: result.notSynthetic += 1
                }
            case .rejected:
                break
            case .fileTruncated:
                result.truncated = true
                break reading
            case .timeout:
                if draining { break reading }
            }
            if !draining && stopRequested.load(ordering: .acquiring) { draining = true }
        }
        result.counters = reader.counters
        result.lastFrameNumber = reader.lastFrameNumber
        return result
    }
}

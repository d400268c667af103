import Foundation
import Testing
import Container
import BroadcastIPC
import TestSupport
#if canImport(Glibc)
import Glibc
#endif

/// The broadcast's proof, status half: every way a running broadcast ends, with real processes —
/// active → finished(screencastEnded | callEnded | userStopped), and each side noticing the
/// other's death — inside the windows Telegram's rules give.
@Suite("Screen broadcast: status transitions")
struct BroadcastStatusTests {
    /// Telegram's rule: the description is more than 4 s old (whole seconds, checked once a second),
    /// so up to about 6 s after the last rewrite; 7 s leaves room for a loaded machine.
    static let callEndedWindow = 7.0

    @Test("main call stop-screencast: the extension finishes screencastEnded (exit 0) within 2 s; the call goes on",
          .timeLimit(.minutes(5)))
    func stopScreencast() async throws {
        try await withSandbox("bc-cutoff") { sandbox in
            let call = try await BroadcastFixture.startStreamingCall(sandbox, ["--fps", "30"])
            defer { call.kill9() }
            let (host, start, ext) = (call.host, call.start, call.broadcast)

            let cutoff = try await sandbox.run(Executables.main, ["call", "stop-screencast", "--json"], timeout: 30)
            let cutoffReturned = ContinuousClock.now
            #expect(cutoff.exitCode == 0, "\(cutoff)")
            #expect((try? cutoff.json()["callId"] as? Int) == Int(start.callId), "\(cutoff)")
            let onDisk = CoordinationDirectory(path: start.directory).readCutoff().value
            #expect(onDisk?.id == start.callId, "cutoffPayload.json: \(String(describing: onDisk))")

            let result = try await ext.wait(timeout: 10, context: "broadcast after stop-screencast")
            #expect(result.exitCode == 0, "\(result)")
            // From main's "cutoff written" to the extension's "finished", by their own clocks.
            let written = try await ProcessLog.waitForFirst(sandbox, "app-logs", "screencast cutoff written call=\(start.callId)")
            let finished = try await ProcessLog.waitForFirst(sandbox, "broadcast-logs", "finished screencastEnded")
            let took = finished.time - written.time
            print("broadcast timing: screencastEnded \(took) s after the cutoff was written")
            #expect(took >= 0 && took <= 2.0, "screencastEnded \(took) s after the cutoff was written")
            let report = try BroadcastFixture.report(result)
            #expect(report.reason == "screencastEnded" && report.detail == nil && report.statuses == ["active", "finished"], "\(result)")

            // The call goes on: live, not ended, the extension now inactive (its keepalive removed).
            let after = try await BroadcastFixture.waitForStats(sandbox, timeout: 4, "extension inactive after the cutoff") { !$0.extensionActive }
            #expect(!after.ended && after.extensionStatus.hasPrefix("inactive: "), "\(after)")
            #expect(host.isRunning && ContainerFiles.exists(start.frameFile), "the call ended with the screencast")
            let stats = try await sandbox.run(Executables.main, ["call", "stats", "--json"])
            #expect((try? stats.json()["live"] as? Bool) == true, "\(stats)")

            // The cutoff holds while `timestamp > now − 10` at the extension's first check (Telegram's
            // rule, whole seconds): a broadcast started now ends there, naming the call, without a
            // frame. On a loaded machine its spawn and first check can come 10 s or more after the
            // cutoff's second; then the hold has run out and it must stream. Which of the two
            // applies is read from what its first check saw (the "opening … now=" log line).
            let sinceCutoff = ContinuousClock.now - cutoffReturned
            print("broadcast timing: the new broadcast starts \(sinceCutoff) after stop-screencast returned")
            let again = try await sandbox.run(BroadcastFixture.extensionName,
                                              ["start", "--size", BroadcastFixture.smallSize, "--duration", "2", "--json"], timeout: 20)
            #expect(again.exitCode == 0, "\(again)")
            let againReport = try BroadcastFixture.report(again)
            let cutoffSecond = try #require(onDisk).timestamp
            if againReport.reason == "screencastEnded" {
                #expect(againReport.callId == start.callId && againReport.framesSent == 0, "\(again)")
            } else {
                let opening = ProcessLog.lines(sandbox, "broadcast-logs").last { $0.text.hasPrefix("opening id=\(start.callId) ") }
                let seen = opening.flatMap { line in line.text.split(separator: " ").first { $0.hasPrefix("now=") }.flatMap { Int32($0.dropFirst(4)) } }
                print("broadcast timing: the new broadcast's first check at \(seen.map(String.init) ?? "?"), the cutoff at \(cutoffSecond)")
                #expect(seen.map { Int64($0) - Int64(cutoffSecond) >= Int64(ExtensionCallWatch.cutoffWindow) } == true,
                        "streamed while the cutoff held (first check \(String(describing: seen)), cutoff \(cutoffSecond)): \(again)")
            }

            let end = try await sandbox.run(Executables.main, ["call", "end"], timeout: 30)
            #expect(end.exitCode == 0, "\(end)")
            _ = try await host.wait(timeout: 15)
        }
    }

    @Test("main call end: the extension reports callEnded within Telegram's 4 s rule; ring and FIFO removed at once",
          .timeLimit(.minutes(5)))
    func callEndEndsBroadcast() async throws {
        try await withSandbox("bc-end") { sandbox in
            let call = try await BroadcastFixture.startStreamingCall(sandbox, ["--fps", "30"])
            defer { call.kill9() }
            let (host, start, ext) = (call.host, call.start, call.broadcast)

            let end = try await sandbox.run(Executables.main, ["call", "end", "--json"], timeout: 30)
            #expect(end.exitCode == 0, "\(end)")
            #expect(BroadcastFixture.perCallFiles(sandbox).isEmpty, "ring/FIFO left after main call end: \(BroadcastFixture.perCallFiles(sandbox))")
            let hostResult = try await host.wait(timeout: 15, context: "main call start after main call end")
            #expect(hostResult.exitCode == 0, "\(hostResult)")

            let result = try await ext.wait(timeout: 15, context: "broadcast after main call end")
            #expect(result.exitCode == 0, "\(result)")
            let ended = try await ProcessLog.waitForFirst(sandbox, "app-logs", "call ended call=\(start.callId)")
            let finished = try await ProcessLog.waitForFirst(sandbox, "broadcast-logs", "finished callEnded")
            let took = finished.time - ended.time
            print("broadcast timing: callEnded \(took) s after main ended the call")
            #expect(took >= 0 && took <= Self.callEndedWindow, "callEnded \(took) s after main ended the call")
            let report = try BroadcastFixture.report(result)
            #expect(report.reason == "callEnded" && report.detail == nil && report.callId == start.callId, "\(result)")
            #expect(report.statuses == ["active", "finished"], "\(report.transitions)")
            #expect(!ContainerFiles.exists(start.directory + "/" + BroadcastFileNames.keepaliveInfo))
            // The final statistics say the call ended and the extension is no longer counted active.
            let stats = try #require(BroadcastFixture.readStats(sandbox))
            #expect(stats.ended && !stats.extensionActive && stats.extensionStatus == "inactive: call ended", "\(stats)")
        }
    }

    @Test("The app killed mid-stream (kill -9 of main run): the extension reports callEnded within the 4 s rule",
          .timeLimit(.minutes(5)))
    func appKilled() async throws {
        try await withSandbox("bc-appkill") { sandbox in
            try await BroadcastFixture.prepare(sandbox)
            let (run, runPid) = try await sandbox.startMainRun()
            defer { run.kill9() }
            let (starter, start) = try await BroadcastFixture.startCall(sandbox)
            defer { starter.kill9() }
            #expect(start.hostPid == runPid)
            let ext = try BroadcastFixture.startBroadcast(sandbox, ["--size", BroadcastFixture.smallSize, "--fps", "30"])
            defer { ext.kill9() }
            try await BroadcastFixture.waitForStreaming(sandbox)

            let killed = ProcessLog.now()
            run.kill9()
            let result = try await ext.wait(timeout: 15, context: "broadcast after main was killed")
            #expect(result.exitCode == 0, "\(result)")
            let finished = try await ProcessLog.waitForFirst(sandbox, "broadcast-logs", "finished callEnded")
            let took = finished.time - killed
            print("broadcast timing: callEnded \(took) s after kill -9 of the app")
            #expect(took >= 0 && took <= Self.callEndedWindow, "callEnded \(took) s after kill -9 of the app")
            let report = try BroadcastFixture.report(result)
            #expect(report.reason == "callEnded" && report.detail == nil && report.callId == start.callId, "\(result)")
            #expect(report.framesSent > 0)
            #expect(!ContainerFiles.exists(start.directory + "/" + BroadcastFileNames.keepaliveInfo))

            // The killed call left its files; the next call clears them.
            #expect(BroadcastFixture.perCallFiles(sandbox).count == 2, "\(BroadcastFixture.perCallFiles(sandbox))")
            let (next, nextStart) = try await BroadcastFixture.startCall(sandbox, ["--duration", "0.5"])
            defer { next.kill9() }
            #expect(nextStart.callId != start.callId)
            #expect(!ContainerFiles.exists(start.frameFile) && !ContainerFiles.exists(start.audioFifo ?? ""),
                    "the killed call's files survived a new call: \(BroadcastFixture.perCallFiles(sandbox))")
            let nextResult = try await next.wait(timeout: 15)
            #expect(nextResult.exitCode == 0 && BroadcastFixture.perCallFiles(sandbox).isEmpty, "\(nextResult)")
        }
    }

    @Test("The extension killed mid-stream (kill -9): main marks it inactive within 2 s, with the reason",
          .timeLimit(.minutes(5)))
    func extensionKilled() async throws {
        try await withSandbox("bc-extkill") { sandbox in
            let call = try await BroadcastFixture.startStreamingCall(sandbox, ["--fps", "30"])
            defer { call.kill9() }
            let (host, ext, streaming) = (call.host, call.broadcast, call.streaming)
            #expect(streaming.extensionStatus == "active")

            let killed = ProcessLog.now()
            ext.kill9()
            let inactive = try await BroadcastFixture.waitForStats(sandbox, timeout: 6, "the extension marked inactive") { !$0.extensionActive }
            // main logs each change of its verdict as it makes it.
            let marked = try await pollUntil(timeout: 5, "main's log line marking the extension inactive") {
                ProcessLog.lines(sandbox, "app-logs").first {
                    $0.time >= killed - 0.002 && $0.text.hasPrefix("broadcast extension call=\(streaming.callId) extension=inactive: ")
                }
            }
            let took = marked.time - killed
            print("broadcast timing: extension inactive \(took) s after kill -9 (\(marked.text))")
            #expect(took <= 2.0, "main marked the killed extension inactive \(took) s after kill -9")
            #expect(inactive.extensionStatus.hasPrefix("inactive: ") && inactive.extensionStatus.count > "inactive: ".count, "\(inactive)")
            #expect(!inactive.ended && inactive.checksumFailures == 0, "\(inactive)")
            // `main call stats` says the same, and the call is still live.
            let stats = try await sandbox.run(Executables.main, ["call", "stats", "--json"])
            let json = try stats.json()
            #expect(json["extensionActive"] as? Bool == false && json["live"] as? Bool == true, "\(stats)")

            let killedResult = try await ext.wait(timeout: 5)
            #expect(killedResult.signal == SIGKILL)
            host.send(SIGTERM)
            let hostResult = try await host.wait(timeout: 15)
            #expect(hostResult.exitCode == 0, "\(hostResult)")
            #expect(BroadcastFixture.perCallFiles(sandbox).isEmpty, "ring/FIFO left: \(BroadcastFixture.perCallFiles(sandbox))")
        }
    }

    @Test("The user stops the broadcast (SIGINT): userStopped, exit 0, keepalive removed, main sees it go",
          .timeLimit(.minutes(5)))
    func userStopsWithSignal() async throws {
        try await withSandbox("bc-sigint") { sandbox in
            let call = try await BroadcastFixture.startStreamingCall(sandbox, ["--fps", "60", "--no-audio"])
            defer { call.kill9() }
            let (host, start, ext) = (call.host, call.start, call.broadcast)

            ext.send(SIGINT)
            let result = try await ext.wait(timeout: 5, context: "broadcast after SIGINT")
            #expect(result.exitCode == 0, "\(result)")
            let report = try BroadcastFixture.report(result)
            #expect(report.reason == "userStopped" && report.audio == false && report.audioBytesSent == 0, "\(result)")
            #expect(!ContainerFiles.exists(start.directory + "/" + BroadcastFileNames.keepaliveInfo))

            let stats = try await BroadcastFixture.waitForStats(sandbox, timeout: 5, "extension inactive, all frames accounted") {
                !$0.extensionActive && $0.accounted == report.framesSent
            }
            #expect(stats.extensionStatus == "inactive: no keepalive", "\(stats)")
            #expect(stats.framesVerified == stats.framesReceived && stats.checksumFailures == 0 && stats.audioBytes == 0, "\(stats)")
            host.send(SIGINT)
            let hostResult = try await host.wait(timeout: 15)
            let final = try BroadcastFixture.finalStats(hostResult)
            #expect(hostResult.exitCode == 0 && final.endReason == "SIGINT", "\(hostResult)")
            #expect(BroadcastFixture.perCallFiles(sandbox).isEmpty, "ring/FIFO left: \(BroadcastFixture.perCallFiles(sandbox))")
        }
    }
}

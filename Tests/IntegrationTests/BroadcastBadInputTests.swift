import Foundation
import Testing
import Container
import BroadcastIPC
import TestSupport
#if canImport(Glibc)
import Glibc
#endif

/// The broadcast's proof, bad-input half: no call, unreadable coordination files, impossible frame
/// sizes from the command line and from a rogue writer, a frame file truncated or deleted under
/// the processes. Each ends in a clear error or a counted rejection, never a crash.
@Suite("Screen broadcast: bad inputs")
struct BroadcastBadInputTests {
    @Test("No call at all: broadcast start finishes with error at its first check, exit 1, a clear message",
          .timeLimit(.minutes(5)))
    func noCall() async throws {
        try await withSandbox("bc-nocall") { sandbox in
            let result = try await sandbox.run(BroadcastFixture.extensionName, ["start", "--size", BroadcastFixture.smallSize, "--json"], timeout: 20)
            #expect(result.exitCode == 1, "\(result)")
            #expect(result.stderr.contains("error: no payload description (the app has no call)"), "\(result)")
            let report = try BroadcastFixture.report(result)
            #expect(report.status == "finished" && report.reason == "error" && report.callId == nil && report.framesSent == 0, "\(result)")
            #expect(report.detail == "no payload description (the app has no call)")
            #expect(report.statuses == ["finished"])
            // Telegram's first check comes a second after start, not sooner.
            #expect((900..<10_000).contains(report.transitions.first?.atMs ?? -1), "\(report.transitions)")
        }
    }

    @Test("Corrupt currentPayloadDescription.json (no app rewriting it): error, exit 1, the reason named",
          .timeLimit(.minutes(5)))
    func corruptPayloadDescription() async throws {
        // (contents, embedded?, what the reason must say)
        let cases: [(String, Bool, String)] = [
            ("\u{1}\u{2}garbage{{", false, "not valid JSON"),
            ("{\"id\": \"seven\", \"timestamp\": 1}", false, "wrong type at 'id'"),
            ("{\"id\": 7}", false, "missing key 'timestamp'"),
            ("[]", true, "payload description unreadable"),
        ]
        try await withThrowingTaskGroup(of: Void.self) { group in
            for (index, (contents, embedded, expected)) in cases.enumerated() {
                group.addTask {
                    try await withSandbox("bc-baddesc\(index)") { sandbox in
                        let directory = BroadcastFixture.coordinationPath(sandbox, embedded: embedded)
                        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
                        if embedded { try Data("ipc".utf8).write(toPath: sandbox.layout.broadcastCoordinationTypePath) }
                        try Data(contents.utf8).write(toPath: directory + "/" + BroadcastFileNames.payloadDescription)
                        let result = try await sandbox.run(BroadcastFixture.extensionName,
                                                           ["start", "--size", BroadcastFixture.smallSize, "--json"], timeout: 20)
                        #expect(result.exitCode == 1, "\(contents): \(result)")
                        let report = try BroadcastFixture.report(result)
                        #expect(report.reason == "error" && report.mode == (embedded ? "embedded" : "inProcess"), "\(result)")
                        #expect(report.detail?.hasPrefix("payload description unreadable: ") == true, "\(result)")
                        #expect(report.detail?.contains(expected) == true && result.stderr.contains(expected), "\(contents): \(result)")
                        #expect(!ContainerFiles.exists(directory + "/" + BroadcastFileNames.keepaliveInfo))
                    }
                }
            }
            try await group.waitForAll()
        }
    }

    @Test("Bad keepaliveInfo.json: main reports the extension inactive with the reason; a good one makes it active",
          .timeLimit(.minutes(5)))
    func badKeepalive() async throws {
        try await withSandbox("bc-keepalive") { sandbox in
            try await BroadcastFixture.prepare(sandbox)
            let (host, start) = try await BroadcastFixture.startCall(sandbox)
            defer { host.kill9() }
            let keepalive = start.directory + "/" + BroadcastFileNames.keepaliveInfo
            let first = try await BroadcastFixture.waitForStats(sandbox, timeout: 5, "the call's statistics") { _ in true }
            #expect(first.extensionStatus == "inactive: no keepalive", "\(first)")

            func write(_ text: String) throws { try AtomicWrite.replace(keepalive, with: Data(text.utf8)) }
            let now = { Int32(time(nil)) }

            try write("\u{0}\u{7f}not json at all")
            var stats = try await BroadcastFixture.waitForStats(sandbox, timeout: 5, "garbage keepalive reported") {
                $0.extensionStatus.hasPrefix("inactive: keepalive unreadable")
            }
            #expect(stats.extensionStatus.contains("not valid JSON") && !stats.extensionActive, "\(stats)")
            #expect(host.isRunning)

            try write("{\"id\": \(start.callId &+ 1), \"timestamp\": \(now())}")
            stats = try await BroadcastFixture.waitForStats(sandbox, timeout: 5, "another call's keepalive reported") {
                $0.extensionStatus.hasPrefix("inactive: keepalive is for another call")
            }
            #expect(!stats.extensionActive)

            try write("{\"id\": \(start.callId), \"timestamp\": \(now() - 30)}")
            stats = try await BroadcastFixture.waitForStats(sandbox, timeout: 5, "a stale keepalive reported") {
                $0.extensionStatus.hasPrefix("inactive: keepalive is ") && $0.extensionStatus.hasSuffix(" s old")
            }
            #expect(!stats.extensionActive)

            // The control: a well-formed, fresh keepalive for this call is what "active" takes. A
            // thread of its own rewrites it every 200 ms, as a capturing extension does every second:
            // rewritten from this task, a busy test pool left it seconds old at main's every look.
            let refresher = KeepaliveRefresher(path: keepalive, callId: start.callId)
            do {
                stats = try await BroadcastFixture.waitForStats(sandbox, timeout: 15, "a good keepalive counted active") { $0.extensionActive }
                await refresher.stop()
            } catch {
                await refresher.stop()
                throw error
            }
            #expect(stats.extensionStatus == "active")

            try write("{\"id\": \(start.callId), \"timestamp\": ")
            stats = try await BroadcastFixture.waitForStats(sandbox, timeout: 5, "a cut-off keepalive reported") {
                $0.extensionStatus.hasPrefix("inactive: keepalive unreadable")
            }
            host.send(SIGTERM)
            let result = try await host.wait(timeout: 15)
            #expect(result.exitCode == 0, "\(result)")
        }
    }

    @Test("broadcast start refuses impossible sizes and a YUV file that is not whole frames: exit 64, a clear message",
          .timeLimit(.minutes(5)))
    func sizesRefused() async throws {
        try await withSandbox("bc-sizes") { sandbox in
            // (arguments, what stderr must say)
            var cases: [([String], String)] = [
                (["--size", "0x240"], "width 0 outside 1…8192"),
                (["--size", "320x0"], "height 0 outside 1…8192"),
                (["--size", "8194x240"], "width 8194 outside 1…8192"),
                (["--size", "320x9000"], "height 9000 outside 1…8192"),
                (["--size", "321x240"], "odd dimensions 321×240"),
                (["--size", "320x241"], "odd dimensions 320×241"),
                (["--size", "16x16"], "synthetic frames need a width of at least 32"),
                (["--size", "320by240"], "invalid for '--size"),
                (["--fps", "241"], "--fps must be between 0 and 240"),
                (["--duration", "0"], "--duration must be more than 0"),
            ]
            // A file of 320x240 frames plus one byte: its frames do not line up with --size.
            let yuv = sandbox.io + "/frames.yuv"
            try Data(count: 320 * 240 * 3 / 2 * 2 + 1).write(toPath: yuv)
            cases.append((["--source", yuv, "--size", "320x240"], "not a whole number of 320x240 NV12 frames"))
            cases.append((["--source", yuv, "--size", "640x480"], "not a whole number of 640x480 NV12 frames"))
            cases.append((["--source", sandbox.io + "/absent.yuv", "--size", "320x240"], "No such file"))

            let results = try await sandbox.runConcurrently(cases.map { (BroadcastFixture.extensionName, ["start"] + $0.0) }, timeout: 20)
            for ((args, expected), result) in zip(cases, results) {
                #expect(result.exitCode == 64, "\(args): \(result)")
                #expect(result.stderr.contains(expected), "\(args) should say \"\(expected)\": \(result)")
                #expect(result.stdout.isEmpty, "\(args): \(result)")
            }
            // Refused before the bootstrap: the container was never touched.
            #expect(ContainerFiles.allEntries(under: sandbox.container).isEmpty, "\(ContainerFiles.allEntries(under: sandbox.container))")
        }
    }

    // Thirteen frames, each waited for in turn: on the full suite's busy pool this took over two minutes.
    @Test("A rogue writer's frames with bad geometry: main counts each rejected with its reason, a damaged one as a checksum failure, and goes on",
          .timeLimit(.minutes(5)))
    func rogueWriter() async throws {
        try await withSandbox("bc-rogue") { sandbox in
            try await BroadcastFixture.prepare(sandbox)
            let (host, start) = try await BroadcastFixture.startCall(sandbox)
            defer { host.kill9() }

            // A frame too large for the app's ring is refused by the extension itself, up front.
            let tooLarge = try await sandbox.run(BroadcastFixture.extensionName, ["start", "--size", "4096x4096", "--json"], timeout: 30)
            #expect(tooLarge.exitCode == 1, "\(tooLarge)")
            let tooLargeReport = try BroadcastFixture.report(tooLarge)
            #expect(tooLargeReport.reason == "error" && tooLargeReport.detail?.contains("holds frames of at most") == true, "\(tooLarge)")

            let ring = try RogueRingWriter(path: start.frameFile)
            let tight = (320 * 240 * 3 / 2)
            typealias Rogue = RogueRingWriter
            // (what is wrong, payload, slot overrides, what main's reason must say)
            let frames: [(String, [UInt8], UInt64?, UInt32?, String)] = [
                ("width 0", Rogue.payload(width: 0, height: 240, yStride: 320, uvStride: 320, planeBytes: tight), nil, nil, "width 0 outside 1…8192"),
                ("width 9000", Rogue.payload(width: 9000, height: 2, yStride: 9000, uvStride: 9000, planeBytes: 9000 * 3), nil, nil,
                 "width 9000 outside 1…8192"),
                ("height 8194", Rogue.payload(width: 2, height: 8194, yStride: 2, uvStride: 2, planeBytes: 2 * 8194 * 3 / 2), nil, nil,
                 "height 8194 outside 1…8192"),
                ("negative height", Rogue.payload(width: 320, height: -240, yStride: 320, uvStride: 320, planeBytes: tight), nil, nil,
                 "height -240 outside 1…8192"),
                ("odd width", Rogue.payload(width: 321, height: 240, yStride: 322, uvStride: 322, planeBytes: 322 * 360), nil, nil,
                 "odd dimensions 321×240"),
                ("Y stride below width", Rogue.payload(width: 320, height: 240, yStride: 300, uvStride: 320, planeBytes: tight), nil, nil,
                 "Y stride 300 for width 320"),
                ("UV stride below width", Rogue.payload(width: 320, height: 240, yStride: 320, uvStride: 160, planeBytes: tight), nil, nil,
                 "UV stride 160 for width 320"),
                ("BGRA pixels", Rogue.payload(pixelFormat: 0x4247_5241, width: 320, height: 240, yStride: 320, uvStride: 320, planeBytes: tight),
                 nil, nil, "unknown pixel format 'BGRA'"),
                ("orientation 0", Rogue.payload(orientation: 0, width: 320, height: 240, yStride: 320, uvStride: 320, planeBytes: tight),
                 nil, nil, "orientation 0 outside 1…8"),
                ("planes longer than the payload", Rogue.payload(width: 320, height: 240, yStride: 640, uvStride: 640, planeBytes: tight),
                 nil, nil, "payload has \(FramePayload.headerBytes + tight)"),
                ("payload length beyond the slot", Rogue.payload(width: 320, height: 240, yStride: 320, uvStride: 320, planeBytes: tight),
                 nil, UInt32(ring.layout.slotCapacity + 1), "payload length \(ring.layout.slotCapacity + 1) outside"),
                ("slot names another frame", Rogue.payload(width: 320, height: 240, yStride: 320, uvStride: 320, planeBytes: tight),
                 UInt64(1), nil, "slot holds frame 1, expected"),
            ]
            // main writes call-stats.json once a second, and at once when its verdict on the
            // extension changes. Waiting for each frame's count, flipping that verdict (no
            // keepalive / another call's keepalive) every 100 ms, gets each fresh figure in a
            // tenth of a second instead of a second; the conditions waited for are the same.
            let keepalive = start.directory + "/" + BroadcastFileNames.keepaliveInfo
            let foreignKeepalive = Data("{\"id\": \(start.callId &+ 1), \"timestamp\": \(time(nil))}".utf8)
            var polls = 0
            func waitForStats(_ what: String, _ condition: @escaping (CallStatsFile) -> Bool) async throws -> CallStatsFile {
                var last: CallStatsFile?
                return try await pollUntil(timeout: 5, what, lastSeen: { last.map { "\($0)" } ?? "none" }) { () -> CallStatsFile? in
                    last = BroadcastFixture.readStats(sandbox)
                    if let last, condition(last) { return last }
                    polls += 1
                    if polls % 5 == 0 {
                        if polls % 10 == 0 { unlink(keepalive) } else { try AtomicWrite.replace(keepalive, with: foreignKeepalive) }
                    }
                    return nil
                }
            }

            for (index, (what, payload, slotFrame, length, expected)) in frames.enumerated() {
                let number = ring.publish(payload, slotFrameNumber: slotFrame, length: length)
                // Each one is looked at before the next goes in: wait for main's count to move.
                let stats = try await waitForStats("rogue frame \(number) (\(what)) rejected") {
                    $0.framesRejected == UInt64(index + 1)
                }
                #expect(stats.lastRejectReason?.contains(expected) == true, "\(what): reason \(stats.lastRejectReason ?? "nil"), wanted \"\(expected)\"")
                #expect(stats.framesReceived == 0 && stats.framesDropped == 0 && stats.frameSource == "open", "\(what): \(stats)")
                #expect(host.isRunning, "main died on rogue frame \(what): \(host.stderr)")
            }

            // Well-formed but damaged in transit: accepted by the seqlock, caught by the checksum.
            var number = ring.publish(RogueRingWriter.syntheticPayload(frameNumber: ring.latest + 1, width: 320, height: 240, damaged: true))
            var stats = try await waitForStats("damaged frame \(number) counted") { $0.framesReceived == 1 }
            #expect(stats.checksumFailures == 1 && stats.framesVerified == 0, "\(stats)")
            // And a good one still gets through: main kept going.
            number = ring.publish(RogueRingWriter.syntheticPayload(frameNumber: ring.latest + 1, width: 320, height: 240))
            stats = try await waitForStats("good frame \(number) verified") { $0.framesVerified == 1 }
            #expect(stats.framesReceived == 2 && stats.checksumFailures == 1 && stats.accounted == number, "\(stats)")
            #expect(stats.framesRejected == UInt64(frames.count), "\(stats)")

            let end = try await sandbox.run(Executables.main, ["call", "end", "--json"], timeout: 30)
            #expect(end.exitCode == 0, "\(end)")
            let result = try await host.wait(timeout: 15)
            #expect(result.exitCode == 0, "main call start after rogue frames: \(result)")
        }
    }

    @Test("The frame file truncated while streaming: the extension finishes with error, main reports it truncated, neither crashes",
          .timeLimit(.minutes(5)))
    func truncatedFrameFile() async throws {
        try await withSandbox("bc-truncate") { sandbox in
            let call = try await BroadcastFixture.startStreamingCall(sandbox, ["--fps", "60"])
            defer { call.kill9() }
            let (host, start, ext) = (call.host, call.start, call.broadcast)

            // Keep the header page, lose every slot.
            #expect(truncate(start.frameFile, off_t(FrameRingLayout.fileHeaderBytes)) == 0, "truncate: errno \(errno)")
            let result = try await ext.wait(timeout: 10, context: "broadcast after its frame file was truncated")
            #expect(result.exitCode == 1 && result.signal == nil, "\(result)")
            let report = try BroadcastFixture.report(result)
            #expect(report.reason == "error" && report.detail?.contains("truncated") == true, "\(result)")
            #expect(result.stderr.contains("error: ") && result.stderr.contains(BroadcastFileNames.frameData(id: start.callId)), "\(result)")

            let stats = try await BroadcastFixture.waitForStats(sandbox, timeout: 5, "main reports the frame file truncated") {
                $0.frameSource == "truncated"
            }
            #expect(stats.frameSourceDetail?.contains(BroadcastFileNames.frameData(id: start.callId)) == true, "\(stats)")
            #expect(stats.checksumFailures == 0 && stats.framesVerified == stats.framesReceived, "\(stats)")
            #expect(host.isRunning, "main died after the truncation: \(host.stderr)")

            let end = try await sandbox.run(Executables.main, ["call", "end"], timeout: 30)
            #expect(end.exitCode == 0 && end.stdout.contains("ended: "), "\(end)")
            let hostResult = try await host.wait(timeout: 15)
            #expect(hostResult.exitCode == 0 && hostResult.signal == nil, "\(hostResult)")
        }
    }

    @Test("The frame file deleted before the extension starts: the extension finishes with error, main reports it missing",
          .timeLimit(.minutes(5)))
    func missingFrameFile() async throws {
        try await withSandbox("bc-missing") { sandbox in
            try await BroadcastFixture.prepare(sandbox)
            let (host, start) = try await BroadcastFixture.startCall(sandbox)
            defer { host.kill9() }
            // The ring main made goes before any extension starts (whether or not main's reader
            // had opened it yet: either way main reports it missing, not awaited).
            #expect(unlink(start.frameFile) == 0)

            let result = try await sandbox.run(BroadcastFixture.extensionName, ["start", "--size", BroadcastFixture.smallSize, "--json"], timeout: 20)
            #expect(result.exitCode == 1, "\(result)")
            let report = try BroadcastFixture.report(result)
            let name = BroadcastFileNames.frameData(id: start.callId)
            #expect(report.reason == "error" && report.callId == start.callId && report.framesSent == 0, "\(result)")
            #expect(report.detail?.contains("cannot open the app's frame file \(name)") == true, "\(result)")
            #expect(result.stderr.contains("error: cannot open the app's frame file"), "\(result)")
            #expect(!ContainerFiles.exists(start.directory + "/" + BroadcastFileNames.keepaliveInfo))

            let stats = try await BroadcastFixture.waitForStats(sandbox, timeout: 5, "main reports the frame file missing") {
                $0.frameSource == "missing"
            }
            #expect(stats.frameSourceDetail?.contains(name) == true && !stats.extensionActive, "\(stats)")
            #expect(host.isRunning)
            host.send(SIGTERM)
            let hostResult = try await host.wait(timeout: 15)
            #expect(hostResult.exitCode == 0, "\(hostResult)")
        }
    }
}

/// The extension's keepalive for `callId`, rewritten with the time every 200 ms from a thread of its
/// own until `stop()` returns.
final class KeepaliveRefresher: @unchecked Sendable {
    private let lock = NSLock()
    private var stopping = false
    private let finished = DispatchSemaphore(value: 0)

    init(path: String, callId: UInt32) {
        let text: @Sendable () -> String = { "{\"id\": \(callId), \"timestamp\": \(time(nil))}" }
        DetachedThread { [self] in
            while !lock.withLock({ stopping }) {
                try? AtomicWrite.replace(path, with: Data(text().utf8))
                usleep(200_000)
            }
            finished.signal()
        }.start()
    }

    /// Returns once the last rewrite is done (waited on a thread of its own, not the test pool's).
    func stop() async {
        lock.withLock { stopping = true }
        await onThread { [finished] in finished.wait() }
    }
}

/// Replaces a file the way the product writes coordination files (write aside, rename), so main
/// never reads a half-written keepalive the test did not mean to send.
enum AtomicWrite {
    static func replace(_ path: String, with data: Data) throws {
        let temporary = path + ".test-\(getpid())"
        try data.write(toPath: temporary)
        guard rename(temporary, path) == 0 else { throw HarnessError("rename \(temporary): errno \(errno)") }
    }
}

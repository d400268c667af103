@testable import ScreencastCall
import Foundation
import Testing
import Container
import BroadcastIPC
import TestSupport

@Suite("Call: group call lifecycle")
struct CallLifecycleTests {
    func isFIFO(_ path: String) -> Bool {
        var st = stat()
        return lstat(path, &st) == 0 && (st.st_mode & S_IFMT) == S_IFIFO
    }

    @Test func inProcessSetUpCreatesRingAndFifoBeforeTheDescription() throws {
        try withTemporaryDirectory("call") { dir in
            let layout = ContainerLayout(containerPath: dir.path)
            let directory = CoordinationDirectory(path: layout.broadcastCoordinationPath)
            // What a killed host left behind goes.
            try directory.create()
            for name in ["0-data-1", "0-audio-2", "0-sink-3", BroadcastFileNames.joinPayload] {
                try writeBytes([1], to: directory.file(name))
            }
            let call = try GroupCall(layout: layout, peerId: 42, mode: .inProcess, timing: CallFixture.timing, id: 77)
            defer { call.end(reason: "test") }
            #expect(BroadcastCoordinationType.read(layout: layout) == .inProcess)
            #expect(call.directory.path == layout.broadcastCoordinationPath)
            #expect(call.framePath == directory.frameDataPath(id: 77))
            #expect(isFIFO(directory.audioPath(id: 77)))
            #expect(try FrameRingWriter(path: call.framePath).layout.slotCount == FrameRingLayout.defaultSlotCount)
            #expect(directory.readPayloadDescription().value?.id == 77)
            #expect(directory.readCallStatistics().value?.callId == 77)
            for name in ["0-data-1", "0-audio-2", "0-sink-3", BroadcastFileNames.joinPayload] {
                #expect(!FileSystem.exists(directory.file(name)), "\(name) left over")
            }
        }
    }

    @Test func stopScreencastWritesACutoffForTheCall() throws {
        try withTemporaryDirectory("call") { dir in
            let call = try GroupCall(layout: ContainerLayout(containerPath: dir.path), peerId: 42, mode: .inProcess,
                                     timing: CallFixture.timing, id: 78)
            defer { call.end(reason: "test") }
            let cutoff = try call.stopScreencast(now: 1_700_000_123)
            #expect(cutoff == CutoffPayload(id: 78, timestamp: 1_700_000_123))
            #expect(call.directory.readCutoff() == .valid(cutoff))
            #expect(call.finalReport == nil, "the call goes on")
        }
    }

    @Test func endRemovesRingAndFifoAndLeavesFinalStatistics() throws {
        try withTemporaryDirectory("call") { dir in
            let call = try GroupCall(layout: ContainerLayout(containerPath: dir.path), peerId: 42, mode: .inProcess,
                                     timing: CallFixture.timing, id: 79)
            try call.directory.writeKeepalive(KeepaliveInfo(id: 79, timestamp: Clock.unixTime()))
            call.start()
            #expect(CallFixture.eventually { call.directory.readCallStatistics().value?.extensionActive == true })
            let report = call.end(reason: "test over")
            #expect(!FileSystem.exists(call.framePath))
            #expect(!FileSystem.exists(call.audioPath!))
            #expect(report.ended && report.endReason == "test over")
            #expect(!report.statistics.extensionActive)
            #expect(report.frameSource == .closed)
            // The file is both our report and a plain CallStatistics.
            let file = call.directory.read(BroadcastFileNames.callStatistics, as: CallStatisticsReport.self)
            #expect(file == .valid(report))
            #expect(call.directory.readCallStatistics().value == report.statistics)
            #expect(!CallStatusSection(report).live)
            // Ending again changes nothing; the payload description is no longer rewritten.
            let description = call.directory.readPayloadDescription()
            #expect(call.end(reason: "again") == report)
            usleep(120_000)
            #expect(call.directory.readPayloadDescription() == description)
        }
    }

    @Test func framesAndAudioFromAStandInExtensionAreCounted() async throws {
        try await withTemporaryDirectory("call") { dir in
            let call = try GroupCall(layout: ContainerLayout(containerPath: dir.path), peerId: 42, mode: .inProcess,
                                     timing: CallFixture.timing, id: 80)
            call.start()
            let framePath = call.framePath, audioPath = call.audioPath!
            // The extension's side, on its own thread: ten 64×48 frames 5 ms apart, three audio chunks.
            let sent = await withCheckedContinuation { (done: CheckedContinuation<UInt64, Never>) in
                DetachedThread {
                    do {
                        let writer = try FrameRingWriter(path: framePath)
                        let audio = AudioFifoWriter(path: audioPath)
                        for n in 1...10 as ClosedRange<UInt64> {
                            try writer.publish(frame: CallFixture.frame(n))
                            if n <= 3 { audio.enqueue([UInt8](repeating: UInt8(n), count: 100)) }
                            audio.flush()
                            usleep(5000)
                        }
                        done.resume(returning: writer.lastFrameNumber)
                    } catch {
                        done.resume(returning: 0)
                    }
                }.start()
            }
            #expect(sent == 10)
            #expect(CallFixture.eventually {
                let snapshot = call.screencast.snapshot()
                return snapshot.counters.accounted == 10 && call.audio?.snapshot.chunks == 3
            })
            let report = call.end(reason: "done")
            let s = report.statistics
            #expect(s.framesReceived + s.framesDropped == 10)
            #expect(s.framesReceived >= 1)
            #expect(s.framesVerified == s.framesReceived)
            #expect(s.checksumFailures == 0 && s.framesRejected == 0 && s.tornDiscarded == 0)
            #expect(s.audioBytes == 300 && s.audioChunks == 3)
            #expect(report.frameGeometry == CallFixture.geometry.description)
        }
    }

    @Test func embeddedJoinIsAnsweredAndTheSinkRead() throws {
        try withTemporaryDirectory("call") { dir in
            let layout = ContainerLayout(containerPath: dir.path)
            let call = try GroupCall(layout: layout, peerId: 42, mode: .embedded, timing: CallFixture.timing, id: 81)
            defer { call.end(reason: "test") }
            #expect(BroadcastCoordinationType.read(layout: layout) == .embedded)
            #expect(call.directory.path == layout.embeddedBroadcastCoordinationPath)
            #expect(call.audioPath == nil && call.audio == nil)
            #expect(!FileSystem.exists(call.framePath), "the extension creates its sink")
            // Nothing to answer yet; a join for another call is not ours to answer.
            call.tick()
            #expect(call.join?.status.state == .waiting)
            try call.directory.writeJoinPayload(JoinPayload(id: 5, string: "{}"))
            call.tick()
            #expect(call.directory.readJoinResponse() == .missing)

            try call.directory.writeJoinPayload(JoinPayload(id: 81, string: #"{"ssrc":12345,"width":640,"height":480,"fps":30}"#))
            call.tick()
            let response = try #require(call.directory.readJoinResponse().value)
            #expect(response.id == 81)
            let answer = try JSONDecoder().decode(JoinAnswer.self, from: Data(response.string.utf8))
            #expect(answer == .accepted(sink: "0-sink-81"))
            #expect(response.string == #"{"accepted":true,"sink":"0-sink-81"}"#)
            #expect(call.join?.status.state == .accepted)
            #expect(call.join?.status.description == JoinDescription(ssrc: 12345, width: 640, height: 480, fps: 30))

            // The extension creates the sink and streams into it; frames count as in-process ones.
            try CallFixture.ring(call.framePath)
            let writer = try FrameRingWriter(path: call.framePath)
            #expect(CallFixture.eventually { call.screencast.step(); return call.screencast.snapshot().source == .open })
            try writer.publish(frame: CallFixture.frame(1))
            call.screencast.step()
            #expect(call.screencast.snapshot().verified == 1)
            let report = call.end(reason: "test")
            #expect(report.join?.state == .accepted)
            #expect(report.audioStatus == "none (embedded mode)")
            #expect(!FileSystem.exists(call.framePath), "the sink goes with the call")
        }
    }

    @Test(arguments: [
        ("not json", "not valid JSON"),
        ("[1, 2]", "not a JSON object"),
        (#"{"width": 9000, "height": 480}"#, "width 9000 outside 1…8192"),
        (#"{"ssrc": -1}"#, "ssrc -1 outside 0…4294967295"),
        (#"{"height": 2.5}"#, "height 2.5 is not a whole number"),
        (#"{"width": "wide"}"#, "'width'"),
        (#"{"fps": 0}"#, "fps 0.0 outside 0…240"),
    ])
    func malformedJoinPayloadsAreRejected(string: String, reason: String) throws {
        try withTemporaryDirectory("call") { dir in
            let call = try GroupCall(layout: ContainerLayout(containerPath: dir.path), peerId: 42, mode: .embedded,
                                     timing: CallFixture.timing, id: 82)
            defer { call.end(reason: "test") }
            try call.directory.writeJoinPayload(JoinPayload(id: 82, string: string))
            call.tick()
            let response = try #require(call.directory.readJoinResponse().value)
            #expect(response.id == 82)
            let answer = try JSONDecoder().decode(JoinAnswer.self, from: Data(response.string.utf8))
            #expect(!answer.accepted && answer.sink == nil)
            #expect(answer.error?.contains(reason) == true, "\(answer.error ?? "no error")")
            #expect(call.join?.status.state == .rejected)
        }
    }

    @Test func anUnreadableJoinFileIsRejectedOnce() throws {
        try withTemporaryDirectory("call") { dir in
            let call = try GroupCall(layout: ContainerLayout(containerPath: dir.path), peerId: 42, mode: .embedded,
                                     timing: CallFixture.timing, id: 83)
            defer { call.end(reason: "test") }
            try writeBytes(Array("{\"id\":83,".utf8), to: call.directory.file(BroadcastFileNames.joinPayload))
            call.tick()
            let response = try #require(call.directory.readJoinResponse().value)
            #expect(response.id == 83 && response.string.contains("\"accepted\":false"))
            #expect(call.join?.status.state == .rejected)
        }
    }

    @Test func statusReadsTheNewestStatistics() throws {
        try withTemporaryDirectory("call") { dir in
            let layout = ContainerLayout(containerPath: dir.path)
            guard case .none = CallStatisticsLookup.read(layout: layout) else { Issue.record("statistics from nowhere"); return }
            let first = try GroupCall(layout: layout, peerId: 1, mode: .embedded, timing: CallFixture.timing, id: 90)
            first.end(reason: "first")
            let second = try GroupCall(layout: layout, peerId: 2, mode: .inProcess, timing: CallFixture.timing, id: 91)
            defer { second.end(reason: "test") }
            guard case .report(let report) = CallStatisticsLookup.read(layout: layout) else { Issue.record("no statistics"); return }
            // Written in the same second or later, started no earlier, and running: the second call's.
            #expect(report.statistics.callId == 91)
            #expect(CallStatusSection(report).live)
            // A corrupt file is reported, not a crash.
            try writeBytes(Array("garbage".utf8), to: first.directory.callStatisticsPath)
            try writeBytes(Array("garbage".utf8), to: second.directory.callStatisticsPath)
            guard case .unreadable(let reason) = CallStatisticsLookup.read(layout: layout) else { Issue.record("corrupt accepted"); return }
            #expect(reason.contains("not valid JSON"))
        }
    }
}

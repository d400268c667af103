@testable import ScreencastCall
import Foundation
import Testing
import Container
import BroadcastIPC
import TestSupport

/// Small pieces the call tests share: a ring with small slots, synthetic frames, and writing
/// bytes straight into a file (what a hostile or broken extension would do).
enum CallFixture {
    static let geometry = NV12Geometry(width: 64, height: 48)

    static func frame(_ n: UInt64, _ geometry: NV12Geometry = geometry) -> NV12Frame {
        var frame = NV12Frame(geometry: geometry)
        SyntheticFrame.draw(frameNumber: n, into: &frame)
        return frame
    }

    /// A ring whose slots fit the test geometry (fast to create, map and copy).
    @discardableResult
    static func ring(_ path: String) throws -> FrameRingLayout {
        try FrameRing.create(path: path, slotCount: 3, slotCapacity: geometry.payloadBytes + 4096)
    }

    /// Where frame `n`'s payload field at `field` (FramePayload's offsets) lives in the file.
    static func payloadOffset(_ layout: FrameRingLayout, frame n: UInt64, field: Int) -> Int {
        layout.slotOffset(frameNumber: n) + FrameRingLayout.Slot.payload + field
    }

    /// Timings short enough for tests.
    static let timing = GroupCall.Timing(heartbeat: 0.05, control: 0.01, frameWait: 0.02, reopen: 0.05, audioPoll: 0.005)

    /// Polls `condition` every 5 ms for up to `seconds`.
    static func eventually(_ seconds: Double = 2, _ condition: () -> Bool) -> Bool {
        let deadline = Clock.monotonicNanoseconds() + UInt64(seconds * 1e9)
        while Clock.monotonicNanoseconds() < deadline {
            if condition() { return true }
            usleep(5000)
        }
        return condition()
    }
}

@Suite("Call: screencast receiver")
struct CallReceiverTests {
    func receiver(_ path: String) -> ScreencastReceiver {
        ScreencastReceiver(path: path, waitingDetail: "waiting for test ring", readTimeout: 0.02, reopenInterval: 0.05)
    }

    @Test func framesAreReceivedVerifiedAndTimed() throws {
        try withTemporaryDirectory("call") { dir in
            let path = dir.sub("0-data-1")
            try CallFixture.ring(path)
            let receiver = receiver(path)
            let writer = try FrameRingWriter(path: path)
            for n in 1...5 as ClosedRange<UInt64> {
                try writer.publish(frame: CallFixture.frame(n))
                receiver.step()
            }
            let snapshot = receiver.snapshot()
            #expect(snapshot.source == .open)
            #expect(snapshot.counters.received == 5)
            #expect(snapshot.counters.dropped == 0)
            #expect(snapshot.verified == 5)
            #expect(snapshot.checksumFailures == 0)
            #expect(snapshot.geometry == CallFixture.geometry)
            #expect(snapshot.fps == 5, "five frames arrived within the last second")
            #expect(snapshot.latency.maxMs >= snapshot.latency.p50Ms && snapshot.latency.p50Ms >= 0)
            #expect(snapshot.latency.maxMs < 1000)
        }
    }

    @Test func framesOvertakenBeforeTheReaderLooksAreDropped() throws {
        try withTemporaryDirectory("call") { dir in
            let path = dir.sub("0-data-1")
            try CallFixture.ring(path)
            let receiver = receiver(path)
            let writer = try FrameRingWriter(path: path)
            for n in 1...4 as ClosedRange<UInt64> { try writer.publish(frame: CallFixture.frame(n)) }
            receiver.step()
            try writer.publish(frame: CallFixture.frame(5))
            receiver.step()
            let counters = receiver.snapshot().counters
            #expect(counters.received == 2)
            #expect(counters.dropped == 3)
            #expect(counters.accounted == 5)
        }
    }

    @Test func badGeometryInASlotIsRejectedWithItsReason() throws {
        try withTemporaryDirectory("call") { dir in
            let path = dir.sub("0-data-1")
            let layout = try CallFixture.ring(path)
            let receiver = receiver(path)
            let writer = try FrameRingWriter(path: path)
            // Width 9000: outside 1…8192.
            try writer.publish(frame: CallFixture.frame(1))
            try poke(path, offset: CallFixture.payloadOffset(layout, frame: 1, field: 8), Int32(9000))
            receiver.step()
            var snapshot = receiver.snapshot()
            #expect(snapshot.counters.rejected == 1)
            #expect(snapshot.counters.received == 0)
            #expect(snapshot.lastRejectReason?.contains("width 9000") == true)
            // A Y stride smaller than the width.
            try writer.publish(frame: CallFixture.frame(2))
            try poke(path, offset: CallFixture.payloadOffset(layout, frame: 2, field: 16), Int32(32))
            receiver.step()
            snapshot = receiver.snapshot()
            #expect(snapshot.counters.rejected == 2)
            #expect(snapshot.lastRejectReason?.contains("stride") == true)
            // The stream goes on.
            try writer.publish(frame: CallFixture.frame(3))
            receiver.step()
            snapshot = receiver.snapshot()
            #expect(snapshot.counters.received == 1 && snapshot.verified == 1)
            #expect(snapshot.source == .open)
        }
    }

    @Test func damagedPixelsFailTheChecksum() throws {
        try withTemporaryDirectory("call") { dir in
            let path = dir.sub("0-data-1")
            let layout = try CallFixture.ring(path)
            let receiver = receiver(path)
            let writer = try FrameRingWriter(path: path)
            try writer.publish(frame: CallFixture.frame(1))
            // A pixel in the middle of the Y plane, after the publish (as a torn copy would mix frames).
            try poke(path, offset: CallFixture.payloadOffset(layout, frame: 1, field: FramePayload.headerBytes + 64 * 20 + 3), UInt8(1))
            receiver.step()
            let snapshot = receiver.snapshot()
            #expect(snapshot.counters.received == 1)
            #expect(snapshot.checksumFailures == 1)
            #expect(snapshot.verified == 0)
        }
    }

    @Test func aFileTruncatedUnderTheReaderIsAStatusThenReopened() throws {
        try withTemporaryDirectory("call") { dir in
            let path = dir.sub("0-data-1")
            try CallFixture.ring(path)
            let receiver = receiver(path)
            do {
                let writer = try FrameRingWriter(path: path)
                try writer.publish(frame: CallFixture.frame(1))
                receiver.step()
            }
            #expect(truncate(path, 0) == 0)
            receiver.step()
            var snapshot = receiver.snapshot()
            #expect(snapshot.source == .truncated)
            #expect(snapshot.sourceDetail?.contains("truncated") == true)
            #expect(snapshot.counters.received == 1, "counts survive the reader")
            // Reopening finds the file still too short: the same state, with the sizes.
            receiver.step()
            snapshot = receiver.snapshot()
            #expect(snapshot.source == .truncated)
            // A new ring at the path is picked up within the reopen interval.
            try CallFixture.ring(path)
            let writer = try FrameRingWriter(path: path)
            #expect(CallFixture.eventually { receiver.step(); return receiver.snapshot().source == .open })
            try writer.publish(frame: CallFixture.frame(1))
            receiver.step()
            snapshot = receiver.snapshot()
            #expect(snapshot.counters.received == 2)
            #expect(snapshot.verified == 2)
        }
    }

    @Test func aMissingOrForeignFileIsAStatus() throws {
        try withTemporaryDirectory("call") { dir in
            let path = dir.sub("0-sink-1")
            let receiver = receiver(path)
            receiver.step()
            #expect(receiver.snapshot().source == .waiting)
            #expect(receiver.snapshot().sourceDetail == "waiting for test ring")
            // Not a frame ring at all.
            try writeBytes([UInt8](repeating: 7, count: 8192), to: path)
            #expect(CallFixture.eventually { receiver.step(); return receiver.snapshot().source == .unreadable })
            #expect(receiver.snapshot().sourceDetail?.contains("not a frame ring") == true)
            // A real one replaces it; then it is removed while mapped.
            unlink(path)
            try CallFixture.ring(path)
            #expect(CallFixture.eventually { receiver.step(); return receiver.snapshot().source == .open })
            unlink(path)
            #expect(CallFixture.eventually { receiver.step(); return receiver.snapshot().source == .missing })
            receiver.stop()
            #expect(receiver.snapshot().source == .closed)
        }
    }

    @Test func aRingTheAppMadeThatGoesBeforeTheFirstOpenIsMissingNotAwaited() throws {
        try withTemporaryDirectory("call") { dir in
            let path = dir.sub("0-data-1")
            let receiver = ScreencastReceiver(path: path, waitingDetail: "waiting for test ring", createdByApp: true,
                                              readTimeout: 0.02, reopenInterval: 0.05)
            receiver.step()
            #expect(receiver.snapshot().source == .missing)
            #expect(receiver.snapshot().sourceDetail == "0-data-1 is missing")
            receiver.stop()
        }
    }

    @Test func latencyAndRateSummaries() {
        var samples = LatencySamples(capacity: 4)
        #expect(samples.summary() == LatencySamples.Summary())
        for ms in [1, 2, 3, 4, 100] as [UInt64] { samples.record(ms * 1_000_000) }
        let summary = samples.summary()
        // The last four are kept for percentiles; the average and max cover all five.
        #expect(summary.p50Ms == 4 || summary.p50Ms == 3)
        #expect(summary.p95Ms == 100)
        #expect(summary.maxMs == 100)
        #expect(summary.averageMs == 22)

        var rate = FrameRate()
        let start: UInt64 = 10_000_000_000
        for index in 0..<61 { rate.record(start + UInt64(index) * 50_000_000) }
        // 61 frames 50 ms apart: 20 fps on average, 21 of them in the last second.
        #expect(abs(rate.average - 20) < 0.001)
        #expect(rate.lastSecond(now: start + 3_000_000_000) == 21)
        #expect(rate.lastSecond(now: start + 10_000_000_000) == 0)
    }
}

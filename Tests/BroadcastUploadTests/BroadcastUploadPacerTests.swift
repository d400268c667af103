import Testing
@testable import BroadcastUpload

@Suite("Broadcast upload frame pacer")
struct BroadcastUploadPacerTests {
    @Test func onTimeWorkMovesOneInterval() {
        #expect(FramePacer.nextDeadline(after: 1000, now: 1003, intervalNanos: 10) == (1010, 0))
        // Finishing exactly at the next deadline is on time.
        #expect(FramePacer.nextDeadline(after: 1000, now: 1010, intervalNanos: 10) == (1010, 0))
    }

    @Test func lateWorkSkipsToTheNextFutureDeadline() {
        // The tick at 1010 passed while working: skipped, the next one is 1020.
        #expect(FramePacer.nextDeadline(after: 1000, now: 1011, intervalNanos: 10) == (1020, 1))
        #expect(FramePacer.nextDeadline(after: 1000, now: 1020, intervalNanos: 10) == (1020, 1))
        #expect(FramePacer.nextDeadline(after: 1000, now: 1025, intervalNanos: 10) == (1030, 2))
        #expect(FramePacer.nextDeadline(after: 1000, now: 2000, intervalNanos: 10) == (2000, 99))
    }

    @Test func unpacedNeverWaitsNorMisses() {
        #expect(FramePacer.nextDeadline(after: 1000, now: 5000, intervalNanos: 0) == (5000, 0))
        #expect(FramePacer.intervalNanos(perSecond: 0) == 0)
    }

    @Test func deadlinesAreAbsoluteSoTheRateDoesNotDrift() {
        let interval = FramePacer.intervalNanos(perSecond: 60)
        #expect(interval == 16_666_666)
        var pacer = FramePacer(intervalNanos: interval, start: 0)
        // Each frame takes a varying few milliseconds; the deadlines stay on the grid.
        for tick in 1...600 {
            pacer.advance(now: pacer.deadline + UInt64(tick % 7) * 1_000_000)
        }
        #expect(pacer.deadline == 600 * interval)
        #expect(pacer.missedTicks == 0)
        // One 50 ms stall costs the three ticks that passed during it, and counts them.
        let stalled = pacer.deadline + 50_000_000
        pacer.advance(now: stalled)
        #expect(pacer.missedTicks == 3)
        #expect(pacer.deadline == 604 * interval)
        #expect(pacer.deadline > stalled)
    }
}

import Testing
import Container
@testable import BroadcastIPC
import TestSupport

@Suite("Broadcast frame ring under load")
struct BroadcastStressTests {
    struct ReaderTally: Sendable {
        var counters = FrameRingCounters()
        var verified = 0
        var corrupt = 0
        var misnumbered = 0
        var lastFrameNumber: UInt64 = 0
        var error: String?
    }

    /// A writer publishing as fast as it can and a reader reading as fast as it can, for 1.5 s:
    /// every accepted frame must verify, and every frame written is accounted for exactly once.
    @Test func tornFramesAreNeverAccepted() async throws {
        let dir = try TemporaryDirectory("bstress")
        defer { dir.remove() }
        let path = dir.sub("ring")
        let geometry = NV12Geometry(width: 640, height: 360)
        try FrameRing.create(path: path, slotCount: 3, slotCapacity: geometry.payloadBytes)
        let distinct: UInt64 = 4  // pre-drawn, so the writer runs at memcpy speed and laps the reader
        let duration: UInt64 = 1_500_000_000

        async let written: UInt64 = onThread {
            guard let writer = try? FrameRingWriter(path: path) else { return 0 }
            let frames = (1...distinct).map { syntheticFrame($0, geometry) }
            let end = Clock.monotonicNanoseconds() + duration
            while Clock.monotonicNanoseconds() < end {
                let next = writer.lastFrameNumber + 1
                _ = try? writer.publish(frame: frames[Int((next - 1) % distinct)])
            }
            return writer.lastFrameNumber
        }
        async let tally: ReaderTally = onThread {
            var tally = ReaderTally()
            guard let reader = try? FrameRingReader(path: path) else { tally.error = "cannot open"; return tally }
            let giveUp = Clock.monotonicNanoseconds() + duration + 3_000_000_000
            while Clock.monotonicNanoseconds() < giveUp {
                switch reader.next(timeoutNanos: 300_000_000) {
                case .frame(let frame):
                    switch SyntheticFrame.verify(frame.planes) {
                    case .verified(let content):
                        tally.verified += 1
                        if content != (frame.frameNumber - 1) % distinct + 1 { tally.misnumbered += 1 }
                    case .corrupt, .notSynthetic: tally.corrupt += 1
                    }
                case .timeout:
                    // Quiet for 300 ms after frames flowed: the writer is done.
                    if reader.counters.received > 0 { tally.counters = reader.counters; tally.lastFrameNumber = reader.lastFrameNumber; return tally }
                case .rejected(let reason): tally.error = reason
                case .fileTruncated: tally.error = "truncated"
                }
            }
            tally.counters = reader.counters
            tally.lastFrameNumber = reader.lastFrameNumber
            return tally
        }
        let total = await written
        let result = await tally
        #expect(result.error == nil)
        #expect(total > 100)
        #expect(result.corrupt == 0)
        #expect(result.misnumbered == 0)
        #expect(result.verified == Int(result.counters.received))
        #expect(result.counters.rejected == 0)
        #expect(result.lastFrameNumber == total, "the reader caught up with the last frame")
        #expect(result.counters.received + result.counters.dropped + result.counters.tornDiscarded == total)
        print("stress: written \(total), received \(result.counters.received), dropped \(result.counters.dropped), torn \(result.counters.tornDiscarded)")
    }
}

import BroadcastIPC

/// What the frame receiver has counted, shared between its thread (a frame at a time) and the
/// statistics (once a second). Recording a frame touches fixed storage only.
struct ScreencastTally: Sendable {
    /// Across every reader the call has opened (a reopened ring starts its own counters at zero).
    var counters = FrameRingCounters()
    var verified: UInt64 = 0
    var notSynthetic: UInt64 = 0
    var checksumFailures: UInt64 = 0
    var lastRejectReason: String?
    var geometry: NV12Geometry?
    var latency = LatencySamples()
    var rate = FrameRate()
    var source = FrameSourceState.waiting
    var sourceDetail: String?

    mutating func record(_ frame: ReceivedFrame, _ verification: SyntheticFrame.Verification, counters: FrameRingCounters) {
        self.counters = counters
        switch verification {
        case .verified: verified += 1
        case .notSynthetic: notSynthetic += 1
        case .corrupt: checksumFailures += 1
        }
        // A foreign writer's clock could be ahead; a negative latency is recorded as zero.
        latency.record(frame.receivedTimeNanos > frame.captureTimeNanos ? frame.receivedTimeNanos - frame.captureTimeNanos : 0)
        rate.record(frame.receivedTimeNanos)
        if geometry != frame.geometry { geometry = frame.geometry }
    }

    mutating func snapshot(now: UInt64) -> ScreencastSnapshot {
        ScreencastSnapshot(counters: counters, verified: verified, notSynthetic: notSynthetic, checksumFailures: checksumFailures,
                           lastRejectReason: lastRejectReason, geometry: geometry, latency: latency.summary(),
                           fps: rate.lastSecond(now: now), averageFps: rate.average, source: source, sourceDetail: sourceDetail)
    }
}

/// The receiver's figures at one moment.
struct ScreencastSnapshot: Sendable, Equatable {
    var counters: FrameRingCounters
    var verified: UInt64
    var notSynthetic: UInt64
    var checksumFailures: UInt64
    var lastRejectReason: String?
    var geometry: NV12Geometry?
    var latency: LatencySamples.Summary
    var fps: Double
    var averageFps: Double
    var source: FrameSourceState
    var sourceDetail: String?
}


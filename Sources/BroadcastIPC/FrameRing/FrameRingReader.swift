#if canImport(Glibc)
import Glibc
#endif
import CSharedMemory
import Container

/// The app's side of the ring: waits for the newest frame, copies it out under the seqlock,
/// validates it and counts what it missed. One thread at a time; the mapping is read-only.
public final class FrameRingReader {
    private let mapping: FrameRingMapping
    /// Reused for every frame; grows to the largest payload seen, never per frame.
    private var buffer: UnsafeMutableRawPointer?
    private var bufferCapacity = 0

    public var path: String { mapping.path }
    public var layout: FrameRingLayout { mapping.layout }
    public private(set) var counters = FrameRingCounters()
    /// Every frame up to this number is accounted for in `counters`. Starts at 0, so frames
    /// published before the reader opened count as dropped when a later one is read.
    public private(set) var lastFrameNumber: UInt64 = 0

    public init(path: String) throws(FrameRingError) {
        mapping = try FrameRingMapping(path: path, writable: false)
    }

    deinit { buffer?.deallocate() }

    /// Returns the newest frame not yet returned, waiting up to `timeoutNanos` for one (0: don't
    /// wait). Waits on the publish counter's futex, so a frame is seen microseconds after it is
    /// published, without polling. Frames skipped since the last call are counted as dropped.
    public func next(timeoutNanos: UInt64) -> FrameReadOutcome {
        let start = Clock.monotonicNanoseconds()
        let (sum, overflow) = start.addingReportingOverflow(timeoutNanos)
        let deadline = overflow ? UInt64.max : sum
        let counterWord = mapping.header(FrameRingLayout.Header.publishCounter)
        while true {
            // Counter before sequence: a publish after the sequence load changes the counter,
            // so the futex wait below returns at once instead of sleeping through it.
            guard let counter = mapping.load32(counterWord),
                  let latest = mapping.load64(mapping.header(FrameRingLayout.Header.latestSequence)) else { return .fileTruncated }
            if latest < lastFrameNumber { lastFrameNumber = latest }  // a foreign writer restarted numbering
            if latest > lastFrameNumber {
                switch attempt(latest) {
                case .accepted(let frame): return .frame(frame)
                case .rejected(let reason): return .rejected(reason: reason)
                case .truncated: return .fileTruncated
                case .torn: break  // retry with whatever is newest now
                }
            }
            let now = Clock.monotonicNanoseconds()
            guard now < deadline else { return .timeout }
            let result = tg_futex_wait(counterWord, counter, Int64(clamping: deadline - now))
            if result < 0 {
                guard mapping.isIntact else { return .fileTruncated }
                usleep(1000)  // futex unusable (never expected): degrade to polling, not to a spin
            }
        }
    }

    private enum Attempt {
        case accepted(ReceivedFrame)
        case torn
        case rejected(String)
        case truncated
    }

    /// One seqlocked copy of frame `n`. Counts it, and the gap before it, unless the file is gone.
    private func attempt(_ n: UInt64) -> Attempt {
        let result = copy(n)
        if case .truncated = result { return result }
        // Wrapping: a hostile file can move latestSequence anywhere; counts may be wrong then, but never trap.
        counters.dropped &+= n &- lastFrameNumber &- 1
        lastFrameNumber = n
        switch result {
        case .accepted: counters.received &+= 1
        case .torn: counters.tornDiscarded &+= 1
        case .rejected: counters.rejected &+= 1
        case .truncated: break
        }
        return result
    }

    private func copy(_ n: UInt64) -> Attempt {
        let slot = mapping.slot(frameNumber: n)
        let seqWord = slot + FrameRingLayout.Slot.seq
        guard let before = mapping.load64(seqWord) else { return .truncated }
        if before & 1 == 1 { return .torn }  // the writer is inside this slot: it already holds a newer frame
        guard let frameNumber = mapping.load64(slot + FrameRingLayout.Slot.frameNumber),
              let captureTime = mapping.load64(slot + FrameRingLayout.Slot.captureTimeNanos),
              let length32 = mapping.load32(slot + FrameRingLayout.Slot.payloadLength) else { return .truncated }
        let length = Int(length32)
        // Header fields read while the slot changed are noise: judge them only if seq held still.
        func unchanged() -> Bool? {
            tg_atomic_fence_acquire()
            return mapping.load64(seqWord).map { $0 == before }
        }
        if frameNumber != n || length < FramePayload.headerBytes || length > layout.slotCapacity {
            guard let still = unchanged() else { return .truncated }
            if !still || frameNumber > n { return .torn }
            if frameNumber != n { return .rejected("slot holds frame \(frameNumber), expected \(n)") }
            return .rejected("payload length \(length) outside \(FramePayload.headerBytes)…\(layout.slotCapacity)")
        }
        let destination = reserve(length)
        let copyStart = Clock.monotonicNanoseconds()
        guard mapping.isIntact,
              tg_shm_copy(destination, slot + FrameRingLayout.Slot.payload, length) == 0 else { return .truncated }
        let copyEnd = Clock.monotonicNanoseconds()
        guard let still = unchanged() else { return .truncated }
        guard still else { return .torn }
        // From here the bytes are ours and stable: validate Telegram's header.
        let payload = UnsafeRawBufferPointer(start: destination, count: length)
        switch FramePayload.parse(payload) {
        case .failure(let rejection):
            return .rejected(rejection.reason)
        case .success(let parsed):
            counters.copiedBytes &+= UInt64(length)
            counters.copyNanos &+= copyEnd &- copyStart
            return .accepted(ReceivedFrame(frameNumber: n, captureTimeNanos: captureTime,
                                           receivedTimeNanos: Clock.monotonicNanoseconds(),
                                           orientation: parsed.orientation, planes: parsed.planes, payload: payload))
        }
    }

    private func reserve(_ length: Int) -> UnsafeMutableRawPointer {
        if let buffer, bufferCapacity >= length { return buffer }
        buffer?.deallocate()
        let grown = UnsafeMutableRawPointer.allocate(byteCount: length, alignment: 64)
        buffer = grown
        bufferCapacity = length
        return grown
    }
}

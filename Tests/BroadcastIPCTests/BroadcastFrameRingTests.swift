import Foundation
import Testing
import Container
import CSharedMemory
@testable import BroadcastIPC
import TestSupport

func truncateFile(_ path: String, to size: Int) {
    #expect(truncate(path, off_t(size)) == 0)
}

func syntheticFrame(_ n: UInt64, _ geometry: NV12Geometry) -> NV12Frame {
    var frame = NV12Frame(geometry: geometry)
    SyntheticFrame.draw(frameNumber: n, into: &frame)
    return frame
}

@Suite("Broadcast frame ring")
struct BroadcastFrameRingTests {
    let small = NV12Geometry(width: 64, height: 48)

    @Test func createValidatesItsArguments() throws {
        try withTemporaryDirectory("bring") { dir in
            #expect(throws: FrameRingError.self) { try FrameRing.create(path: dir.sub("a"), slotCount: 0) }
            #expect(throws: FrameRingError.self) { try FrameRing.create(path: dir.sub("a"), slotCount: 17) }
            #expect(throws: FrameRingError.self) { try FrameRing.create(path: dir.sub("a"), slotCapacity: 10) }
            #expect(throws: FrameRingError.self) { try FrameRing.create(path: dir.sub("a"), slotCapacity: 1 << 30) }
            #expect(!FileSystem.exists(dir.sub("a")))
            #expect { try FrameRing.create(path: dir.sub("missing/a")) } throws: {
                if case .system(let error) = $0 as? FrameRingError { return error.code == ENOENT }
                return false
            }
            #expect(FileSystem.listDirectory(dir.path).isEmpty, "no temporary left behind")
        }
    }

    @Test func defaultRingFits4KAndIsAllocated() throws {
        try withTemporaryDirectory("bring") { dir in
            let path = dir.sub("0-data-1")
            let layout = try FrameRing.create(path: path)
            #expect(layout.slotCount == 3)
            #expect(layout.slotCapacity >= NV12Geometry(width: 3840, height: 2160).payloadBytes)
            #expect(layout.slotStride % 4096 == 0 && layout.slotStride >= 64 + layout.slotCapacity)
            #expect(FileSystem.fileSize(path) == layout.fileSize)
            var st = stat()
            #expect(stat(path, &st) == 0)
            // Written through mmap: a page the disk cannot allocate later would be SIGBUS.
            #expect(Int(st.st_blocks) * 512 >= layout.fileSize, "the file should be preallocated")
            #expect(fileMode(path) == 0o600)
            let writer = try FrameRingWriter(path: path)
            let reader = try FrameRingReader(path: path)
            #expect(writer.layout == layout && reader.layout == layout)
            let uhd = NV12Geometry(width: 3840, height: 2160)
            try writer.publish(frame: syntheticFrame(1, uhd))
            guard case .frame(let frame) = reader.next(timeoutNanos: 0) else { Issue.record("no 4K frame"); return }
            #expect(SyntheticFrame.verify(frame.planes) == .verified(frameNumber: 1))
        }
    }

    @Test func openRefusesForeignAndTruncatedFiles() throws {
        try withTemporaryDirectory("bring") { dir in
            func openError(_ path: String) -> FrameRingError? {
                do {
                    _ = try FrameRingReader(path: path)
                    return nil
                } catch { return error }
            }
            #expect({ if case .system(let e) = openError(dir.sub("missing")) { return e.code == ENOENT }; return false }())

            // Telegram's own file: 10 MiB of frame, no magic.
            try writeBytes([UInt8](repeating: 0, count: 10 << 20), to: dir.sub("telegram"))
            #expect(openError(dir.sub("telegram")) == .notAFrameRing(path: dir.sub("telegram")))

            try writeBytes([1, 2, 3], to: dir.sub("tiny"))
            #expect({ if case .fileTooSmall = openError(dir.sub("tiny")) { return true }; return false }())

            let path = dir.sub("ring")
            let layout = try FrameRing.create(path: path, slotCount: 2, slotCapacity: small.payloadBytes)
            truncateFile(path, to: layout.fileSize - 1)
            #expect(openError(path) == .fileTooSmall(path: path, size: layout.fileSize - 1, needed: layout.fileSize))
            #expect(throws: FrameRingError.self) { try FrameRingWriter(path: path) }

            try FrameRing.create(path: path, slotCount: 2, slotCapacity: small.payloadBytes)
            try poke(path, offset: FrameRingLayout.Header.version, UInt32(2))
            #expect(openError(path) == .unsupportedVersion(path: path, version: 2))

            try FrameRing.create(path: path, slotCount: 2, slotCapacity: small.payloadBytes)
            try poke(path, offset: FrameRingLayout.Header.magic, UInt32(0x4242_4242))
            #expect(openError(path) == .notAFrameRing(path: path))

            try FrameRing.create(path: path, slotCount: 2, slotCapacity: small.payloadBytes)
            try poke(path, offset: FrameRingLayout.Header.slotCount, UInt32(1000))
            #expect({ if case .invalidLayout = openError(path) { return true }; return false }())

            // A header claiming more slots than the file holds.
            try FrameRing.create(path: path, slotCount: 2, slotCapacity: small.payloadBytes)
            try poke(path, offset: FrameRingLayout.Header.slotCount, UInt32(3))
            #expect({ if case .fileTooSmall = openError(path) { return true }; return false }())
        }
    }

    @Test func framesRoundTripWithTheirMetadata() throws {
        try withTemporaryDirectory("bring") { dir in
            let path = dir.sub("ring")
            let strided = NV12Geometry(width: 64, height: 48, yStride: 96, uvStride: 80, pixelFormat: NV12Geometry.videoRange)
            try FrameRing.create(path: path, slotCount: 3, slotCapacity: strided.payloadBytes)
            let writer = try FrameRingWriter(path: path)
            let reader = try FrameRingReader(path: path)
            #expect(reader.next(timeoutNanos: 1_000_000).isTimeout)

            let frame = syntheticFrame(77, strided)
            #expect(try writer.publish(orientation: .right, frame: frame, captureTimeNanos: 123_456) == 1)
            guard case .frame(let received) = reader.next(timeoutNanos: 0) else { Issue.record("no frame"); return }
            #expect(received.frameNumber == 1)
            #expect(received.captureTimeNanos == 123_456)
            #expect(received.orientation == .right)
            #expect(received.geometry == strided)
            #expect(Array(received.planes.y) + Array(received.planes.uv) == frame.bytes)
            #expect(SyntheticFrame.verify(received.planes) == .verified(frameNumber: 77))
            #expect(SyntheticFrame.verify(payload: received.payload) == .verified(frameNumber: 77))
            // Telegram's bytes: orientation 6, then '420v', width, height, strides.
            let header = Array(received.payload.prefix(24))
            #expect(header == [6, 0, 0, 0, 0x76, 0x30, 0x32, 0x34, 64, 0, 0, 0, 48, 0, 0, 0, 96, 0, 0, 0, 80, 0, 0, 0])
            #expect(reader.counters.frameCounts == FrameRingCounters.frameCounts(received: 1))
            #expect(reader.next(timeoutNanos: 0).isTimeout, "a frame is returned once")

            // A second writer (a restarted extension) continues the numbering.
            let again = try FrameRingWriter(path: path)
            #expect(again.lastFrameNumber == 1)
            #expect(try again.publish(frame: frame) == 2)
            guard case .frame(let second) = reader.next(timeoutNanos: 0) else { Issue.record("no second frame"); return }
            #expect(second.frameNumber == 2 && second.orientation == .up)
        }
    }

    @Test func skippedFramesCountAsDropped() throws {
        try withTemporaryDirectory("bring") { dir in
            let path = dir.sub("ring")
            try FrameRing.create(path: path, slotCount: 3, slotCapacity: small.payloadBytes)
            let writer = try FrameRingWriter(path: path)
            let reader = try FrameRingReader(path: path)
            var frame = NV12Frame(geometry: small)
            for n in 1...10 as ClosedRange<UInt64> {
                SyntheticFrame.draw(frameNumber: n, into: &frame)
                try writer.publish(frame: frame)
            }
            guard case .frame(let newest) = reader.next(timeoutNanos: 0) else { Issue.record("no frame"); return }
            #expect(newest.frameNumber == 10)
            #expect(SyntheticFrame.verify(newest.planes) == .verified(frameNumber: 10))
            #expect(reader.counters.frameCounts == FrameRingCounters.frameCounts(received: 1, dropped: 9))
            try writer.publish(frame: frame)
            try writer.publish(frame: frame)
            guard case .frame(let later) = reader.next(timeoutNanos: 0) else { Issue.record("no frame"); return }
            #expect(later.frameNumber == 12)
            #expect(reader.counters.frameCounts == FrameRingCounters.frameCounts(received: 2, dropped: 10))
            #expect(reader.lastFrameNumber == 12 && reader.counters.accounted == 12)
        }
    }

    @Test func writerRefusesFramesThatDoNotFit() throws {
        try withTemporaryDirectory("bring") { dir in
            let path = dir.sub("ring")
            try FrameRing.create(path: path, slotCount: 2, slotCapacity: small.payloadBytes)
            let writer = try FrameRingWriter(path: path)
            #expect { try writer.publish(frame: NV12Frame(geometry: NV12Geometry(width: 64, height: 50))) } throws: {
                if case .frameRefused(let reason) = $0 as? FrameRingError { return reason.contains("a slot holds") }
                return false
            }
            let bytes = [UInt8](repeating: 0, count: 64 * 48 * 2)
            bytes.withUnsafeBytes { all in
                let y = UnsafeRawBufferPointer(rebasing: all[0..<(64 * 48)])
                for (geometry, words) in [(NV12Geometry(width: 63, height: 48), "odd"),
                                          (NV12Geometry(width: 0, height: 48), "width 0"),
                                          (NV12Geometry(width: 64, height: 48, yStride: 32, uvStride: 64), "Y stride"),
                                          (NV12Geometry(width: 64, height: 48, yStride: 64, uvStride: 64, pixelFormat: 0x3230_7679), "pixel format")] {
                    #expect { try writer.publish(planes: NV12Planes(geometry: geometry, y: y, uv: y)) } throws: {
                        if case .frameRefused(let reason) = $0 as? FrameRingError { return reason.contains(words) }
                        return false
                    }
                }
                let shortUV = UnsafeRawBufferPointer(rebasing: all[0..<10])
                #expect(throws: FrameRingError.self) { try writer.publish(planes: NV12Planes(geometry: small, y: y, uv: shortUV)) }
            }
            #expect(writer.lastFrameNumber == 0, "nothing was published")
        }
    }

    @Test func badSlotHeadersAreRejectedWithAReason() throws {
        try withTemporaryDirectory("bring") { dir in
            let path = dir.sub("ring")
            let layout = try FrameRing.create(path: path, slotCount: 3, slotCapacity: small.payloadBytes)
            let writer = try FrameRingWriter(path: path)
            let reader = try FrameRingReader(path: path)
            let frame = syntheticFrame(1, small)
            // Payload offsets: orientation 0, pixelFormat 4, width 8, height 12, yStride 16, uvStride 20.
            let cases: [(Int, Int32, String)] = [
                (8, 0, "width 0 outside 1…8192"),
                (8, 9000, "width 9000"),
                (12, 9000, "height 9000"),
                (12, -2, "height -2"),
                (16, 32, "Y stride 32"),
                (20, 10, "UV stride 10"),
                (4, 0x3233_4742, "unknown pixel format"),
                (0, 9, "orientation 9"),
                (16, 4096, "need"),  // planes no longer fit the payload
            ]
            for (offset, value, words) in cases {
                let n = try writer.publish(frame: frame)
                try poke(path, offset: layout.slotOffset(frameNumber: n) + FrameRingLayout.Slot.payload + offset, value)
                guard case .rejected(let reason) = reader.next(timeoutNanos: 0) else { Issue.record("not rejected: \(words)"); continue }
                #expect(reason.contains(words), "\(reason)")
            }
            var n = try writer.publish(frame: frame)
            try poke(path, offset: layout.slotOffset(frameNumber: n) + FrameRingLayout.Slot.payloadLength, UInt32(layout.slotCapacity + 1))
            guard case .rejected(let tooLong) = reader.next(timeoutNanos: 0) else { Issue.record("long payload accepted"); return }
            #expect(tooLong.contains("payload length"))
            n = try writer.publish(frame: frame)
            try poke(path, offset: layout.slotOffset(frameNumber: n) + FrameRingLayout.Slot.frameNumber, UInt64(1))
            guard case .rejected(let wrongNumber) = reader.next(timeoutNanos: 0) else { Issue.record("stale slot accepted"); return }
            #expect(wrongNumber.contains("expected \(n)"))
            #expect(reader.counters.frameCounts == FrameRingCounters.frameCounts(rejected: UInt64(cases.count + 2)))

            // A good frame after all that is still fine.
            try writer.publish(frame: frame)
            guard case .frame(let good) = reader.next(timeoutNanos: 0) else { Issue.record("good frame lost"); return }
            #expect(SyntheticFrame.verify(good.planes) == .verified(frameNumber: 1))
        }
    }

    @Test func aSlotLeftMidWriteIsTornNotAccepted() throws {
        try withTemporaryDirectory("bring") { dir in
            let path = dir.sub("ring")
            let layout = try FrameRing.create(path: path, slotCount: 1, slotCapacity: small.payloadBytes)
            let writer = try FrameRingWriter(path: path)
            let reader = try FrameRingReader(path: path)
            let n = try writer.publish(frame: syntheticFrame(1, small))
            try poke(path, offset: layout.slotOffset(frameNumber: n) + FrameRingLayout.Slot.seq, UInt64(3))  // odd: writer inside
            #expect(reader.next(timeoutNanos: 0).isTimeout)
            #expect(reader.counters.frameCounts == FrameRingCounters.frameCounts(tornDiscarded: 1))
            // The next publish steps over the odd value and is read normally.
            try writer.publish(frame: syntheticFrame(2, small))
            guard case .frame(let frame) = reader.next(timeoutNanos: 0) else { Issue.record("no frame"); return }
            #expect(frame.frameNumber == 2)
        }
    }

    @Test func aWaitingReaderWakesOnPublish() async throws {
        let dir = try TemporaryDirectory("bring")
        defer { dir.remove() }
        let path = dir.sub("ring")
        try FrameRing.create(path: path, slotCount: 3, slotCapacity: small.payloadBytes)
        let geometry = small
        async let received: (UInt64, UInt64)? = onThread {
            guard let reader = try? FrameRingReader(path: path),
                  case .frame(let frame) = reader.next(timeoutNanos: 5_000_000_000) else { return nil }
            return (frame.frameNumber, frame.receivedTimeNanos - frame.captureTimeNanos)
        }
        try await Task.sleep(nanoseconds: 30_000_000)
        let writer = try FrameRingWriter(path: path)
        try writer.publish(frame: syntheticFrame(5, geometry))
        let result = try #require(await received)
        #expect(result.0 == 1)
        #expect(result.1 < 500_000_000, "woken by the futex, not by the 5 s timeout")
    }

    @Test func truncationUnderTheMappingIsAnErrorNotACrash() throws {
        try withTemporaryDirectory("bring") { dir in
            let path = dir.sub("ring")
            let layout = try FrameRing.create(path: path, slotCount: 2, slotCapacity: small.payloadBytes)
            let writer = try FrameRingWriter(path: path)
            let reader = try FrameRingReader(path: path)
            try writer.publish(frame: syntheticFrame(1, small))
            guard case .frame = reader.next(timeoutNanos: 0) else { Issue.record("no frame"); return }
            try writer.publish(frame: syntheticFrame(2, small))

            // Slots gone, header intact: caught by fstat before the copy.
            truncateFile(path, to: layout.fileSize / 2)
            #expect(reader.next(timeoutNanos: 0).isFileTruncated)
            #expect(throws: FrameRingError.fileTruncated(path: path)) { try writer.publish(frame: syntheticFrame(3, small)) }

            // Everything gone: the header loads themselves fault and are caught.
            truncateFile(path, to: 0)
            #expect(reader.next(timeoutNanos: 0).isFileTruncated)
            #expect(reader.next(timeoutNanos: 10_000_000).isFileTruncated)
            #expect(throws: FrameRingError.self) { try writer.publish(frame: syntheticFrame(3, small)) }
            #expect(reader.counters.frameCounts == FrameRingCounters.frameCounts(received: 1), "frame 2 was never read, so not counted")
        }
    }
}

extension FrameReadOutcome {
    var isTimeout: Bool { if case .timeout = self { return true }; return false }
    var isFileTruncated: Bool { if case .fileTruncated = self { return true }; return false }
}

extension FrameRingCounters {
    /// The frame counts alone (the copy timing varies from run to run).
    var frameCounts: [UInt64] { [received, dropped, rejected, tornDiscarded] }

    static func frameCounts(received: UInt64 = 0, dropped: UInt64 = 0, rejected: UInt64 = 0, tornDiscarded: UInt64 = 0) -> [UInt64] {
        [received, dropped, rejected, tornDiscarded]
    }
}

import Testing
import BroadcastIPC
import Foundation
@testable import BroadcastUpload
import TestSupport

@Suite("Broadcast upload frame sources")
struct BroadcastUploadFrameSourceTests {
    let geometry = NV12Geometry(width: 64, height: 32)

    /// `count` frames, frame i filled with the byte i + 1 (Y) and 200 + i (UV).
    func yuv(frames count: Int) -> [UInt8] {
        var bytes: [UInt8] = []
        for i in 0..<count {
            bytes += [UInt8](repeating: UInt8(i + 1), count: geometry.yPlaneBytes)
            bytes += [UInt8](repeating: UInt8(200 + i), count: geometry.uvPlaneBytes)
        }
        return bytes
    }

    func refusal(_ path: String) -> String? {
        do {
            _ = try YUVFileSource(path: path, geometry: geometry)
            return nil
        } catch {
            return error.description
        }
    }

    @Test func fileFramesComeWholeAndLoop() throws {
        try withTemporaryDirectory("bcast-yuv") { dir in
            let path = dir.sub("screen.yuv")
            try writeBytes(yuv(frames: 3), to: path)
            let source = try YUVFileSource(path: path, geometry: geometry)
            #expect(source.frameCount == 3)
            var seen: [UInt8] = []
            for number in 1...7 {
                let planes = try source.nextFrame(number: UInt64(number))
                #expect(planes.geometry == geometry)
                #expect(planes.y.count == geometry.yPlaneBytes && planes.uv.count == geometry.uvPlaneBytes)
                // Whole: every byte of each plane is that frame's.
                #expect(Set(planes.y) == [planes.y[0]])
                #expect(Set(planes.uv) == [planes.y[0] + 199])
                seen.append(planes.y[0])
            }
            #expect(seen == [1, 2, 3, 1, 2, 3, 1])
        }
    }

    @Test func filesThatAreNotWholeFramesAreRefused() throws {
        try withTemporaryDirectory("bcast-yuv") { dir in
            #expect(refusal(dir.sub("missing.yuv"))?.contains("No such file") == true)
            try writeBytes([], to: dir.sub("empty.yuv"))
            #expect(refusal(dir.sub("empty.yuv"))?.contains("is empty") == true)
            try writeBytes(yuv(frames: 2) + [0, 0, 0], to: dir.sub("partial.yuv"))
            #expect(refusal(dir.sub("partial.yuv"))?.contains("not a whole number of 64x32 NV12 frames (3072 bytes each)") == true)
            #expect(refusal(dir.path)?.contains("not a regular file") == true)
        }
    }

    @Test func fileTruncatedWhileStreamingIsAnErrorNotAHang() throws {
        try withTemporaryDirectory("bcast-yuv") { dir in
            let path = dir.sub("screen.yuv")
            try writeBytes(yuv(frames: 2), to: path)
            let source = try YUVFileSource(path: path, geometry: geometry)
            _ = try source.nextFrame(number: 1)
            #expect(truncate(path, off_t(geometry.planeBytes + 100)) == 0)
            #expect(throws: FrameSourceError.self) { _ = try source.nextFrame(number: 2) }
            #expect(truncate(path, 0) == 0)
            #expect(throws: FrameSourceError.self) { _ = try source.nextFrame(number: 3) }
        }
    }

    @Test func syntheticFramesProveThemselves() throws {
        let source = SyntheticFrameSource(geometry: geometry)
        for number: UInt64 in [1, 2, 300] {
            let planes = try source.nextFrame(number: number)
            #expect(SyntheticFrame.verify(planes) == .verified(frameNumber: number))
        }
    }

    @Test func sizesAndSettingsAreValidated() {
        #expect(FrameSize(argument: "1920x1080") == FrameSize(width: 1920, height: 1080))
        #expect(FrameSize(argument: "640X360") == FrameSize(width: 640, height: 360))
        for bad in ["", "1920", "x", "1920x", "axb", "1920x1080x2", "-2x2"] where FrameSize(argument: bad) != nil {
            #expect(FrameSize(argument: bad)?.validationError != nil, "\(bad)")
        }
        #expect(FrameSize(argument: "axb") == nil)
        #expect(BroadcastSettings().validationError == nil)
        #expect(BroadcastSettings(size: FrameSize(width: 8194, height: 2)).validationError?.contains("8192") == true)
        #expect(BroadcastSettings(size: FrameSize(width: 0, height: 720)).validationError != nil)
        #expect(BroadcastSettings(size: FrameSize(width: 641, height: 360)).validationError?.contains("odd") == true)
        #expect(BroadcastSettings(size: FrameSize(width: 16, height: 16)).validationError?.contains("synthetic") == true)
        #expect(BroadcastSettings(source: .file("x.yuv"), size: FrameSize(width: 16, height: 16)).validationError == nil)
        #expect(BroadcastSettings(fps: 241).validationError != nil)
        #expect(BroadcastSettings(fps: 0).validationError == nil)
        #expect(BroadcastSettings(duration: 0).validationError != nil)
        #expect(BroadcastSettings(duration: .infinity).validationError != nil)
        #expect(FrameSourceChoice(argument: "synthetic") == .synthetic)
        #expect(FrameSourceChoice(argument: "a.yuv") == .file("a.yuv"))
    }

    @Test func audioToneChunksAreTwentyMilliseconds() {
        var tone = AudioTone()
        #expect(AudioTone.chunkBytes == 1920)
        let chunk = UnsafeMutableRawBufferPointer.allocate(byteCount: AudioTone.chunkBytes, alignment: 2)
        defer { chunk.deallocate() }
        tone.fill(chunk)
        let samples = chunk.bindMemory(to: Int16.self)
        #expect(samples[0] == 0)
        #expect(samples.contains { $0 > 7000 } && samples.contains { $0 < -7000 })
    }

    @Test func reportNumbersAreFormattedWithoutFoundation() {
        #expect(BroadcastReport.fixed(29.987, 2) == "29.99")
        #expect(BroadcastReport.fixed(5, 3) == "5.000")
        #expect(BroadcastReport.fixed(0.05, 1) == "0.1")
        #expect(BroadcastReport.rounded(59.99612, 2) == 60.0)
    }
}

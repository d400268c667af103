import Foundation
import Testing
import Container
@testable import BroadcastIPC
import TestSupport

@Suite("Broadcast audio FIFO")
struct BroadcastAudioFifoTests {
    @Test func chunksRoundTripAcrossPartialReads() throws {
        try withTemporaryDirectory("bfifo") { dir in
            let path = dir.sub("0-audio-1")
            let writer = AudioFifoWriter(path: path)
            #expect(writer.flush() == .waitingForReader, "no FIFO yet")
            let reader = try AudioFifoReader(path: path)
            var st = stat()
            #expect(lstat(path, &st) == 0 && (st.st_mode & S_IFMT) == S_IFIFO)
            #expect(reader.readAvailable() == .init(), "no writer yet")

            let chunks: [[UInt8]] = [[1], Array(repeating: 7, count: 100_000), [2, 3, 4], (0..<5000).map { UInt8(truncatingIfNeeded: $0) }]
            for chunk in chunks { #expect(writer.enqueue(chunk)) }
            var got: [[UInt8]] = []
            // The pipe holds 64 KiB, so this takes several flush/read rounds, splitting chunks.
            for _ in 0..<100 where got.count < chunks.count {
                writer.flush()
                reader.readAvailable { got.append(Array($0)) }
            }
            #expect(writer.state == .connected)
            #expect(got == chunks)
            #expect(reader.totalChunks == 4 && reader.totalBytes == UInt64(chunks.map(\.count).reduce(0, +)))
            #expect(writer.queuedBytes == 0 && writer.droppedBytes == 0)
            #expect(writer.sentChunks == 4 && writer.sentBytes == reader.totalBytes && writer.pendingBytes == 0)
        }
    }

    @Test func aFullQueueDropsNewChunks() throws {
        try withTemporaryDirectory("bfifo") { dir in
            let path = dir.sub("0-audio-1")
            try AudioFifo.create(path: path)
            let writer = AudioFifoWriter(path: path)
            let chunk = [UInt8](repeating: 1, count: 64 * 1024)
            // No reader at all: everything stays queued until 1 MiB.
            var accepted = 0
            for _ in 0..<40 where writer.enqueue(chunk) { accepted += 1 }
            #expect(writer.flush() == .waitingForReader)
            #expect(accepted == 16, "queued while less than 1 MiB waited")
            #expect(writer.queuedBytes == 16 * (64 * 1024 + 4))
            #expect(writer.droppedChunks == 24 && writer.droppedBytes == UInt64(24 * chunk.count))
            #expect(writer.pendingBytes == UInt64(16 * chunk.count) && writer.sentBytes == 0)

            // A reader that never drains: the pipe fills, the queue stays capped.
            let reader = try AudioFifoReader(path: path)
            #expect(writer.flush() == .connected)
            let afterPipe = writer.queuedBytes
            #expect(afterPipe < 16 * (64 * 1024 + 4), "the pipe took some")
            for _ in 0..<40 { writer.enqueue(chunk); writer.flush() }
            #expect(writer.queuedBytes < AudioFifo.writerQueueLimit + chunk.count + 4)
            #expect(writer.droppedChunks > 24)

            // Draining delivers whole chunks only.
            var sizes: Set<Int> = []
            for _ in 0..<200 { writer.flush(); reader.readAvailable { sizes.insert($0.count) } }
            #expect(sizes == [chunk.count])
            #expect(writer.queuedBytes == 0 && writer.pendingBytes == 0)
            // Every chunk offered is accounted for once, in audio bytes, as the reader counts them.
            #expect(writer.sentBytes == reader.totalBytes && writer.sentChunks == reader.totalChunks)
            #expect(writer.sentBytes + writer.droppedBytes == UInt64(80 * chunk.count))
        }
    }

    @Test func aBadLengthIsRejectedAndTheStreamResynchronises() throws {
        try withTemporaryDirectory("bfifo") { dir in
            let path = dir.sub("0-audio-1")
            let reader = try AudioFifoReader(path: path)
            let fd = open(path, O_WRONLY | O_NONBLOCK)
            #expect(fd >= 0)
            defer { close(fd) }
            func send(_ bytes: [UInt8]) { _ = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) } }
            func framed(_ length: Int32, _ body: [UInt8]) -> [UInt8] { withUnsafeBytes(of: length) { Array($0) } + body }

            send(framed(-1, [1, 2, 3]))
            let bad = reader.readAvailable()
            #expect(bad.rejected?.contains("-1") == true && bad.chunks == 0)
            send(framed(Int32(AudioFifo.maximumChunkBytes + 1), []))
            #expect(reader.readAvailable().rejected != nil)
            send(framed(0, []))
            #expect(reader.readAvailable().rejected != nil)
            #expect(reader.rejections == 3)

            send(framed(2, [9, 9]))
            var got: [[UInt8]] = []
            let good = reader.readAvailable { got.append(Array($0)) }
            #expect(good == .init(chunks: 1, bytes: 2, rejected: nil))
            #expect(got == [[9, 9]])
        }
    }

    @Test func aRegularFileInThePipesPlaceIsLeftAlone() throws {
        try withTemporaryDirectory("bfifo") { dir in
            let path = dir.sub("0-audio-1")
            try writeBytes([1, 2, 3], to: path)
            #expect(throws: SystemError.self) { try AudioFifoReader(path: path) }
            let writer = AudioFifoWriter(path: path)
            writer.enqueue([9, 9, 9])
            #expect(writer.enqueue([]), "an empty chunk is nothing to send")
            #expect(writer.flush() == .waitingForReader)
            #expect(fileBytes(path) == [1, 2, 3])
            #expect(writer.queuedBytes == 7 && writer.droppedChunks == 0)
        }
    }

    @Test func aVanishedReaderIsADisconnectNotADeath() throws {
        try withTemporaryDirectory("bfifo") { dir in
            let path = dir.sub("0-audio-1")
            var reader: AudioFifoReader? = try AudioFifoReader(path: path)
            let writer = AudioFifoWriter(path: path)
            writer.enqueue([1, 2, 3])
            #expect(writer.flush() == .connected)
            reader = nil
            writer.enqueue([4, 5, 6])
            #expect(writer.flush() == .disconnected)  // EPIPE, with SIGPIPE ignored
            #expect(writer.flush() == .disconnected, "no reader came back")
            reader = try AudioFifoReader(path: path)
            #expect(writer.flush() == .connected)
            var got: [[UInt8]] = []
            reader?.readAvailable { got.append(Array($0)) }
            #expect(got == [[4, 5, 6]], "the chunk that hit EPIPE was never partly written, so it is kept")
        }
    }
}

extension AudioFifoReader.ReadResult {
    init(chunks: Int, bytes: Int, rejected: String?) {
        self.init()
        self.chunks = chunks
        self.bytes = bytes
        self.rejected = rejected
    }
}

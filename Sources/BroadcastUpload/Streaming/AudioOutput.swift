import BroadcastIPC

/// Where the audio chunks go. Used by the audio thread only; read after it is joined.
protocol AudioOutput: AnyObject {
    func send(_ chunk: UnsafeRawBufferPointer)
    /// Last chance to hand over what is queued, before the streams close.
    func finish()
    /// Bytes that left the process.
    var bytesSent: UInt64 { get }
    /// Bytes that never will: dropped, or still queued at the end.
    var bytesDropped: UInt64 { get }
}

/// In-process mode: the app's FIFO, through BroadcastIPC's writer (Telegram's framing: Int32
/// length then bytes; past 1 MiB queued, new chunks are dropped). Never blocks.
final class FifoAudioOutput: AudioOutput {
    private let writer: AudioFifoWriter

    init(path: String) { writer = AudioFifoWriter(path: path) }

    func send(_ chunk: UnsafeRawBufferPointer) {
        writer.enqueue(chunk)
        writer.flush()
    }

    func finish() { writer.flush() }

    /// Audio bytes (no length prefixes, so comparable with what main read) in chunks the pipe
    /// took whole; dropped counts the chunks refused, cut off, or still queued at the end.
    var bytesSent: UInt64 { writer.sentBytes }
    var bytesDropped: UInt64 { writer.droppedBytes + writer.pendingBytes }
}

/// Embedded mode: Telegram's extension feeds audio to its own call context; there is no FIFO.
/// Here the chunks count as sent to that stream.
final class EmbeddedAudioOutput: AudioOutput {
    private(set) var bytesSent: UInt64 = 0
    let bytesDropped: UInt64 = 0

    func send(_ chunk: UnsafeRawBufferPointer) { bytesSent += UInt64(chunk.count) }
    func finish() {}
}

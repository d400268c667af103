import Container

/// The audio thread's work: a 20 ms chunk of the tone every 20 ms (its own pacer, so audio
/// keeps time whatever the frame thread is doing), into the output.
final class AudioStreamer: @unchecked Sendable {
    // @unchecked: the output and the tone are used only on the audio thread until join().
    private let output: AudioOutput
    private let stop: StopFlag
    private var tone = AudioTone()

    init(output: AudioOutput, stop: StopFlag) {
        self.output = output
        self.stop = stop
    }

    var bytesSent: UInt64 { output.bytesSent }
    var bytesDropped: UInt64 { output.bytesDropped }

    func run() {
        let chunk = UnsafeMutableRawBufferPointer.allocate(byteCount: AudioTone.chunkBytes, alignment: 2)
        defer { chunk.deallocate() }
        let interval = UInt64(AudioTone.chunkMilliseconds) * 1_000_000
        var pacer = FramePacer(intervalNanos: interval, start: Clock.monotonicNanoseconds())
        while pacer.wait(unless: stop) {
            tone.fill(chunk)
            output.send(UnsafeRawBufferPointer(chunk))
            pacer.advance(now: Clock.monotonicNanoseconds())
        }
        output.finish()
    }
}

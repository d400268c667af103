#if canImport(Glibc)
import Glibc
#endif

/// The synthetic microphone: a 440 Hz tone, 48 kHz mono signed 16-bit little-endian, in 20 ms
/// chunks (960 samples, 1920 bytes), continuous in phase from chunk to chunk.
struct AudioTone {
    static let sampleRate = 48_000
    static let chunkMilliseconds = 20
    static let samplesPerChunk = sampleRate * chunkMilliseconds / 1000
    static let chunkBytes = samplesPerChunk * 2
    static let frequency = 440.0
    static let amplitude = 8000.0

    private var sample: Int = 0

    /// Writes the next chunk into `chunk` (at least `chunkBytes`).
    mutating func fill(_ chunk: UnsafeMutableRawBufferPointer) {
        precondition(chunk.count >= Self.chunkBytes, "an audio chunk needs \(Self.chunkBytes) bytes")
        let step = 2 * Double.pi * Self.frequency / Double(Self.sampleRate)
        for index in 0..<Self.samplesPerChunk {
            let value = Int16(Self.amplitude * sin(step * Double(sample + index)))
            chunk.storeBytes(of: value.littleEndian, toByteOffset: index * 2, as: Int16.self)
        }
        // One period of 440 Hz at 48 kHz is not whole, but 48000 samples (one second) is: wrap there.
        sample = (sample + Self.samplesPerChunk) % Self.sampleRate
    }
}

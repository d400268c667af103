import COpenSSL
#if canImport(Glibc)
import Glibc
#endif

/// AES-GCM nonces for one ValueSealer, drawn from OpenSSL's DRBG in bulk: a RAND_bytes call costs
/// about as much as sealing a short value, and one per value was 12 % of `main seed`'s
/// instructions. The first fill is small (a process that seals one value draws little), later
/// ones up to 4 KiB.
///
/// Why a nonce is never used twice under a key: each is 96 bits straight from the DRBG, as when
/// they were drawn one by one (random nonces, within GCM's bound of 2^32 values per key); only
/// the moment of drawing changed. The read position only moves forward and a fill overwrites the
/// whole buffer, so each drawn nonce is handed out once. The one way the same bytes could be
/// handed out twice is fork(): the child would inherit the unused rest of the parent's buffer,
/// and both would seal with it. So a pthread_atfork handler counts forks in the child, and a
/// buffer filled before the last fork is dropped unused (OpenSSL reseeds its DRBG in a forked
/// child, so the refill differs from the parent's). Nonces need not be secret, only unique:
/// holding the next few in memory gives nothing away.
///
/// Not thread-safe, like its sealer.
struct NonceBuffer {
    static let nonceSize = 12
    /// Nonces per fill: the first, then ×4 per fill up to the last (4,092 bytes).
    static let firstFill = 8
    static let largestFill = 341

    private var bytes: [UInt8] = []
    private var position = 0
    private var nextFill = NonceBuffer.firstFill
    private var filledInForkGeneration: UInt64 = 0

    init() {}

    /// Writes the next nonce (12 bytes) to `out`.
    mutating func take(into out: UnsafeMutablePointer<UInt8>) {
        if position == bytes.count || filledInForkGeneration != ForkGeneration.current { fill() }
        bytes.withUnsafeBufferPointer { b in
            (out).update(from: b.baseAddress! + position, count: Self.nonceSize)
        }
        position += Self.nonceSize
    }

    private mutating func fill() {
        ForkGeneration.watch()
        // Read before drawing: a fork after this read makes the child refill, never reuse.
        filledInForkGeneration = ForkGeneration.current
        bytes = SecureRandom.bytes(nextFill * Self.nonceSize)
        position = 0
        nextFill = min(nextFill * 4, Self.largestFill)
    }
}

/// How many forks this process descends through since it first drew nonces (0 in the process
/// that registered the handler). Written only by the atfork child handler, which runs in the
/// child while it is still single-threaded; read by the sealers.
enum ForkGeneration {
    nonisolated(unsafe) static var current: UInt64 = 0

    private static let registered: Bool = {
        pthread_atfork(nil, nil, { ForkGeneration.current &+= 1 }) == 0
    }()

    /// Registers the handler (once per process; a forked child inherits it).
    static func watch() {
        // Without the handler a forked child could reuse the parent's nonces: not worth running.
        precondition(registered, "pthread_atfork failed")
    }

    /// As if the process had forked (tests).
    static func simulateFork() { current &+= 1 }
}

import Foundation
import Testing
@testable import Cryptography

/// NonceBuffer: GCM nonces drawn in bulk must still never repeat, across refills, across buffers
/// and across a fork (the child inherits the parent's unused nonces and must not use them).
@Suite("NonceBuffer")
struct NonceBufferTests {
    private func draw(_ buffer: inout NonceBuffer, _ count: Int) -> [[UInt8]] {
        (0..<count).map { _ in
            var nonce = [UInt8](repeating: 0, count: NonceBuffer.nonceSize)
            nonce.withUnsafeMutableBufferPointer { buffer.take(into: $0.baseAddress!) }
            return nonce
        }
    }

    @Test func noNonceRepeatsAcrossManyRefills() {
        var buffer = NonceBuffer()
        // 8 + 32 + 128 + 341 × 14: the growing fills and many full ones.
        let nonces = draw(&buffer, 5_000)
        #expect(Set(nonces).count == nonces.count)
        #expect(!nonces.contains([UInt8](repeating: 0, count: NonceBuffer.nonceSize)))
    }

    @Test func twoBuffersNeverShareANonce() {
        var a = NonceBuffer(), b = NonceBuffer()
        let first = draw(&a, 1_000), second = draw(&b, 1_000)
        #expect(Set(first).isDisjoint(with: second))
    }

    /// A copy of a filled buffer is what a forked child holds. Without the fork check both would
    /// hand out the same next nonces.
    @Test func aBufferInheritedThroughAForkIsDropped() {
        var parent = NonceBuffer()
        _ = draw(&parent, 3)
        var child = parent
        ForkGeneration.simulateFork()
        let fromChild = draw(&child, 400), fromParent = draw(&parent, 400)
        #expect(Set(fromChild).isDisjoint(with: fromParent))
    }

    /// A real fork: the child seals with the sealer it inherited (its nonce buffer already
    /// filled) and reports the nonces it used; none is one the parent uses.
    @Test func aForkedChildNeverReusesTheParentsNonces() throws {
        let sealer = ValueSealer(key: (0..<32).map { UInt8($0) })
        let plaintext: [UInt8] = [1, 2, 3]
        // Fills the buffer and warms every path the child takes.
        _ = sealer.seal(plaintext, additionalData: [])
        var fds: [Int32] = [0, 0]
        #expect(pipe(&fds) == 0)
        let perSide = 20
        let pid = fork()
        if pid == 0 {
            // The child: only what was warmed above, then _exit.
            close(fds[0])
            var report: [UInt8] = []
            for _ in 0..<perSide { report += sealer.seal(plaintext, additionalData: [])[1...NonceBuffer.nonceSize] }
            _ = report.withUnsafeBytes { write(fds[1], $0.baseAddress, $0.count) }
            _exit(0)
        }
        #expect(pid > 0)
        close(fds[1])
        defer { close(fds[0]) }
        let fromParent = (0..<perSide).map { _ in Array(sealer.seal(plaintext, additionalData: [])[1...NonceBuffer.nonceSize]) }
        var received: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        var poller = pollfd(fd: fds[0], events: Int16(POLLIN), revents: 0)
        while received.count < perSide * NonceBuffer.nonceSize, poll(&poller, 1, 10_000) > 0 {
            let n = chunk.withUnsafeMutableBytes { read(fds[0], $0.baseAddress, $0.count) }
            if n <= 0 { break }
            received += chunk[0..<n]
        }
        var status: Int32 = 0
        if received.count < perSide * NonceBuffer.nonceSize { kill(pid, SIGKILL) }
        waitpid(pid, &status, 0)
        try #require(received.count == perSide * NonceBuffer.nonceSize, "the child did not report its nonces")
        let fromChild = stride(from: 0, to: received.count, by: NonceBuffer.nonceSize).map { Array(received[$0..<$0 + NonceBuffer.nonceSize]) }
        #expect(Set(fromChild).count == perSide)
        #expect(Set(fromChild).isDisjoint(with: fromParent))
    }
}

import Foundation
import Testing
import Container
import CSharedMemory
import TestSupport

/// The C shim on its own: atomics, the cross-process futex, and the SIGBUS-guarded accesses.
@Suite("Broadcast shared memory primitives")
struct BroadcastSharedMemoryTests {
    /// Maps `pages` pages of a fresh file MAP_SHARED; unmaps after `body`.
    func withMappedFile(_ pages: Int, _ body: (String, UnsafeMutableRawPointer) throws -> Void) throws {
        try withTemporaryDirectory("bshm") { dir in
            let path = dir.sub("map")
            let fd = open(path, O_RDWR | O_CREAT, 0o600)
            #expect(fd >= 0)
            defer { close(fd) }
            #expect(ftruncate(fd, off_t(pages * 4096)) == 0)
            let base = try #require(mmap(nil, pages * 4096, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0))
            #expect(base != MAP_FAILED)
            defer { munmap(base, pages * 4096) }
            try body(path, base)
        }
    }

    @Test func atomicsLoadStoreAndAdd() throws {
        try withMappedFile(1) { _, base in
            tg_atomic_store_release_u32(base, 7)
            #expect(tg_atomic_load_acquire_u32(base) == 7)
            #expect(tg_atomic_fetch_add_u32(base, 3) == 7)
            #expect(tg_atomic_load_acquire_u32(base) == 10)
            tg_atomic_store_release_u64(base + 8, UInt64.max - 1)
            #expect(tg_atomic_fetch_add_u64(base + 8, 2) == UInt64.max - 1)
            #expect(tg_atomic_load_acquire_u64(base + 8) == 0, "wraps")
            tg_atomic_fence()
            var value: UInt64 = 0
            #expect(tg_shm_store_release_u64(base + 16, 42) == 0)
            #expect(tg_shm_load_acquire_u64(base + 16, &value) == 0 && value == 42)
            var previous: UInt32 = 0
            #expect(tg_shm_fetch_add_u32(base, 5, &previous) == 0 && previous == 10)
        }
    }

    @Test func futexTimesOutOrReturnsAtOnce() throws {
        try withMappedFile(1) { _, base in
            tg_atomic_store_release_u32(base, 1)
            #expect(tg_futex_wait(base, 2, 1_000_000_000) == 0, "value already differs: no sleep")
            let start = Clock.monotonicNanoseconds()
            #expect(tg_futex_wait(base, 1, 20_000_000) == 1)
            #expect(Clock.monotonicNanoseconds() - start >= 15_000_000)
            #expect(tg_futex_wake_all(base) == 0)
        }
    }

    /// Judged by the futex's own answer (woken, not timed out), not by a clock: the test pool
    /// may resume this task seconds late on a busy machine, so both sides run on their own threads.
    @Test func futexWakesAWaiterOnAnotherMapping() async throws {
        let dir = try TemporaryDirectory("bshm")
        defer { dir.remove() }
        let path = dir.sub("map")
        let fd = open(path, O_RDWR | O_CREAT, 0o600)
        defer { close(fd) }
        #expect(ftruncate(fd, 4096) == 0)
        // Two separate mappings of the file, as two processes would have. Word 0 is the value
        // waited on, word 1 the waiter's "about to wait".
        let writerMap = try #require(mmap(nil, 4096, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0))
        defer { munmap(writerMap, 4096) }
        let writerAddress = Int(bitPattern: writerMap)
        async let timeouts: Int = onThread {
            let rfd = open(path, O_RDWR)
            defer { close(rfd) }
            let readerMap = mmap(nil, 4096, PROT_READ | PROT_WRITE, MAP_SHARED, rfd, 0)!
            defer { munmap(readerMap, 4096) }
            tg_atomic_store_release_u32(readerMap + 4, 1)
            var timeouts = 0
            while tg_atomic_load_acquire_u32(readerMap) == 0 {
                if tg_futex_wait(readerMap, 0, 30_000_000_000) == 1 { timeouts += 1 }
            }
            return timeouts
        }
        await onThread {
            let map = UnsafeMutableRawPointer(bitPattern: writerAddress)!
            while tg_atomic_load_acquire_u32(map + 4) == 0 { usleep(1000) }
            usleep(20_000)  // time for the waiter to go to sleep in the kernel
            tg_atomic_store_release_u32(map, 1)
            _ = tg_futex_wake_all(map)
        }
        #expect(await timeouts == 0, "the waiter was woken, not timed out")
    }

    @Test func guardedAccessSurvivesTruncation() throws {
        try withMappedFile(4) { path, base in
            var local = [UInt8](repeating: 0, count: 8192)
            memset(base, 0x5A, 4 * 4096)
            #expect(local.withUnsafeMutableBytes { tg_shm_copy($0.baseAddress!, base + 4096, 8192) } == 0)
            #expect(local.allSatisfy { $0 == 0x5A })
            #expect(local.withUnsafeBytes { tg_shm_write(base + 8192, $0.baseAddress!, 4096) } == 0)

            #expect(truncate(path, 4096) == 0)
            // Page 0 is still there; pages 1… now raise SIGBUS, which the guard turns into -1.
            #expect(local.withUnsafeMutableBytes { tg_shm_copy($0.baseAddress!, base, 4096) } == 0)
            #expect(local.withUnsafeMutableBytes { tg_shm_copy($0.baseAddress!, base + 4096, 8192) } == -1)
            #expect(local.withUnsafeMutableBytes { tg_shm_copy($0.baseAddress!, base + 2048, 4096) } == -1, "straddling the end")
            #expect(local.withUnsafeBytes { tg_shm_write(base + 8192, $0.baseAddress!, 16) } == -1)
            var value64: UInt64 = 0
            var value32: UInt32 = 0
            var previous: UInt32 = 0
            #expect(tg_shm_load_acquire_u64(base + 4096, &value64) == -1)
            #expect(tg_shm_load_acquire_u32(base + 4096, &value32) == -1)
            #expect(tg_shm_store_release_u64(base + 4096, 1) == -1)
            #expect(tg_shm_store_release_u32(base + 4096, 1) == -1)
            #expect(tg_shm_fetch_add_u32(base + 4096, 1, &previous) == -1)
            // And the thread is fine afterwards: the guard still works, so does the rest.
            #expect(tg_shm_load_acquire_u64(base, &value64) == 0 && value64 == 0x5A5A_5A5A_5A5A_5A5A)
            #expect(local.withUnsafeMutableBytes { tg_shm_copy($0.baseAddress!, base + 4096, 1) } == -1)
            #expect(tg_futex_wait(base + 4096, 0, 1_000_000) < 0, "futex on a vanished page is EFAULT, not SIGBUS")
        }
    }
}

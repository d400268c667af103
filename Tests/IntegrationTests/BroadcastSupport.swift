import Foundation
import Testing
import Container
import BroadcastIPC
import CSharedMemory
import TestSupport
#if canImport(Glibc)
import Glibc
#endif

// Shared helpers for the screen-broadcast tests: typed mirrors of the JSON that
// `main call start|end|stats` and `broadcast start` print (written from the documented contract,
// not imported from the product), a fixture that makes a container with a chat to call, and
// polling helpers, because every timing claim here is "within N s" and must be waited for with
// a deadline, never with a sleep.

enum BroadcastFixture {
    /// The first seeded chat (`main seed --peers 1`).
    static let peer: Int64 = 1_000_000
    /// Small frames for everything but the stress test.
    static let smallSize = "320x240"
    static let extensionName = "broadcast"

    /// `main login` + `main seed --peers 1`: an account with a chat to call.
    static func prepare(_ sandbox: Sandbox) async throws {
        try await sandbox.login()
        _ = try await sandbox.seed(peers: 1, messages: 1)
    }

    static func coordinationPath(_ sandbox: Sandbox, embedded: Bool = false) -> String {
        embedded ? sandbox.layout.embeddedBroadcastCoordinationPath : sandbox.layout.broadcastCoordinationPath
    }

    static func statsPath(_ sandbox: Sandbox, embedded: Bool = false) -> String {
        coordinationPath(sandbox, embedded: embedded) + "/" + BroadcastFileNames.callStatistics
    }

    /// `main call start --peer … --json` (plus `extra`), and its first line: the start object.
    /// With no app running the process stays, as the app for the call; handed to `main run` it exits.
    static func startCall(_ sandbox: Sandbox, _ extra: [String] = [], timeout: Double = 30) async throws -> (RunningProcess, CallStartLine) {
        let process = try sandbox.start(Executables.main, ["call", "start", "--peer", "\(peer)", "--json"] + extra)
        let line = try await process.waitForLine(prefix: "{", timeout: timeout)
        do {
            return (process, try JSONDecoder().decode(CallStartLine.self, from: Data(line.utf8)))
        } catch {
            process.kill9()
            throw HarnessError("`main call start` start line is not the documented object (\(error)): \(line)")
        }
    }

    /// `broadcast start … --json`, running.
    static func startBroadcast(_ sandbox: Sandbox, _ args: [String]) throws -> RunningProcess {
        try sandbox.start(extensionName, ["start"] + args + ["--json"])
    }

    /// An account with a chat (`prepare`), `main call start` hosting the call and `broadcast start
    /// --size smallSize` plus `args` streaming into it, returned once main has received frames.
    static func startStreamingCall(_ sandbox: Sandbox, _ args: [String]) async throws -> StreamingCall {
        try await prepare(sandbox)
        let (host, start) = try await startCall(sandbox)
        do {
            let broadcast = try startBroadcast(sandbox, ["--size", smallSize] + args)
            do {
                return StreamingCall(host: host, start: start, broadcast: broadcast, streaming: try await waitForStreaming(sandbox))
            } catch {
                broadcast.kill9()
                throw error
            }
        } catch {
            host.kill9()
            throw error
        }
    }

    /// call-stats.json read straight from the coordination directory (main writes it atomically).
    static func readStats(_ sandbox: Sandbox, embedded: Bool = false) -> CallStatsFile? {
        guard let data = FileManager.default.contents(atPath: statsPath(sandbox, embedded: embedded)) else { return nil }
        return try? JSONDecoder().decode(CallStatsFile.self, from: data)
    }

    /// Polls call-stats.json every 20 ms until `condition` holds; throws with the last statistics seen.
    @discardableResult
    static func waitForStats(_ sandbox: Sandbox, embedded: Bool = false, timeout: Double, _ what: String,
                             _ condition: (CallStatsFile) -> Bool) async throws -> CallStatsFile {
        var last: CallStatsFile?
        let found = try await pollUntil(timeout: timeout, what, lastSeen: { last.map { "\($0)" } ?? "no call-stats.json" }) { () -> CallStatsFile? in
            last = readStats(sandbox, embedded: embedded)
            return last.flatMap { condition($0) ? $0 : nil }
        }
        return found
    }

    /// Waits until main counts the extension active and has received a frame: the broadcast is streaming.
    @discardableResult
    static func waitForStreaming(_ sandbox: Sandbox, embedded: Bool = false, timeout: Double = 15) async throws -> CallStatsFile {
        try await waitForStats(sandbox, embedded: embedded, timeout: timeout, "extension active with frames received") {
            $0.extensionActive && $0.framesReceived > 0
        }
    }

    /// The extension's one --json object.
    static func report(_ result: ProcessResult) throws -> BroadcastReportJSON {
        do {
            return try JSONDecoder().decode(BroadcastReportJSON.self, from: Data(result.stdout.utf8))
        } catch {
            throw HarnessError("broadcast --json output is not the documented object (\(error)): \(result)")
        }
    }

    /// The last line of `main call start --json` when it was the app: the final statistics.
    static func finalStats(_ result: ProcessResult) throws -> CallStatsFile {
        guard let line = result.stdout.split(separator: "\n").last, line.hasPrefix("{"),
              let stats = try? JSONDecoder().decode(CallStatsFile.self, from: Data(line.utf8)) else {
            throw HarnessError("no final statistics line: \(result)")
        }
        return stats
    }

    /// Names in the coordination directory that belong to one call (ring, FIFO, sink).
    static func perCallFiles(_ sandbox: Sandbox, embedded: Bool = false) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: coordinationPath(sandbox, embedded: embedded))) ?? [])
            .filter(BroadcastFileNames.isPerCallFile).sorted()
    }
}

/// Polls `body` every 20 ms until it returns a value; throws after `timeout` seconds.
func pollUntil<T>(timeout: Double, _ what: String, lastSeen: () -> String = { "" },
             _ body: () throws -> T?) async throws -> T {
    let deadline = Clock.monotonicNanoseconds() + UInt64(timeout * 1e9)
    while true {
        if let value = try body() { return value }
        if Clock.monotonicNanoseconds() > deadline {
            throw HarnessError("timed out after \(timeout) s waiting for \(what); last seen: \(lastSeen())")
        }
        try await Task.sleep(for: .milliseconds(20))
    }
}

/// Seconds on CLOCK_MONOTONIC since `start` (a `Clock.monotonicNanoseconds()` reading).
func secondsSince(_ start: UInt64) -> Double { Double(Clock.monotonicNanoseconds() - start) / 1e9 }

// MARK: - JSON mirrors

/// `main call start --json`'s first line.
struct CallStartLine: Decodable, Sendable {
    let audioFifo: String?
    let callId: UInt32
    let directory: String
    let frameFile: String
    let host: String
    let hostPid: Int32
    let mode: String
    let peerId: Int64
}

/// The call host and the extension streaming into it; `kill9` is the tests' cleanup.
struct StreamingCall {
    let host: RunningProcess
    let start: CallStartLine
    let broadcast: RunningProcess
    /// The first statistics with the extension active and frames received.
    let streaming: CallStatsFile

    func kill9() {
        broadcast.kill9()
        host.kill9()
    }
}

/// call-stats.json, `main call stats --json`, `main call end --json` (the keys these tests read).
struct CallStatsFile: Decodable, Sendable, CustomStringConvertible {
    struct Join: Decodable, Sendable {
        struct Description: Decodable, Sendable {
            let width: Int
            let height: Int
            let fps: Int?
            let ssrc: UInt32
        }
        let state: String
        let detail: String?
        let description: Description?
    }

    let mode: String
    let callId: UInt32
    let peerId: Int64
    let startedAt: Int32
    let updatedAt: Int32
    let extensionActive: Bool
    let framesReceived: UInt64
    let framesVerified: UInt64
    let framesDropped: UInt64
    let framesRejected: UInt64
    let tornDiscarded: UInt64
    let checksumFailures: UInt64
    let audioBytes: UInt64
    let audioChunks: UInt64
    let lastRejectReason: String?
    let ended: Bool
    let endReason: String?
    let hostPid: Int32
    let directory: String
    let extensionStatus: String
    let frameSource: String
    let frameSourceDetail: String?
    let frameGeometry: String?
    let framesNotSynthetic: UInt64
    let audioStatus: String
    let join: Join?
    let heartbeatError: String?
    /// Only in `main call stats --json` / `main call end --json` / the final line.
    let live: Bool?

    /// Every frame number up to the last one main looked at, counted once.
    var accounted: UInt64 { framesReceived + framesDropped + framesRejected + tornDiscarded }

    var description: String {
        "call \(callId) \(mode) ended=\(ended)\(endReason.map { " (\($0))" } ?? "") extension=\"\(extensionStatus)\" "
            + "source=\(frameSource)\(frameSourceDetail.map { " (\($0))" } ?? "") received=\(framesReceived) "
            + "verified=\(framesVerified) dropped=\(framesDropped) rejected=\(framesRejected) torn=\(tornDiscarded) "
            + "checksumFailures=\(checksumFailures) notSynthetic=\(framesNotSynthetic) audio=\(audioBytes)B/\(audioChunks) "
            + "lastReject=\(lastRejectReason ?? "nil") join=\(join.map { "\($0.state) \($0.detail ?? "")" } ?? "nil") "
            + "heartbeatError=\(heartbeatError ?? "nil")"
    }
}

/// `broadcast start --json`.
struct BroadcastReportJSON: Decodable, Sendable {
    struct Transition: Decodable, Sendable {
        let status: String
        let atMs: Int64
    }

    let status: String
    let reason: String
    let detail: String?
    let mode: String
    let callId: UInt32?
    let source: String
    let size: String
    let fps: Int
    let orientation: Int
    let audio: Bool
    let achievedFps: Double
    let framesSent: UInt64
    let missedTicks: UInt64
    let audioBytesSent: UInt64
    let audioBytesDropped: UInt64
    let durationSeconds: Double
    let streamingSeconds: Double
    let locked: Bool
    let transitions: [Transition]

    var statuses: [String] { transitions.map(\.status) }
}

// MARK: - A rogue writer

/// The test process as a hostile writer of main's frame ring: it maps `0-data-<id>` itself and
/// publishes slots with whatever header and payload it likes, following the ring's seqlock and
/// publish protocol (so main reads them as it would read the extension's), bypassing every check
/// `FrameRingWriter` makes.
final class RogueRingWriter {
    let path: String
    let layout: FrameRingLayout
    private let base: UnsafeMutableRawPointer
    private let size: Int
    private let fd: Int32

    init(path: String) throws {
        self.path = path
        let fd = open(path, O_RDWR | O_CLOEXEC)
        guard fd >= 0 else { throw HarnessError("cannot open \(path): errno \(errno)") }
        var st = stat()
        fstat(fd, &st)
        let size = Int(st.st_size)
        var header = [UInt8](repeating: 0, count: 16)
        _ = header.withUnsafeMutableBytes { pread(fd, $0.baseAddress, 16, 0) }
        let slotCount = header.withUnsafeBytes { Int($0.load(fromByteOffset: FrameRingLayout.Header.slotCount, as: UInt32.self)) }
        let capacity = header.withUnsafeBytes { Int($0.load(fromByteOffset: FrameRingLayout.Header.slotCapacity, as: UInt32.self)) }
        let layout: FrameRingLayout
        do {
            layout = try FrameRingLayout(slotCount: slotCount, slotCapacity: capacity)
        } catch {
            close(fd)
            throw HarnessError("\(path) is not a frame ring: \(error)")
        }
        guard size >= layout.fileSize,
              let mapped = mmap(nil, size, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0), mapped != MAP_FAILED else {
            close(fd)
            throw HarnessError("cannot map \(path) (\(size) bytes, ring needs \(layout.fileSize))")
        }
        self.fd = fd
        self.size = size
        self.layout = layout
        base = mapped
    }

    deinit {
        munmap(base, size)
        close(fd)
    }

    var latest: UInt64 { tg_atomic_load_acquire_u64(base + FrameRingLayout.Header.latestSequence) }

    /// Publishes `payload` as the next frame. `slotFrameNumber` and `length` override what the
    /// slot header claims (the frame number and payload length). Returns the frame number.
    @discardableResult
    func publish(_ payload: [UInt8], slotFrameNumber: UInt64? = nil, length: UInt32? = nil) -> UInt64 {
        let n = latest + 1
        let slot = base + layout.slotOffset(frameNumber: n)
        let seq = tg_atomic_load_acquire_u64(slot + FrameRingLayout.Slot.seq)
        let writing = seq & 1 == 0 ? seq &+ 1 : seq &+ 2
        tg_atomic_store_release_u64(slot + FrameRingLayout.Slot.seq, writing)
        tg_atomic_fence()
        payload.withUnsafeBytes { bytes in
            (slot + FrameRingLayout.Slot.payload).copyMemory(from: bytes.baseAddress!, byteCount: min(bytes.count, layout.slotCapacity))
        }
        tg_atomic_store_release_u64(slot + FrameRingLayout.Slot.frameNumber, slotFrameNumber ?? n)
        tg_atomic_store_release_u64(slot + FrameRingLayout.Slot.captureTimeNanos, Clock.monotonicNanoseconds())
        tg_atomic_store_release_u32(slot + FrameRingLayout.Slot.payloadLength, length ?? UInt32(payload.count))
        tg_atomic_store_release_u64(slot + FrameRingLayout.Slot.seq, writing &+ 1)
        tg_atomic_store_release_u64(base + FrameRingLayout.Header.latestSequence, n)
        _ = tg_atomic_fetch_add_u32(base + FrameRingLayout.Header.publishCounter, 1)
        _ = tg_futex_wake_all(base + FrameRingLayout.Header.publishCounter)
        return n
    }

    /// A payload in Telegram's layout with exactly these header fields and `planeBytes` bytes of
    /// planes (whatever the header implies).
    static func payload(orientation: Int32 = 1, pixelFormat: UInt32 = NV12Geometry.fullRange, width: Int32, height: Int32,
                        yStride: Int32, uvStride: Int32, planeBytes: Int) -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: FramePayload.headerBytes + planeBytes)
        bytes.withUnsafeMutableBytes { out in
            out.storeBytes(of: orientation, toByteOffset: 0, as: Int32.self)
            out.storeBytes(of: pixelFormat, toByteOffset: 4, as: UInt32.self)
            out.storeBytes(of: width, toByteOffset: 8, as: Int32.self)
            out.storeBytes(of: height, toByteOffset: 12, as: Int32.self)
            out.storeBytes(of: yStride, toByteOffset: 16, as: Int32.self)
            out.storeBytes(of: uvStride, toByteOffset: 20, as: Int32.self)
        }
        return bytes
    }

    /// A well-formed synthetic frame `frameNumber` of `width`×`height`, optionally with one byte
    /// of its Y plane flipped after the checksum was computed (a frame damaged in transit).
    static func syntheticPayload(frameNumber: UInt64, width: Int, height: Int, damaged: Bool = false) -> [UInt8] {
        let geometry = NV12Geometry(width: width, height: height)
        var frame = NV12Frame(geometry: geometry)
        SyntheticFrame.draw(frameNumber: frameNumber, into: &frame)
        if damaged { frame.bytes[geometry.yPlaneBytes / 2] ^= 0x5A }
        var bytes = [UInt8](repeating: 0, count: FramePayload.headerBytes)
        bytes.withUnsafeMutableBytes { FramePayload.writeHeader(orientation: .up, geometry: geometry, to: $0.baseAddress!) }
        return bytes + frame.bytes
    }
}

// MARK: - Timing from the processes' own logs

/// The processes' own log lines (Telegram's `[tag] Y-M-D HH:MM:SS.mmm text`, local time, the
/// timestamp taken as the line is written). The timing windows are measured between such
/// stamps (or a stamp and a wall-clock reading taken here just before a kill), so what is timed
/// is the product's reaction, not how late a busy test process got round to looking.
enum ProcessLog {
    struct Line {
        /// Unix seconds, millisecond resolution.
        let time: Double
        let text: String
    }

    /// Every line in `logs/<directory>/log-*.txt`, files in creation order.
    static func lines(_ sandbox: Sandbox, _ directory: String) -> [Line] {
        let path = sandbox.layout.logsPath(directory)
        let files = ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []).filter { $0.hasPrefix("log-") }.sorted()
        return files.flatMap { name -> [Line] in
            let text = ContainerFiles.bytes(path + "/" + name).map { String(decoding: $0, as: UTF8.self) } ?? ""
            return text.split(separator: "\n").compactMap(parse)
        }
    }

    /// The first line whose text starts with `prefix`.
    static func first(_ sandbox: Sandbox, _ directory: String, _ prefix: String) -> Line? {
        lines(sandbox, directory).first { $0.text.hasPrefix(prefix) }
    }

    /// Waits (briefly: the line is written before the process reports) for the first line starting with `prefix`.
    static func waitForFirst(_ sandbox: Sandbox, _ directory: String, _ prefix: String, timeout: Double = 5) async throws -> Line {
        try await pollUntil(timeout: timeout, "a \(directory) line \"\(prefix)…\"") { first(sandbox, directory, prefix) }
    }

    /// "[app] 2026-11-22 05:14:25.556 text" → (time, "text").
    static func parse(_ line: Substring) -> Line? {
        guard let close = line.firstIndex(of: "]") else { return nil }
        let rest = line[line.index(after: close)...].drop { $0 == " " }
        guard rest.count > 24 else { return nil }
        let stamp = rest.prefix(23)
        let numbers = stamp.split(whereSeparator: { "-: .".contains($0) }).compactMap { Int($0) }
        guard numbers.count == 7 else { return nil }
        var parts = tm()
        parts.tm_year = Int32(numbers[0] - 1900)
        parts.tm_mon = Int32(numbers[1] - 1)
        parts.tm_mday = Int32(numbers[2])
        parts.tm_hour = Int32(numbers[3])
        parts.tm_min = Int32(numbers[4])
        parts.tm_sec = Int32(numbers[5])
        parts.tm_isdst = -1
        let seconds = mktime(&parts)
        guard seconds != -1 else { return nil }
        return Line(time: Double(seconds) + Double(numbers[6]) / 1000, text: String(rest.dropFirst(24)))
    }

    /// Wall-clock now, Unix seconds, for comparing with log stamps.
    static func now() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_REALTIME, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
    }
}

/// Starts `body` on its own pthread at once, before this function returns, and gives its result
/// later. `async let x = onThread { … }` starts the thread only when the task pool runs the child
/// task, which on a busy 2-core pool can be seconds late: too late to watch a 2 s call.
func startOnThread<T: Sendable>(_ body: @escaping @Sendable () -> T) -> @Sendable () async -> T {
    let box = ThreadResultBox<T>()
    let done = DispatchSemaphore(value: 0)
    DetachedThread {
        box.value = body()
        done.signal()
    }.start()
    return {
        await onThread {
            done.wait()
            return box.value!
        }
    }
}

/// Written once by the thread before it signals, read only after the signal.
private final class ThreadResultBox<T>: @unchecked Sendable {
    var value: T?
}

import Container
import Foundation
@testable import KeyValueStore
@testable import Storage
import TestSupport
import Testing

private let storeKey: [UInt8] = (0..<32).map { UInt8(truncatingIfNeeded: $0 &* 7 &+ 1) }

/// The db file and its WAL: what a checkpoint or a WAL reset would change.
private func storeBytes(_ path: String) -> [String: [UInt8]] {
    var result: [String: [UInt8]] = [:]
    for suffix in ["", "-wal"] { result[suffix] = fileBytes(path + suffix) }
    return result
}

/// A writer with `rows` rows committed and still in the WAL (no checkpoint yet).
private func writerWithFramesInTheWAL(_ path: String, rows: Int32 = 200) throws -> ValueBox {
    let box = try ValueBox(path: path, key: storeKey, readOnly: false, schemaVersion: 1)
    box.checkpointBudgetFrames = .max
    try box.write {
        for i in 0..<rows { try box.set(1, ValueBoxKey(int32: i), Array(repeating: UInt8(i & 0xff), count: 300)) }
    }
    return box
}

/// The WAL-reset bug (SQLite 3.7.0 – 3.51.2, fixed in 3.51.3; Debian 12 ships 3.40.1) needs two
/// connections writing or checkpointing at once. This design never has them: one writing process
/// (main's flock), readers that never write or checkpoint, and inside main one write or checkpoint
/// at a time per store (WriterGate). These tests fail loudly if any of the three goes.
@Suite("One writer; readers never write or checkpoint")
struct SingleWriterTests {
    /// SQLITE_OPEN_READONLY alone does not stop a checkpoint: SQLite runs one from a read-only
    /// connection as far as its descriptors allow, and TRUNCATE on a fully checkpointed WAL resets
    /// the WAL from the reader (measured on 3.40.1). The reader's authorizer refuses the pragmas.
    @Test func aReaderConnectionRefusesWritesCheckpointsAndJournalModeChanges() throws {
        try withTemporaryDirectory("single-writer") { dir in
            let path = dir.sub("db_sqlite")
            let writer = try writerWithFramesInTheWAL(path)
            let reader = try SQLiteConnection(path: path, mode: .readOnly)
            #expect(try reader.scalar("SELECT count(*) FROM t1") == 200)

            func refusedAndUnchanged(_ sql: String, _ context: String) {
                let before = storeBytes(path)
                #expect(throws: StorageError.self, "\(context): \(sql) ran on a reader") { try reader.execute(sql) }
                let unchanged = storeBytes(path) == before
                #expect(unchanged, "\(context): \(sql) on a reader changed the db or its WAL")
            }
            // Frames in the WAL: a reader's checkpoint would copy them (it fails at the first page
            // write, on SQLite's read-only descriptor of the db, after taking the checkpoint lock).
            for sql in ["INSERT INTO t1 VALUES (x'00', x'00')", "PRAGMA wal_checkpoint", "PRAGMA wal_checkpoint(PASSIVE)",
                        "PRAGMA main.wal_checkpoint(FULL)", "PRAGMA wal_checkpoint(RESTART)", "PRAGMA wal_checkpoint(TRUNCATE)",
                        "PRAGMA journal_mode=DELETE", "PRAGMA journal_mode = TRUNCATE", "VACUUM"] {
                refusedAndUnchanged(sql, "frames in the WAL")
            }
            let before = storeBytes(path)
            #expect(reader.checkpointPassive().ok == false)
            let unchangedByCheckpoint = storeBytes(path) == before
            #expect(unchangedByCheckpoint, "the reader's checkpointPassive changed the store")

            // Everything checkpointed by the writer: here a reader's TRUNCATE used to reset the WAL
            // (salts rewritten in -shm, -wal truncated to 0 bytes) under the writer's feet.
            writer.checkpoint()
            #expect(writer.statistics.lastCheckpointComplete)
            #expect((fileBytes(path + "-wal") ?? []).count > 0)
            for sql in ["PRAGMA wal_checkpoint(TRUNCATE)", "PRAGMA wal_checkpoint(RESTART)", "PRAGMA journal_mode=DELETE"] {
                refusedAndUnchanged(sql, "WAL fully checkpointed")
            }
            // Reading the journal mode is not changing it.
            #expect(try reader.prepare("PRAGMA journal_mode").step())
            // The writer goes on as before, and the reader sees it.
            try writer.write { try writer.set(1, ValueBoxKey(int32: 9999), [1]) }
            #expect(try reader.scalar("SELECT count(*) FROM t1") == 201)
        }
    }

    /// BEGIN IMMEDIATE on a read-only connection opens a read transaction only: it never takes the
    /// WAL write lock, so a reader cannot hold main's writer up.
    @Test func aReaderNeverTakesTheWriteLock() throws {
        try withTemporaryDirectory("single-writer") { dir in
            let path = dir.sub("db_sqlite")
            let writer = try writerWithFramesInTheWAL(path, rows: 10)
            let reader = try SQLiteConnection(path: path, mode: .readOnly)
            for begin in ["BEGIN IMMEDIATE", "BEGIN EXCLUSIVE"] {
                try reader.execute(begin)
                #expect(try reader.scalar("SELECT count(*) FROM t1") != nil)
                let started = Clock.monotonicNanoseconds()
                try writer.write { try writer.set(1, ValueBoxKey(int32: 500), [2]) }
                #expect(Clock.milliseconds(since: started) < 1000, "\(begin) on a reader held the writer up")
                try reader.execute("ROLLBACK")
            }
        }
    }

    @Test func aReadOnlyValueBoxNeitherWritesNorCheckpoints() throws {
        try withTemporaryDirectory("single-writer") { dir in
            let path = dir.sub("db_sqlite")
            let writer = try writerWithFramesInTheWAL(path)
            let reader = try ValueBox(path: path, key: storeKey, readOnly: true, schemaVersion: 1)
            let before = storeBytes(path)
            #expect(throws: StorageError.readOnly(path: path)) { try reader.write { try reader.set(1, ValueBoxKey(int32: 1), [0]) } }
            #expect(throws: StorageError.readOnly(path: path)) { try reader.set(1, ValueBoxKey(int32: 1), [0]) }
            reader.checkpoint()
            #expect(reader.statistics.checkpoints == 0)
            let unchanged = storeBytes(path) == before
            #expect(unchanged, "a read-only ValueBox changed the store")
            withExtendedLifetime(writer) {}
        }
    }

    /// The last connection to close checkpoints the WAL into the db, unless it is a reader: SQLite
    /// opens the db file O_RDONLY for it, and the exclusive lock that close-time checkpoint needs
    /// cannot be taken through such a descriptor. A reader alone (main not running: the common
    /// case for every extension) leaves the db and its WAL exactly as main left them.
    @Test func aReaderClosingLastLeavesTheWALAlone() throws {
        try withTemporaryDirectory("single-writer") { dir in
            let path = dir.sub("db_sqlite")
            let copy = dir.sub("copy/db_sqlite")
            try FileSystem.createDirectory(dir.sub("copy"))
            do {
                let writer = try writerWithFramesInTheWAL(path)
                // A writer that ended without closing (kill -9): its db and WAL as they are now.
                for suffix in ["", "-wal"] {
                    try Data(try #require(fileBytes(path + suffix))).write(to: URL(fileURLWithPath: copy + suffix))
                }
                withExtendedLifetime(writer) {}
            }
            let before = storeBytes(copy)
            #expect((before["-wal"] ?? []).count > 4096, "the copy has no frames to checkpoint: the test proves nothing")
            do {
                let reader = try ValueBox(path: copy, key: storeKey, readOnly: true, schemaVersion: 1)
                #expect(try reader.count(1) == 200)
            }
            let unchanged = storeBytes(copy) == before
            #expect(unchanged, "a lone reader's close checkpointed or reset the WAL")
        }
    }

    /// Main has two read-write connections to one store while a background import runs (the
    /// import's own and the app's). SQLite lets a passive checkpoint on one run during a write on
    /// the other: the WAL-reset bug's precondition. WriterGate makes them take turns.
    @Test(.timeLimit(.minutes(5))) func twoWritingConnectionsOfOneProcessTakeTurns() throws {
        try withTemporaryDirectory("single-writer") { dir in
            let path = dir.sub("db_sqlite")
            let app = try writerWithFramesInTheWAL(path)
            let importer = try ValueBox(path: path, key: storeKey, readOnly: false, schemaVersion: 1)
            importer.checkpointBudgetFrames = .max
            let boxes = UncheckedBoxes(app: app, importer: importer)
            let inside = DispatchSemaphore(value: 0)
            let checkpointCalled = DispatchSemaphore(value: 0)
            let done = DispatchSemaphore(value: 0)
            let events = Events()
            // Plain threads, not tasks: the order below must not hang on the test pool's load.
            Thread {
                try? boxes.importer.write {
                    try boxes.importer.set(2, ValueBoxKey(int32: 1), [1])
                    inside.signal()
                    _ = checkpointCalled.wait(timeout: .now() + 20)
                    // Long enough for an ungated passive checkpoint (a few ms) to have run.
                    Thread.sleep(forTimeInterval: 0.3)
                    events.append("import committing")
                }
                done.signal()
            }.start()
            #expect(inside.wait(timeout: .now() + 20) == .success)
            Thread {
                checkpointCalled.signal()
                boxes.app.checkpoint()
                events.append("app checkpointed")
                done.signal()
            }.start()
            #expect(done.wait(timeout: .now() + 30) == .success && done.wait(timeout: .now() + 30) == .success)
            #expect(events.all == ["import committing", "app checkpointed"],
                    "the app's checkpoint ran while the import's write transaction was open")
            #expect(app.statistics.checkpoints == 1, "the app's checkpoint gave up waiting")
        }
    }
}

private final class Events: @unchecked Sendable {
    private let lock = NSLock()
    private var items: [String] = []
    func append(_ item: String) { lock.lock(); items.append(item); lock.unlock() }
    var all: [String] { lock.lock(); defer { lock.unlock() }; return items }
}

/// Each box is used by one thread at a time in the test above (SQLite's NOMUTEX connections).
private struct UncheckedBoxes: @unchecked Sendable {
    let app: ValueBox
    let importer: ValueBox
}

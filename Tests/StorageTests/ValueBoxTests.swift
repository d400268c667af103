import Container
import Cryptography
import Foundation
@testable import KeyValueStore
@testable import Storage
import TestSupport
import Testing

private let storeKey: [UInt8] = (0..<32).map { UInt8(truncatingIfNeeded: $0 &* 11 &+ 3) }
private let otherKey: [UInt8] = (0..<32).map { UInt8(truncatingIfNeeded: $0 &* 5 &+ 200) }

private func k(_ v: Int32) -> ValueBoxKey { ValueBoxKey(int32: v) }
private func bytes(_ s: String) -> [UInt8] { Array(s.utf8) }

/// The db file and its WAL, the bytes another process could read. `-shm` is an index a reader may
/// legitimately touch, so it is left out.
private func storeBytes(_ path: String) -> [String: [UInt8]] {
    var result: [String: [UInt8]] = [:]
    for suffix in ["", "-wal"] { result[suffix] = fileBytes(path + suffix) }
    return result
}

private func collect(_ box: ValueBox, _ table: Int32, start: ValueBoxKey, end: ValueBoxKey,
                     limit: Int = Int.max) throws -> [Int32] {
    var keys: [Int32] = []
    try box.range(table, start: start, end: end, limit: limit) { key, value in
        keys.append(key.int32(at: 0))
        #expect(value == bytes("v\(key.int32(at: 0))"))
        return true
    }
    return keys
}

@Suite("ValueBox")
struct ValueBoxTests {
    @Test func writerCreatesTheStoreWithPersistentWAL() throws {
        try withTemporaryDirectory("valuebox") { dir in
            let path = dir.sub("postbox/db/db_sqlite")
            let box = try ValueBox(path: path, key: storeKey, readOnly: false, schemaVersion: 1)
            #expect(!box.isReadOnly)
            #expect(FileSystem.isRegularFile(path))
            #expect(FileSystem.isRegularFile(path + "-wal"))
            #expect(FileSystem.isRegularFile(path + "-shm"))
            #expect(try box.integrityCheck() == "ok")
            #expect(try box.connection.scalar("PRAGMA user_version") == 1)
        }
    }

    @Test func setGetExistsRemoveCount() throws {
        try withTemporaryDirectory("valuebox") { dir in
            let box = try ValueBox(path: dir.sub("db_sqlite"), key: storeKey, readOnly: false, schemaVersion: 1)
            #expect(try box.get(1, k(1)) == nil)
            #expect(try box.count(1) == 0)
            #expect(try !box.exists(1, k(1)))
            try box.write {
                try box.set(1, k(1), bytes("one"))
                try box.set(1, k(2), bytes("two"))
                try box.set(2, k(1), bytes("other table"))
                try box.set(1, ValueBoxKey(), bytes("empty key"))
                try box.set(1, k(3), [])
            }
            #expect(try box.get(1, k(1)) == bytes("one"))
            #expect(try box.get(1, k(2)) == bytes("two"))
            #expect(try box.get(2, k(1)) == bytes("other table"))
            #expect(try box.get(1, ValueBoxKey()) == bytes("empty key"))
            #expect(try box.get(1, k(3)) == [])
            #expect(try box.exists(1, k(3)))
            #expect(try box.get(1, k(4)) == nil)
            #expect(try box.count(1) == 4)
            try box.write { try box.set(1, k(1), bytes("uno")) }
            #expect(try box.get(1, k(1)) == bytes("uno"))
            #expect(try box.count(1) == 4)
            try box.write {
                try box.remove(1, k(1))
                try box.remove(1, k(99))
                try box.remove(77, k(1))
            }
            #expect(try box.get(1, k(1)) == nil)
            #expect(try !box.exists(1, k(1)))
            #expect(try box.count(1) == 3)
            #expect(try box.get(2, k(1)) == bytes("other table"))
            let large = (0..<200_000).map { UInt8(truncatingIfNeeded: $0 &* 7) }
            try box.write { try box.set(3, k(1), large) }
            #expect(try box.get(3, k(1)) == large)
        }
    }

    @Test func valuesPersistAcrossReopen() throws {
        try withTemporaryDirectory("valuebox") { dir in
            let path = dir.sub("db_sqlite")
            do {
                let box = try ValueBox(path: path, key: storeKey, readOnly: false, schemaVersion: 1)
                try box.write { try box.set(5, k(1), bytes("kept")) }
            }
            let again = try ValueBox(path: path, key: storeKey, readOnly: false, schemaVersion: 1)
            #expect(try again.get(5, k(1)) == bytes("kept"))
        }
    }

    @Test func rangeFollowsTelegramsConvention() throws {
        try withTemporaryDirectory("valuebox") { dir in
            let box = try ValueBox(path: dir.sub("db_sqlite"), key: storeKey, readOnly: false, schemaVersion: 1)
            try box.write {
                // Inserted out of order; 0...300 crosses a byte boundary in the big-endian key.
                for i in [7, 1, 300, 3, 255, 256, 0, 9, 5, 2, 8, 4, 6] as [Int32] { try box.set(1, k(i), bytes("v\(i)")) }
            }
            // Ascending: strictly between start and end.
            #expect(try collect(box, 1, start: k(3), end: k(7)) == [4, 5, 6])
            #expect(try collect(box, 1, start: k(3), end: k(7), limit: 2) == [4, 5])
            #expect(try collect(box, 1, start: k(0), end: k(1000)) == [1, 2, 3, 4, 5, 6, 7, 8, 9, 255, 256, 300])
            #expect(try collect(box, 1, start: ValueBoxKey(), end: k(3)) == [0, 1, 2])
            // Descending when start > end, still exclusive at both ends.
            #expect(try collect(box, 1, start: k(7), end: k(3)) == [6, 5, 4])
            #expect(try collect(box, 1, start: k(7), end: k(3), limit: 2) == [6, 5])
            #expect(try collect(box, 1, start: k(1000), end: k(8)) == [300, 256, 255, 9])
            #expect(try collect(box, 1, start: k(1000), end: ValueBoxKey(), limit: 1) == [300])
            // Empty ranges.
            #expect(try collect(box, 1, start: k(5), end: k(5)) == [])
            #expect(try collect(box, 1, start: k(5), end: k(6)) == [])
            #expect(try collect(box, 1, start: k(6), end: k(5)) == [])
            #expect(try collect(box, 1, start: k(3), end: k(7), limit: 0) == [])
            #expect(try collect(box, 42, start: k(0), end: k(100)) == [])
            // Prefix ranges through successor.
            #expect(try collect(box, 1, start: k(0), end: k(0).successor) == [])
            #expect(try collect(box, 1, start: k(1), end: k(9).successor) == [2, 3, 4, 5, 6, 7, 8, 9])
        }
    }

    @Test func rangeStopsWhenTheBodySaysSoAndCanSkipValues() throws {
        try withTemporaryDirectory("valuebox") { dir in
            let box = try ValueBox(path: dir.sub("db_sqlite"), key: storeKey, readOnly: false, schemaVersion: 1)
            try box.write { for i: Int32 in 1...10 { try box.set(1, k(i), bytes("v\(i)")) } }
            var seen: [Int32] = []
            try box.range(1, start: k(0), end: k(100)) { key, _ in
                seen.append(key.int32(at: 0))
                return seen.count < 3
            }
            #expect(seen == [1, 2, 3])
            var values: [[UInt8]] = []
            try box.range(1, start: k(100), end: k(0), limit: 3, values: false) { _, value in
                values.append(value)
                return true
            }
            #expect(values == [[], [], []])
            // The statement is reset: the same range works again after an early stop.
            #expect(try collect(box, 1, start: k(0), end: k(4)) == [1, 2, 3])
        }
    }

    @Test func throwingWriteRollsBack() throws {
        struct Boom: Error {}
        try withTemporaryDirectory("valuebox") { dir in
            let box = try ValueBox(path: dir.sub("db_sqlite"), key: storeKey, readOnly: false, schemaVersion: 1)
            try box.write { try box.set(1, k(1), bytes("original")) }
            let commits = box.statistics.commits
            #expect(throws: Boom.self) {
                try box.write {
                    try box.set(1, k(1), bytes("changed"))
                    try box.set(1, k(2), bytes("new"))
                    try box.remove(1, k(1))
                    throw Boom()
                }
            }
            #expect(try box.get(1, k(1)) == bytes("original"))
            #expect(try box.get(1, k(2)) == nil)
            #expect(try box.count(1) == 1)
            #expect(box.statistics.commits == commits)
            // The connection is usable again (no transaction left open).
            try box.write { try box.set(1, k(3), bytes("after")) }
            #expect(try box.get(1, k(3)) == bytes("after"))
            let reader = try ValueBox(path: box.path, key: storeKey, readOnly: true, schemaVersion: 1)
            #expect(try reader.get(1, k(3)) == bytes("after"))
            #expect(try reader.get(1, k(2)) == nil)
        }
    }

    /// Regression: `statements(_:create:)` recorded a new table in `tables`/`statements` as soon as its
    /// CREATE TABLE runs, but the CREATE is part of the enclosing transaction. When that transaction
    /// rolls back the table is gone while the cache still says it exists, so every later
    /// set/get on that table in the same ValueBox fails ("no such table").
    @Test func tableCreatedInARolledBackWriteCanBeUsedAfterwards() throws {
        struct Boom: Error {}
        try withTemporaryDirectory("valuebox") { dir in
            let box = try ValueBox(path: dir.sub("db_sqlite"), key: storeKey, readOnly: false, schemaVersion: 1)
            #expect(throws: Boom.self) {
                try box.write {
                    try box.set(9, k(1), bytes("first"))
                    throw Boom()
                }
            }
            // This used to throw StorageError.sqlite(code: 1, "no such table: t9").
            let outcome = Result { () throws -> [UInt8]? in
                try box.write { try box.set(9, k(1), bytes("second")) }
                return try box.get(9, k(1))
            }
            let value = try outcome.get()
            #expect(value == bytes("second"))
        }
    }

    @Test func readerSeesCommittedDataOnly() throws {
        try withTemporaryDirectory("valuebox") { dir in
            let path = dir.sub("db_sqlite")
            let writer = try ValueBox(path: path, key: storeKey, readOnly: false, schemaVersion: 1)
            try writer.write { try writer.set(1, k(1), bytes("committed")) }
            let reader = try ValueBox(path: path, key: storeKey, readOnly: true, schemaVersion: 1)
            #expect(reader.isReadOnly)
            #expect(try reader.get(1, k(1)) == bytes("committed"))
            try writer.write {
                try writer.set(1, k(2), bytes("pending"))
                #expect(try reader.get(1, k(2)) == nil, "reader saw an uncommitted write")
            }
            #expect(try reader.get(1, k(2)) == bytes("pending"))
            var keys: [Int32] = []
            try reader.range(1, start: k(9), end: k(0)) { key, _ in keys.append(key.int32(at: 0)); return true }
            #expect(keys == [2, 1])
            #expect(try reader.count(1) == 2)
        }
    }

    @Test func readerOpensAfterTheWriterHasClosed() throws {
        try withTemporaryDirectory("valuebox") { dir in
            let path = dir.sub("db_sqlite")
            do {
                let writer = try ValueBox(path: path, key: storeKey, readOnly: false, schemaVersion: 1)
                try writer.write { try writer.set(1, k(1), bytes("from a closed writer")) }
            }
            #expect(FileSystem.isRegularFile(path + "-wal"), "WAL not persistent: read-only openers need it")
            let reader = try ValueBox(path: path, key: storeKey, readOnly: true, schemaVersion: 1)
            #expect(try reader.get(1, k(1)) == bytes("from a closed writer"))
        }
    }

    /// Regression: a reader learned the table list once, when it opens. A table the writer creates later
    /// (a new Postbox table, the first value of a kind) stays invisible to that reader forever:
    /// `get` returns nil and `range` returns nothing although the data is committed.
    @Test func longLivedReaderSeesTablesCreatedAfterItOpened() throws {
        try withTemporaryDirectory("valuebox") { dir in
            let path = dir.sub("db_sqlite")
            let writer = try ValueBox(path: path, key: storeKey, readOnly: false, schemaVersion: 1)
            let reader = try ValueBox(path: path, key: storeKey, readOnly: true, schemaVersion: 1)
            try writer.write { try writer.set(12, k(1), bytes("new table")) }
            // A reader opened now sees it...
            #expect(try ValueBox(path: path, key: storeKey, readOnly: true, schemaVersion: 1).get(12, k(1)) == bytes("new table"))
            // ...and so must the one opened before.
            let seen = Result { try reader.get(12, k(1)) }
            let value = try seen.get()
            #expect(value == bytes("new table"))
        }
    }

    @Test func readerRefusesToWrite() throws {
        try withTemporaryDirectory("valuebox") { dir in
            let path = dir.sub("db_sqlite")
            let writer = try ValueBox(path: path, key: storeKey, readOnly: false, schemaVersion: 1)
            try writer.write { try writer.set(1, k(1), bytes("x")) }
            let reader = try ValueBox(path: path, key: storeKey, readOnly: true, schemaVersion: 1)
            let before = storeBytes(path)
            #expect(throws: StorageError.readOnly(path: path)) { try reader.write { } }
            #expect(throws: StorageError.readOnly(path: path)) { try reader.set(1, k(2), bytes("y")) }
            #expect(throws: StorageError.readOnly(path: path)) { try reader.remove(1, k(1)) }
            #expect(try reader.get(1, k(2)) == nil)
            #expect(storeBytes(path) == before)
        }
    }

    @Test func readerWithAnotherKeyIsWrongKeyAndChangesNothing() throws {
        try withTemporaryDirectory("valuebox") { dir in
            let path = dir.sub("db_sqlite")
            do {
                let writer = try ValueBox(path: path, key: storeKey, readOnly: false, schemaVersion: 1)
                try writer.write { for i: Int32 in 0..<50 { try writer.set(1, k(i), bytes("value \(i)")) } }
            }
            let before = storeBytes(path)
            #expect(before[""] != nil && before["-wal"] != nil)
            #expect(throws: StorageError.wrongKey(path: path)) {
                try ValueBox(path: path, key: otherKey, readOnly: true, schemaVersion: 1)
            }
            #expect(storeBytes(path) == before, "a refused reader changed the store")
            // And the right key still opens it.
            #expect(try ValueBox(path: path, key: storeKey, readOnly: true, schemaVersion: 1).get(1, k(7)) == bytes("value 7"))
        }
    }

    @Test func writerWithAnotherKeyIsWrongKeyAndKeepsTheData() throws {
        try withTemporaryDirectory("valuebox") { dir in
            let path = dir.sub("db_sqlite")
            do {
                let writer = try ValueBox(path: path, key: storeKey, readOnly: false, schemaVersion: 1)
                try writer.write { try writer.set(1, k(1), bytes("precious")) }
            }
            #expect(throws: StorageError.wrongKey(path: path)) {
                try ValueBox(path: path, key: otherKey, readOnly: false, schemaVersion: 1)
            }
            let box = try ValueBox(path: path, key: storeKey, readOnly: false, schemaVersion: 1)
            #expect(try box.get(1, k(1)) == bytes("precious"))
            #expect(try box.count(ValueBox.metadataTable) == 1)
        }
    }

    @Test func readOnlyOpenOfAMissingFileIsMissingAndCreatesNothing() throws {
        try withTemporaryDirectory("valuebox") { dir in
            let path = dir.sub("db/db_sqlite")
            #expect(throws: StorageError.missing(path: path)) {
                try ValueBox(path: path, key: storeKey, readOnly: true, schemaVersion: 1)
            }
            #expect(!FileSystem.exists(dir.sub("db")))
            #expect(FileSystem.listDirectory(dir.path).isEmpty)
        }
    }

    @Test func readOnlyOpenOfAnUninitialisedFileIsNotInitialised() throws {
        try withTemporaryDirectory("valuebox") { dir in
            let path = dir.sub("db_sqlite")
            try writeBytes([], to: path)
            #expect(throws: StorageError.notInitialised(path: path)) {
                try ValueBox(path: path, key: storeKey, readOnly: true, schemaVersion: 1)
            }
            #expect(fileBytes(path) == [])
        }
    }

    @Test func schemaVersions() throws {
        try withTemporaryDirectory("valuebox") { dir in
            let path = dir.sub("db_sqlite")
            do {
                let box = try ValueBox(path: path, key: storeKey, readOnly: false, schemaVersion: 3)
                try box.write { try box.set(1, k(1), bytes("v3")) }
            }
            let before = storeBytes(path)
            #expect(throws: StorageError.newerSchema(path: path, found: 3, supported: 2)) {
                try ValueBox(path: path, key: storeKey, readOnly: true, schemaVersion: 2)
            }
            #expect(throws: StorageError.newerSchema(path: path, found: 3, supported: 2)) {
                try ValueBox(path: path, key: storeKey, readOnly: false, schemaVersion: 2)
            }
            // A reader that expects a newer schema waits for main to migrate.
            #expect(throws: StorageError.olderSchema(path: path, found: 3, supported: 4)) {
                try ValueBox(path: path, key: storeKey, readOnly: true, schemaVersion: 4)
            }
            #expect(storeBytes(path)[""] == before[""])
        }
    }

    @Test func aWriterUpgradesTheSchemaWithItsChangesOrNotAtAll() throws {
        try withTemporaryDirectory("valuebox") { dir in
            let path = dir.sub("db_sqlite")
            do {
                let box = try ValueBox(path: path, key: storeKey, readOnly: false, schemaVersion: 3)
                #expect(box.storedSchemaVersion == 3)
                try box.write { try box.set(1, k(1), bytes("v3")) }
            }
            struct Abort: Error {}
            do {
                let box = try ValueBox(path: path, key: storeKey, readOnly: false, schemaVersion: 4)
                #expect(box.storedSchemaVersion == 3)
                #expect(throws: Abort.self) {
                    try box.upgradeSchema(to: 4) {
                        try box.set(1, k(1), bytes("half-upgraded"))
                        throw Abort()
                    }
                }
                #expect(box.storedSchemaVersion == 3)
                #expect(try box.connection.scalar("PRAGMA user_version") == 3)
                #expect(try box.read { try box.get(1, k(1)) } == bytes("v3"))
            }
            let box = try ValueBox(path: path, key: storeKey, readOnly: false, schemaVersion: 4)
            try box.upgradeSchema(to: 4) { try box.set(1, k(1), bytes("v4")) }
            #expect(box.storedSchemaVersion == 4)
            let reader = try ValueBox(path: path, key: storeKey, readOnly: true, schemaVersion: 4)
            #expect(reader.storedSchemaVersion == 4)
            #expect(try reader.read { try reader.get(1, k(1)) } == bytes("v4"))
        }
    }

    @Test(arguments: [true, false])
    func garbageFileIsCorruptAndLeftAlone(_ readOnly: Bool) throws {
        try withTemporaryDirectory("valuebox") { dir in
            let path = dir.sub("db_sqlite")
            let garbage = (0..<8192).map { UInt8(truncatingIfNeeded: $0 &* 151 &+ 17) }
            try writeBytes(garbage, to: path)
            #expect {
                try ValueBox(path: path, key: storeKey, readOnly: readOnly, schemaVersion: 1)
            } throws: { error in
                if case .corrupt(let p, _)? = error as? StorageError { return p == path }
                return false
            }
            #expect(fileBytes(path) == garbage, "a corrupt store was modified")
            #expect(!FileSystem.exists(path + "-wal") || fileBytes(path + "-wal") == [])
        }
    }

    @Test func noPlaintextValuesOnDisk() throws {
        try withTemporaryDirectory("valuebox") { dir in
            let path = dir.sub("db_sqlite")
            let needle = bytes("SecretNeedle123")
            do {
                let box = try ValueBox(path: path, key: storeKey, readOnly: false, schemaVersion: 1)
                try box.write {
                    try box.set(1, k(1), needle)
                    try box.set(2, ValueBoxKey("peer"), bytes("prefix ") + needle + bytes(" suffix"))
                    for i: Int32 in 0..<100 { try box.set(3, k(i), needle + bytes("\(i)")) }
                }
                #expect(try box.get(1, k(1)) == needle)
                // Before any checkpoint the data is in the WAL; check it there too.
                let wal = try #require(fileBytes(path + "-wal"))
                #expect(!wal.isEmpty)
                #expect(!wal.containsSubsequence(needle), "plaintext in db_sqlite-wal")
                box.checkpoint()
            }
            let db = try #require(fileBytes(path))
            #expect(!db.containsSubsequence(needle), "plaintext in db_sqlite")
            #expect(!(fileBytes(path + "-wal") ?? []).containsSubsequence(needle), "plaintext in db_sqlite-wal")
            // The key-check value is sealed as well.
            #expect(!db.containsSubsequence(ValueBox.keyCheckValue))
            // Sanity check of the search itself: keys are stored in plain, so "peer" is there.
            let all = db + (fileBytes(path + "-wal") ?? [])
            #expect(all.containsSubsequence(bytes("peer")))
        }
    }

    @Test func valueMovedToAnotherKeyOrTableFailsToOpen() throws {
        try withTemporaryDirectory("valuebox") { dir in
            let box = try ValueBox(path: dir.sub("db_sqlite"), key: storeKey, readOnly: false, schemaVersion: 1)
            try box.write {
                try box.set(1, k(1), bytes("for key one"))
                try box.set(1, k(2), bytes("for key two"))
                try box.set(2, k(1), bytes("table two"))
            }
            // Copy row 1's sealed value over row 2, and table 1's row into table 2.
            try box.connection.execute("UPDATE t1 SET value=(SELECT value FROM t1 WHERE key=x'00000001') WHERE key=x'00000002'")
            try box.connection.execute("UPDATE t2 SET value=(SELECT value FROM t1 WHERE key=x'00000001') WHERE key=x'00000001'")
            #expect(try box.get(1, k(1)) == bytes("for key one"))
            for (table, key) in [(Int32(1), k(2)), (2, k(1))] {
                #expect {
                    try box.get(table, key)
                } throws: { error in
                    if case .corrupt? = error as? StorageError { return true }
                    return false
                }
            }
            // A range over the table stops at the moved value too.
            var opened: [Int32] = []
            #expect(throws: StorageError.self) {
                try box.range(1, start: k(0), end: k(9)) { key, _ in opened.append(key.int32(at: 0)); return true }
            }
            #expect(opened == [1])
        }
    }

    @Test func tamperedValueIsCorruptNotGarbage() throws {
        try withTemporaryDirectory("valuebox") { dir in
            let box = try ValueBox(path: dir.sub("db_sqlite"), key: storeKey, readOnly: false, schemaVersion: 1)
            try box.write { try box.set(1, k(1), bytes("authentic")) }
            let select = try box.connection.prepare("SELECT value FROM t1 WHERE key=x'00000001'")
            let hasRow = try select.step()
            try #require(hasRow)
            var sealed = Array(select.blob(0))
            select.reset()
            #expect(sealed.count == ValueSealer.overhead + 9)
            #expect(sealed[0] == ValueSealer.version)
            // Flip one bit of the ciphertext (index 13 = first byte after version and nonce).
            sealed[13] ^= 0x01
            let update = try box.connection.prepare("UPDATE t1 SET value=?2 WHERE key=?1")
            try k(1).bytes.withUnsafeBytes { key in
                try sealed.withUnsafeBytes { value in
                    update.bind(1, key)
                    update.bind(2, value)
                    _ = try update.step()
                }
            }
            update.reset()
            #expect { try box.get(1, k(1)) } throws: { error in
                if case .corrupt? = error as? StorageError { return true }
                return false
            }
        }
    }

    @Test func writeBudgetTriggersPassiveCheckpoints() throws {
        try withTemporaryDirectory("valuebox") { dir in
            let path = dir.sub("db_sqlite")
            let box = try ValueBox(path: path, key: storeKey, readOnly: false, schemaVersion: 1)
            box.checkpointBudgetFrames = 1_000_000
            let start = box.statistics
            for i: Int32 in 0..<5 { try box.write { try box.set(1, k(i), bytes("v\(i)")) } }
            #expect(box.statistics.commits == start.commits + 5)
            #expect(box.statistics.checkpoints == start.checkpoints)
            box.checkpointBudgetFrames = 1
            try box.write { try box.set(1, k(100), bytes("x")) }
            #expect(box.statistics.checkpoints == start.checkpoints + 1)
            #expect(box.statistics.lastCheckpointComplete)
            // Nothing was lost by checkpointing.
            #expect(try ValueBox(path: path, key: storeKey, readOnly: true, schemaVersion: 1).count(1) == 6)
        }
    }

    @Test func nestedTransactionsJoinTheOuterOne() throws {
        try withTemporaryDirectory("valuebox") { dir in
            let box = try ValueBox(path: dir.sub("db_sqlite"), key: storeKey, readOnly: false, schemaVersion: 1)
            try box.write {
                try box.set(1, k(1), bytes("a"))
                try box.write { try box.set(1, k(2), bytes("b")) }
                #expect(try box.read { try box.get(1, k(2)) } == bytes("b"))
            }
            #expect(try box.count(1) == 2)
        }
    }

    @Test func storageErrorsSayNothingWasChanged() {
        #expect(StorageError.wrongKey(path: "/p").description.contains("nothing was changed"))
        #expect(StorageError.corrupt(path: "/p", detail: "d").description.contains("nothing was changed or deleted"))
        #expect(StorageError.missing(path: "/p").description.contains("/p"))
    }
}

@Suite("ValueBoxKey")
struct ValueBoxKeyTests {
    @Test func integersAreBigEndian() {
        #expect(ValueBoxKey(int32: 0x0102_0304).bytes == [1, 2, 3, 4])
        #expect(ValueBoxKey(int64: 0x0102_0304_0506_0708).bytes == [1, 2, 3, 4, 5, 6, 7, 8])
        #expect(ValueBoxKey(int32: -1).bytes == [0xff, 0xff, 0xff, 0xff])
        var key = ValueBoxKey()
        key.append(Int64(-2))
        key.append(Int32(7))
        key.append(UInt16(0xABCD))
        key.append(Int8(-1))
        key.append(UInt8(9))
        #expect(key.count == 16)
        #expect(key.int64(at: 0) == -2)
        #expect(key.int32(at: 8) == 7)
        #expect(key.uint16(at: 12) == 0xABCD)
        #expect(key.int8(at: 14) == -1)
        #expect(key.bytes[15] == 9)
        #expect(ValueBoxKey("ab").bytes == [0x61, 0x62])
    }

    @Test func orderIsNumericForNonNegativeIntegers() {
        let values: [Int64] = [0, 1, 255, 256, 65_535, 65_536, 1 << 40, Int64.max]
        let keys = values.map { ValueBoxKey(int64: $0) }
        #expect(keys == keys.sorted())
        #expect(ValueBoxKey([1]) < ValueBoxKey([1, 0]))
        #expect(ValueBoxKey() < ValueBoxKey([0]))
        #expect(!(ValueBoxKey([2]) < ValueBoxKey([1, 0xff])))
    }

    @Test func successorIsTheSmallestKeyAfterThePrefix() {
        #expect(ValueBoxKey([1, 2, 3]).successor == ValueBoxKey([1, 2, 4]))
        #expect(ValueBoxKey([1, 0xff]).successor == ValueBoxKey([2]))
        #expect(ValueBoxKey([1, 0xfe, 0xff, 0xff]).successor == ValueBoxKey([1, 0xff]))
        let prefix = ValueBoxKey(int64: 42)
        var inside = prefix
        inside.append(Int32.max)
        #expect(prefix < inside && inside < prefix.successor)
        var next = ValueBoxKey(int64: 43)
        next.append(Int32(0))
        #expect(!(next < prefix.successor))
    }

    /// Regression: for a key made only of 0xff bytes (ValueBoxKey(int64: -1), [0xff, 0xff]) `successor`
    /// returns [0xff], which sorts before the key itself, so `range(start: prefix, end:
    /// prefix.successor)` silently runs descending and misses every key under the prefix.
    @Test func successorOfAll0xFFIsNotSmallerThanTheKey() {
        let key = ValueBoxKey(int64: -1)
        #expect(key < key.successor)
        #expect(ValueBoxKey([0xff, 0xff]) < ValueBoxKey([0xff, 0xff]).successor)
        #expect(ValueBoxKey([0xff, 0xff, 0x00, 0x01]) < ValueBoxKey([0xff, 0xff]).successor)
    }

    /// Regression (cosmetic, diagnostics only): `description` prints bytes without zero padding, so
    /// different keys print the same ("1a" for [0x01, 0x0a] and [0x1a]).
    @Test func descriptionIsUnambiguousHex() {
        #expect(ValueBoxKey([0xab, 0xcd]).description == "abcd")
        #expect(ValueBoxKey([0x01, 0x0a]).description == "010a")
        #expect(ValueBoxKey([0x01, 0x0a]).description != ValueBoxKey([0x1a]).description)
    }
}

@Suite("SQLiteConnection")
struct SQLiteConnectionTests {
    private func text(_ connection: SQLiteConnection, _ sql: String) throws -> String? {
        let statement = try connection.prepare(sql)
        guard try statement.step() else { return nil }
        return String(decoding: statement.blob(0), as: UTF8.self)
    }

    @Test func writerIsConfiguredLikeTelegramsValueBox() throws {
        try withTemporaryDirectory("sqlite") { dir in
            let connection = try SQLiteConnection(path: dir.sub("db"), mode: .readWrite, cacheSizePages: 123)
            #expect(try text(connection, "PRAGMA journal_mode") == "wal")
            #expect(try connection.scalar("PRAGMA synchronous") == 1) // NORMAL
            #expect(try connection.scalar("PRAGMA temp_store") == 2) // MEMORY
            #expect(try connection.scalar("PRAGMA mmap_size") == 0)
            #expect(try connection.scalar("PRAGMA wal_autocheckpoint") == 0)
            #expect(try connection.scalar("PRAGMA cache_size") == 123)
            #expect(try connection.scalar("PRAGMA busy_timeout") == 5000)
        }
    }

    @Test func errorsAreMappedToStorageErrors() throws {
        try withTemporaryDirectory("sqlite") { dir in
            let path = dir.sub("db")
            #expect(throws: StorageError.missing(path: path)) { try SQLiteConnection(path: path, mode: .readOnly) }
            let writer = try SQLiteConnection(path: path, mode: .readWrite)
            try writer.execute("CREATE TABLE t (x)")
            #expect { try writer.prepare("SELEC nonsense") } throws: { error in
                if case .sqlite(let p, _, let message)? = error as? StorageError { return p == path && message.contains("syntax") }
                return false
            }
            let reader = try SQLiteConnection(path: path, mode: .readOnly)
            #expect(try reader.scalar("SELECT count(*) FROM t") == 0)
            #expect(throws: StorageError.readOnly(path: path)) { try reader.execute("INSERT INTO t VALUES (1)") }
            #expect(try writer.scalar("SELECT count(*) FROM t") == 0)
        }
    }
}

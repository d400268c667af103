import Foundation
import Testing
@testable import Storage

/// ValueBox.insertIfAbsent: main's ingest writes a new message in one step and learns whether it
/// was new; an existing row must be left exactly as it was. And setKeys, the ingest's index rows
/// many to a statement: the rows `set(table, key, [])` writes, whatever their number.
@Suite("ValueBox.insertIfAbsent and setKeys")
struct ValueBoxInsertIfAbsentTests {
    private let key: [UInt8] = (0..<32).map { UInt8(truncatingIfNeeded: $0 &* 3 &+ 9) }

    @Test func insertsOnlyWhatIsNotThereAndSealsIt() throws {
        try withTemporaryDirectory("insert-if-absent") { dir in
            let path = dir.sub("db/db_sqlite")
            let box = try ValueBox(path: path, key: key, readOnly: false, schemaVersion: 1)
            let first = ValueBoxKey(int64: 1), second = ValueBoxKey(int64: 2)
            let inserted = try box.write {
                [try box.insertIfAbsent(5, first, Array("original".utf8)),
                 try box.insertIfAbsent(5, first, Array("replacement".utf8)),
                 try box.insertIfAbsent(5, second, Array("second".utf8))]
            }
            #expect(inserted == [true, false, true])
            #expect(try box.read { try box.get(5, first) } == Array("original".utf8))
            #expect(try box.read { try box.get(5, second) } == Array("second".utf8))
            // After a set, still present; after a remove, absent again.
            let again = try box.write {
                try box.set(5, first, Array("edited".utf8))
                let present = try box.insertIfAbsent(5, first, Array("again".utf8))
                try box.remove(5, second)
                return [present, try box.insertIfAbsent(5, second, Array("back".utf8))]
            }
            #expect(again == [false, true])
            #expect(try box.read { try box.get(5, first) } == Array("edited".utf8))
            #expect(try box.read { try box.get(5, second) } == Array("back".utf8))
            // Values are sealed like set's: no plaintext in the file or its WAL.
            for suffix in ["", "-wal"] {
                #expect(!(fileBytes(path + suffix) ?? []).containsSubsequence(Array("original".utf8)))
            }
        }
    }

    @Test func aRolledBackInsertLeavesNothing() throws {
        try withTemporaryDirectory("insert-if-absent-rollback") { dir in
            let box = try ValueBox(path: dir.sub("db/db_sqlite"), key: key, readOnly: false, schemaVersion: 1)
            struct Abort: Error {}
            #expect(throws: Abort.self) {
                try box.write {
                    _ = try box.insertIfAbsent(6, ValueBoxKey(int64: 1), [1])
                    throw Abort()
                }
            }
            #expect(try box.write { try box.insertIfAbsent(6, ValueBoxKey(int64: 1), [2]) })
            #expect(try box.read { try box.get(6, ValueBoxKey(int64: 1)) } == [2])
        }
    }

    @Test func setKeysWritesWhatSetWrites() throws {
        try withTemporaryDirectory("set-keys") { dir in
            let box = try ValueBox(path: dir.sub("db/db_sqlite"), key: key, readOnly: false, schemaVersion: 1)
            var table: Int32 = 20
            for count in [0, 1, 63, 64, 65, 128, 200] {
                table += 1
                // Out of order, with a duplicate, and one row that exists with a value already.
                var keys = (0 ..< count).map { ValueBoxKey(int64: Int64(($0 * 37) % max(count, 1))) }
                if count > 1 { keys.append(keys[count / 2]) }
                try box.write {
                    try box.set(table, ValueBoxKey(int64: 0), [9, 9])
                    try box.setKeys(table, packed: keys.flatMap(\.bytes), keyLength: 8)
                }
                let reference = table + 100
                try box.write {
                    try box.set(reference, ValueBoxKey(int64: 0), [9, 9])
                    for key in keys { try box.set(reference, key, []) }
                }
                func rows(_ t: Int32) throws -> [[UInt8]] {
                    var all: [[UInt8]] = []
                    try box.read {
                        try box.range(t, start: ValueBoxKey(), end: ValueBoxKey([UInt8](repeating: 0xff, count: 9))) { key, value in
                            all.append(key.bytes + [0xee] + value)
                            return true
                        }
                    }
                    return all
                }
                #expect(try rows(table) == rows(reference), "\(count) keys")
                #expect(try box.read { try box.count(table) } == max(1, count), "\(count) keys")
            }
        }
    }
}

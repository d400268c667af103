import Foundation
@testable import KeyValueStore
@testable import Storage
import TestSupport
import Testing

/// ValueBox.insertIfAbsent: main's ingest writes a new message in one step and learns whether it
/// was new; an existing row must be left exactly as it was.
@Suite("ValueBox.insertIfAbsent")
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

    /// Many rows to a statement: the same as one insertIfAbsent per row in order, for new keys,
    /// stored keys and keys repeated among the rows, whatever the number of rows.
    @Test func manyRowsInsertWhatOneAtATimeInserts() throws {
        try withTemporaryDirectory("insert-if-absent-rows") { dir in
            let box = try ValueBox(path: dir.sub("db/db_sqlite"), key: key, readOnly: false, schemaVersion: 1)
            var rng = SeededGenerator(seed: 5)
            for (n, count) in [1, 2, 3, 63, 64, 65, 200].enumerated() {
                let table = Int32(30 + n), reference = Int32(130 + n)
                // Some keys stored before, in both tables alike.
                try box.write {
                    for k in stride(from: 0, to: 300, by: 7) {
                        try box.set(table, ValueBoxKey(int64: Int64(k)), [1, UInt8(k % 256)])
                        try box.set(reference, ValueBoxKey(int64: Int64(k)), [1, UInt8(k % 256)])
                    }
                }
                let plain = (0..<count).map { i -> (key: ValueBoxKey, value: [UInt8]) in (ValueBoxKey(int64: Int64(rng.next() % 300)), [2, UInt8(i % 256)]) }
                let sealer = box.makeSiblingSealer()
                let rows = plain.map { ValueBox.SealedRow(key: $0.key, sealed: ValueBox.seal(table, $0.key, $0.value, with: sealer)) }
                let inserted = try box.write { try rows.withUnsafeBufferPointer { try box.insertIfAbsent(table, $0) } }
                let one = try box.write {
                    try plain.reduce(0) { sum, row in sum + (try box.insertIfAbsent(reference, row.key, row.value) ? 1 : 0) }
                }
                #expect(inserted == one, "\(count) rows")
                func stored(_ t: Int32) throws -> [[UInt8]] {
                    var all: [[UInt8]] = []
                    try box.read {
                        try box.range(t, start: ValueBoxKey(), end: ValueBoxKey([UInt8](repeating: 0xff, count: 9))) { key, value in
                            all.append(key.bytes + [0xee] + value)
                            return true
                        }
                    }
                    return all
                }
                #expect(try stored(table) == stored(reference), "\(count) rows")
            }
        }
    }
}

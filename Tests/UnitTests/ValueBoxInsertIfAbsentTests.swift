import Foundation
import Testing
@testable import Storage

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
}

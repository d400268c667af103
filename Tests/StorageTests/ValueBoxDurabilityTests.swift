import Foundation
@testable import KeyValueStore
@testable import Storage
import TestSupport
import Testing

/// ValueBox.write(durable:) and sync(): bulk commits stay synchronous=NORMAL (they may roll back
/// at a power cut), a commit someone is told about runs at FULL (its WAL fsynced before COMMIT
/// returns), and sync() makes everything before it durable. Whether the bytes then survive a
/// power cut is Tools/powercut's and Tools/crash's to show; this pins the settings they rely on.
@Suite("ValueBox: durable commits")
struct ValueBoxDurabilityTests {
    private let key: [UInt8] = (0..<32).map { UInt8(truncatingIfNeeded: $0 &* 5 &+ 1) }
    private static let normal: Int64 = 1, full: Int64 = 2

    @Test func aDurableCommitRunsAtFullAndPlainOnesStayNormal() throws {
        try withTemporaryDirectory("durable-commit") { dir in
            let box = try ValueBox(path: dir.sub("db/db_sqlite"), key: key, readOnly: false, schemaVersion: 1)
            #expect(box.commitsSinceDurable == 0, "a new store's first commit is durable")
            try box.write { try box.set(5, ValueBoxKey(int64: 1), [1]) }
            #expect(try box.connection.scalar("PRAGMA synchronous") == Self.normal)
            #expect(box.commitsSinceDurable == 1)
            let level = try box.write(durable: true) { () -> Int64? in
                try box.set(5, ValueBoxKey(int64: 2), [2])
                return try box.connection.scalar("PRAGMA synchronous")
            }
            #expect(level == Self.full)
            #expect(try box.connection.scalar("PRAGMA synchronous") == Self.normal, "FULL is for that one commit")
            #expect(box.commitsSinceDurable == 0)
        }
    }

    @Test func aDurableWriteNestedInAPlainOneMakesTheWholeCommitDurable() throws {
        try withTemporaryDirectory("durable-nested") { dir in
            let box = try ValueBox(path: dir.sub("db/db_sqlite"), key: key, readOnly: false, schemaVersion: 1)
            // SQLite refuses to change synchronous inside a transaction: this must not throw.
            try box.write {
                try box.set(5, ValueBoxKey(int64: 1), [1])
                try box.write(durable: true) { try box.set(5, ValueBoxKey(int64: 2), [2]) }
            }
            #expect(box.commitsSinceDurable == 0)
            #expect(try box.read { try box.get(5, ValueBoxKey(int64: 2)) } == [2])
        }
    }

    @Test func syncMakesEarlierCommitsDurableAndIsFreeWhenNothingIsPending() throws {
        try withTemporaryDirectory("durable-sync") { dir in
            let box = try ValueBox(path: dir.sub("db/db_sqlite"), key: key, readOnly: false, schemaVersion: 1)
            for i in 0..<3 { try box.write { try box.set(5, ValueBoxKey(int64: Int64(i)), [UInt8(i)]) } }
            #expect(box.commitsSinceDurable == 3)
            let commits = box.statistics.commits
            try box.sync()
            #expect(box.commitsSinceDurable == 0)
            #expect(box.statistics.commits == commits + 1)
            try box.sync()
            #expect(box.statistics.commits == commits + 1, "nothing to sync: no commit")
        }
    }

    @Test func aFailedDurableWriteRollsBackAndLeavesSynchronousNormal() throws {
        struct Refused: Error {}
        try withTemporaryDirectory("durable-failed") { dir in
            let box = try ValueBox(path: dir.sub("db/db_sqlite"), key: key, readOnly: false, schemaVersion: 1)
            #expect(throws: Refused.self) {
                try box.write(durable: true) {
                    try box.set(5, ValueBoxKey(int64: 1), [1])
                    throw Refused()
                }
            }
            #expect(try box.read { try box.get(5, ValueBoxKey(int64: 1)) } == nil)
            #expect(try box.connection.scalar("PRAGMA synchronous") == Self.normal)
        }
    }
}

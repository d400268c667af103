import Foundation
@testable import KeyValueStore
import SQLiteCrashVFS
@testable import Storage
import TestSupport
import Testing

/// The store under SQLite's own crash-test method: a VFS holds every write until its file's sync,
/// and the power goes at each operation of a workload in turn (dropping what was unsynced, or
/// keeping a random prefix of it with the last write torn). After each cut the store, reopened on
/// the real file system, must pass integrity_check, hold a prefix of the commit order, and hold
/// every commit up to the last durable one that returned.
@Suite("ValueBox across power cuts (crash VFS)", .serialized)
struct ValueBoxPowerLossTests {
    private let key: [UInt8] = (0..<32).map { UInt8(truncatingIfNeeded: $0 &* 13 &+ 7) }
    private static let table: Int32 = 7
    private static let lastKey = ValueBoxKey("last")

    /// 24 commits of a few rows each; every 4th durable (as an applied request is), with a
    /// checkpoint budget low enough that checkpoints run inside the workload too. Returns the
    /// number of the last commit whose durable write (or later sync) returned.
    private func workload(_ box: ValueBox) -> (committed: Int, durable: Int) {
        var committed = 0, durable = 0
        box.checkpointBudgetFrames = 8
        for number in 1...24 {
            do {
                try box.write(durable: number % 4 == 0) {
                    for row in 0..<3 {
                        try box.set(Self.table, ValueBoxKey(int64: Int64(number * 10 + row)), [UInt8](repeating: UInt8(number), count: 700))
                    }
                    try box.set(Self.table, Self.lastKey, [UInt8(number)])
                }
                committed = number
                if number % 4 == 0 { durable = number }
            } catch {
                break
            }
        }
        if committed == 24 && (try? box.sync()) != nil { durable = 24 }
        return (committed, durable)
    }

    private func open(_ path: String, vfs: String?) throws -> ValueBox {
        try ValueBox(path: path, key: key, readOnly: false, schemaVersion: 1, cacheSizePages: nil, vfs: vfs)
    }

    // One process-wide VFS: the two ways of cutting run one after the other, never at once.
    @Test("a power cut at every operation, unsynced writes dropped, then torn")
    func everyOperation() throws {
        try everyOperation(tear: false)
        try everyOperation(tear: true)
    }

    @Test("after a failed sync the store takes no more writes, even once the disk answers again")
    func aFailedSyncIsNeverRetriedIntoASuccess() throws {
        #expect(tg_crashsim_register() == 0)
        try withTemporaryDirectory("crashsim-failed-sync") { dir in
            tg_crashsim_arm(0, 0, 1)
            let box = try open(dir.sub("db/db_sqlite"), vfs: "crashsim")
            try box.write { try box.set(Self.table, ValueBoxKey(int64: 1), [1]) }
            // The next operation (the durable commit's WAL write or sync) fails.
            tg_crashsim_arm(1, 0, 1)
            #expect(throws: StorageError.self) { try box.write(durable: true) { try box.set(Self.table, ValueBoxKey(int64: 2), [2]) } }
            guard case .writeFailed = box.writeFailure else {
                Issue.record("no write failure recorded: \(String(describing: box.writeFailure))")
                return
            }
            tg_crashsim_arm(0, 0, 1)
            #expect(throws: StorageError.self) { try box.write { try box.set(Self.table, ValueBoxKey(int64: 3), [3]) } }
            #expect(throws: StorageError.self) { try box.sync() }
            #expect(tg_crashsim_operations() == 0, "nothing was written after the failure")
        }
    }

    private func everyOperation(tear: Bool) throws {
        #expect(tg_crashsim_register() == 0)
        // The workload once without a cut: how many operations it makes.
        let total = try withTemporaryDirectory("crashsim-count") { dir -> Int32 in
            tg_crashsim_arm(0, 0, 1)
            _ = workload(try open(dir.sub("db/db_sqlite"), vfs: "crashsim"))
            return tg_crashsim_operations()
        }
        #expect(total > 40, "the workload writes and syncs")
        for cut in 1...total {
            try withTemporaryDirectory("crashsim-\(cut)") { dir in
                let path = dir.sub("db/db_sqlite")
                tg_crashsim_arm(cut, tear ? 1 : 0, UInt32(cut))
                var result = (committed: 0, durable: 0)
                do {
                    let box = try open(path, vfs: "crashsim")
                    result = workload(box)
                } catch {
                    // The cut came while the store was being created: nothing was promised.
                }
                #expect(tg_crashsim_crashed() == 1, "cut \(cut) of \(total) happened")
                tg_crashsim_arm(0, 0, 1)
                guard FileManager.default.fileExists(atPath: path) else {
                    #expect(result.durable == 0, "cut \(cut): a durable commit returned, but there is no store")
                    return
                }
                let reopened: ValueBox
                do {
                    reopened = try open(path, vfs: nil)
                } catch StorageError.notInitialised {
                    #expect(result.durable == 0, "cut \(cut): a durable commit returned, but the store is empty")
                    return
                }
                #expect(try reopened.integrityCheck() == "ok", "cut \(cut)")
                let last = Int(try reopened.read { try reopened.get(Self.table, Self.lastKey) }?.first ?? 0)
                #expect(last >= result.durable, "cut \(cut): commit \(result.durable) was durable, the store has \(last)")
                // The commit the cut interrupted may have reached the disk whole: at most one more.
                #expect(last <= result.committed + 1, "cut \(cut): the store has commit \(last), beyond any that began")
                // A prefix: every row of every commit up to `last`, none after.
                for number in 1...24 {
                    for row in 0..<3 {
                        let value = try reopened.read { try reopened.get(Self.table, ValueBoxKey(int64: Int64(number * 10 + row))) }
                        #expect((value != nil) == (number <= last), "cut \(cut): commit \(number) row \(row) with last \(last)")
                        if let value { #expect(value == [UInt8](repeating: UInt8(number), count: 700)) }
                    }
                }
            }
        }
    }
}

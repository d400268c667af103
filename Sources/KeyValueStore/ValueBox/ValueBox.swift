import CSQLite
import Container
import Cryptography

/// Telegram's SqliteValueBox over the system SQLite: tables `t<id>` of ordered binary keys to
/// values, every value sealed with AES-256-GCM under a key derived for this one store, with the
/// table and key as additional data.
///
/// A writer opens with BEGIN IMMEDIATE transactions, creates tables and checkpoints on a write
/// budget; a reader opens SQLITE_OPEN_READONLY with BEGIN DEFERRED and never creates, migrates,
/// repairs or deletes anything.
public final class ValueBox {
    public let path: String
    public let isReadOnly: Bool
    let connection: SQLiteConnection
    /// Write transactions and checkpoints of every connection of this process to this file, one at a time.
    private let gate: WriterGate
    private let sealer: ValueSealer
    private var tables: Set<Int32> = []
    /// Tables created by the open transaction: forgotten again if it rolls back.
    private var tablesCreatedInTransaction: Set<Int32> = []
    /// `PRAGMA schema_version` when `tables` was last read; a reader rescans when it moves,
    /// so a long-lived reader sees tables the writer created after it opened.
    private var schemaCookie: Int64 = -1
    private var statements: [Int32: TableStatements] = [:]
    /// The table used last and its statements: a batch writes one table row after row, and the
    /// dictionary lookup was 270 instructions a row.
    private var lastStatements: (table: Int32, statements: TableStatements)?
    private var inTransaction = false
    /// The open transaction commits with synchronous=FULL (set before its BEGIN: SQLite refuses
    /// to change it inside a transaction).
    private var committingDurably = false
    /// A nested `write(durable: true)` asked a transaction that began as a plain one to be
    /// durable: a `sync()` follows its commit.
    private var durableRequested = false
    /// Commits since the last durable one (synchronous=NORMAL keeps them in an unsynced WAL):
    /// `sync()` has nothing to do when there are none.
    public private(set) var commitsSinceDurable = 0
    /// Every write commits durably while set (an operation whose answer follows).
    public var commitsDurably = false
    /// Set by the first write or sync that failed with an I/O error: every later write throws it.
    /// A failed fsync is never retried into a success (the kernel may have dropped the pages).
    public private(set) var writeFailure: StorageError?
    /// The rows of one many-row insert, back to back (reused).
    private var rowBuffer: [UInt8] = []
    /// The store's schema version (`PRAGMA user_version`) as opened; `upgradeSchema` moves it.
    public private(set) var storedSchemaVersion: Int32 = 0

    /// Passive checkpoint once this many WAL frames (pages) accumulated since the last one:
    /// readers that never stop can't starve the WAL into unbounded growth (SQLite's wal.html).
    public var checkpointBudgetFrames: Int32 = 1000
    fileprivate(set) var walFrames: Int32 = 0
    private var framesAtLastCheckpoint: Int32 = 0
    public private(set) var statistics = Statistics()

    public struct Statistics: Sendable {
        public var commits = 0
        public var checkpoints = 0
        public var lastCheckpointComplete = true
    }

    static let metadataTable: Int32 = 0
    static let keyCheckKey = ValueBoxKey("__key-check")
    static let keyCheckValue = Array("telegram-linux value box".utf8)

    /// - Parameters:
    ///   - key: the 32-byte value key derived for this store.
    ///   - schemaVersion: SQLite `user_version` this build reads and writes.
    public convenience init(path: String, key: [UInt8], readOnly: Bool, schemaVersion: Int32, cacheSizePages: Int32? = nil) throws {
        try self.init(path: path, key: key, readOnly: readOnly, schemaVersion: schemaVersion, cacheSizePages: cacheSizePages, vfs: nil)
    }

    /// `vfs`: the SQLite VFS by name, for tests that simulate power loss under the store.
    init(path: String, key: [UInt8], readOnly: Bool, schemaVersion: Int32, cacheSizePages: Int32?, vfs: String?) throws {
        self.path = path
        self.isReadOnly = readOnly
        gate = WriterGate.forDatabase(path)
        if !readOnly { try FileSystem.createDirectory(FileSystem.parentPath(path)) }
        connection = try SQLiteConnection(path: path, mode: readOnly ? .readOnly : .readWrite, cacheSizePages: cacheSizePages, vfs: vfs)
        sealer = ValueSealer(key: key)
        if !readOnly {
            sqlite3_wal_hook(connection.handle, { context, _, _, frames in
                Unmanaged<ValueBox>.fromOpaque(context!).takeUnretainedValue().walFrames = frames
                return SQLITE_OK
            }, Unmanaged.passUnretained(self).toOpaque())
        }
        try openSchema(schemaVersion: schemaVersion)
    }

    private func openSchema(schemaVersion: Int32) throws {
        try read { try scanTables() }
        let version = Int32(try connection.scalar("PRAGMA user_version") ?? 0)
        if version > schemaVersion { throw StorageError.newerSchema(path: path, found: version, supported: schemaVersion) }
        if version == 0 {
            guard !isReadOnly else { throw StorageError.notInitialised(path: path) }
            if tables.isEmpty {
                try write(durable: true) {
                    try set(ValueBox.metadataTable, ValueBox.keyCheckKey, ValueBox.keyCheckValue)
                    try connection.execute("PRAGMA user_version=\(schemaVersion)")
                }
                // SQLite syncs the directory for a new -wal, never for the database file itself.
                try FileSystem.syncDirectory(FileSystem.parentPath(path))
                storedSchemaVersion = schemaVersion
                return
            }
            throw StorageError.corrupt(path: path, detail: "tables without a schema version")
        }
        // A reader never migrates: the store waits for main to bring it up to date.
        if version < schemaVersion && isReadOnly {
            throw StorageError.olderSchema(path: path, found: version, supported: schemaVersion)
        }
        try verifyKey()
        storedSchemaVersion = version
    }

    /// A writer's schema upgrade: `body`'s changes and the new `user_version` commit together, or
    /// neither does (a kill mid-way leaves the old version, upgraded again at the next open).
    public func upgradeSchema(to version: Int32, _ body: () throws -> Void) throws {
        try write {
            try body()
            try connection.execute("PRAGMA user_version=\(version)")
        }
        storedSchemaVersion = version
    }

    private func scanTables() throws {
        let cookie = try connection.scalar("PRAGMA schema_version") ?? 0
        guard cookie != schemaCookie else { return }
        let names = try connection.prepare("SELECT name FROM sqlite_master WHERE type='table'")
        while try names.step() {
            let name = String(decoding: names.blob(0), as: UTF8.self)
            if name.hasPrefix("t"), let id = Int32(name.dropFirst()) { tables.insert(id) }
        }
        schemaCookie = cookie
    }

    private func verifyKey() throws {
        try read {
            do {
                guard let check = try get(ValueBox.metadataTable, ValueBox.keyCheckKey) else {
                    throw StorageError.corrupt(path: path, detail: "key check record missing")
                }
                guard check == ValueBox.keyCheckValue else { throw StorageError.wrongKey(path: path) }
            } catch is ValueSealer.OpenError {
                throw StorageError.wrongKey(path: path)
            }
        }
    }

    // MARK: Transactions

    /// A read transaction: one consistent snapshot (BEGIN DEFERRED).
    public func read<T>(_ body: () throws -> T) throws -> T {
        try transaction(begin: "BEGIN DEFERRED", body)
    }

    /// A write transaction (BEGIN IMMEDIATE: takes the write lock up front, so it never fails
    /// half-way with SQLITE_BUSY_SNAPSHOT). Rolled back on any error.
    ///
    /// `durable`: the commit is on the disk when this returns (the WAL fsynced, as
    /// synchronous=FULL does), with every commit before it. For a change that anything outside the
    /// store is told about (an acknowledgement, a reply); bulk writes stay NORMAL, whose commits
    /// survive a crashed process but may roll back at a power cut. Nested inside another
    /// transaction, it makes the enclosing commit durable. A failed sync fails the write.
    public func write<T>(durable requested: Bool = false, _ body: () throws -> T) throws -> T {
        guard !isReadOnly else { throw StorageError.readOnly(path: path) }
        if let writeFailure { throw writeFailure }
        do {
            return try writeTransaction(durable: requested || commitsDurably, body)
        } catch let error as StorageError where error.isIOError {
            let failure = StorageError.writeFailed(path: path, detail: "\(error)")
            writeFailure = failure
            throw failure
        }
    }

    private func writeTransaction<T>(durable: Bool, _ body: () throws -> T) throws -> T {
        if inTransaction {
            if durable && !committingDurably { durableRequested = true }
            return try body()
        }
        // Another connection of this process to the same file (a background import) waits.
        guard gate.lock(timeoutMilliseconds: 5000) else { throw StorageError.busy(path: path) }
        defer { gate.unlock() }
        if durable { try connection.execute("PRAGMA synchronous=FULL") }
        committingDurably = durable
        durableRequested = false
        defer {
            if durable { try? connection.execute("PRAGMA synchronous=NORMAL") }
            committingDurably = false
        }
        let result = try transaction(begin: "BEGIN IMMEDIATE", body)
        commitsSinceDurable = durable ? 0 : commitsSinceDurable + 1
        if durableRequested {
            durableRequested = false
            try sync()
        }
        statistics.commits += 1
        if walFrames - framesAtLastCheckpoint >= checkpointBudgetFrames || walFrames < framesAtLastCheckpoint {
            checkpoint()
        }
        return result
    }

    /// Makes every commit so far durable: one small durable commit (a marker row) whose WAL sync
    /// carries the unsynced commits before it. Nothing to do when the last commit was durable.
    public func sync() throws {
        guard commitsSinceDurable > 0 else { return }
        try write(durable: true) {
            try set(ValueBox.metadataTable, ValueBox.syncMarkerKey, ValueBox.syncMarkerValue)
        }
    }

    static let syncMarkerKey = ValueBoxKey("__sync")
    static let syncMarkerValue: [UInt8] = [1]

    private func transaction<T>(begin: String, _ body: () throws -> T) throws -> T {
        if inTransaction { return try body() }
        try connection.execute(begin)
        inTransaction = true
        do {
            let result = try body()
            try connection.execute("COMMIT")
            inTransaction = false
            tablesCreatedInTransaction = []
            return result
        } catch {
            try? connection.execute("ROLLBACK")
            inTransaction = false
            for table in tablesCreatedInTransaction {
                tables.remove(table)
                statements[table] = nil
            }
            lastStatements = nil
            tablesCreatedInTransaction = []
            schemaCookie = -1
            throw error
        }
    }

    /// Passive checkpoint; never waits for readers.
    public func checkpoint() {
        guard !isReadOnly, gate.lock(timeoutMilliseconds: 5000) else { return }
        defer { gate.unlock() }
        let result = connection.checkpointPassive()
        if let error = result.error, error.isIOError, writeFailure == nil {
            // Its writes or syncs of the database failed: as for a failed commit, no more writes.
            writeFailure = .writeFailed(path: path, detail: "checkpoint: \(error)")
        }
        statistics.checkpoints += 1
        statistics.lastCheckpointComplete = result.ok && result.checkpointed == result.walFrames
        framesAtLastCheckpoint = result.ok && result.checkpointed == result.walFrames ? 0 : walFrames
        if statistics.lastCheckpointComplete { walFrames = 0 }
    }

    // MARK: Values

    /// The additional data, table id Int32 BE ‖ key, built on the stack (two arrays per value
    /// when it was a ValueBoxKey).
    @inline(__always)
    private static func withAdditionalData<R>(_ table: Int32, _ key: ValueBoxKey, _ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
        try withUnsafeTemporaryAllocation(byteCount: 4 + key.count, alignment: 1) { buffer in
            buffer.storeBytes(of: UInt32(bitPattern: table).bigEndian, as: UInt32.self)
            key.bytes.withUnsafeBytes { UnsafeMutableRawBufferPointer(rebasing: buffer[4...]).copyMemory(from: $0) }
            return try body(UnsafeRawBufferPointer(buffer))
        }
    }

    private func statements(_ table: Int32, create: Bool) throws -> TableStatements? {
        if let last = lastStatements, last.table == table { return last.statements }
        if let existing = statements[table] {
            lastStatements = (table, existing)
            return existing
        }
        if !tables.contains(table) {
            if !create || isReadOnly {
                try scanTables()
                guard tables.contains(table) else { return nil }
            } else {
                try connection.execute("CREATE TABLE IF NOT EXISTS t\(table) (key BLOB PRIMARY KEY, value BLOB) WITHOUT ROWID")
                tables.insert(table)
                tablesCreatedInTransaction.insert(table)
            }
        }
        let made = TableStatements(connection: connection, table: table)
        statements[table] = made
        lastStatements = (table, made)
        return made
    }

    public func get(_ table: Int32, _ key: ValueBoxKey) throws -> [UInt8]? {
        try withStoredValue(table, key) { try unseal($0, table: table, key: key) }
    }

    /// The value under `key` as stored (sealed), read in place by `body`; nil when there is none.
    private func withStoredValue<T>(_ table: Int32, _ key: ValueBoxKey, _ body: (UnsafeRawBufferPointer) throws -> T) throws -> T? {
        guard let s = try statements(table, create: false) else { return nil }
        let statement = try s.get()
        defer { statement.reset() }
        return try key.bytes.withUnsafeBytes { k -> T? in
            statement.bind(1, k)
            guard try statement.step() else { return nil }
            return try body(statement.blob(0))
        }
    }

    public func exists(_ table: Int32, _ key: ValueBoxKey) throws -> Bool {
        guard let s = try statements(table, create: false) else { return false }
        let statement = try s.exists()
        defer { statement.reset() }
        return try key.bytes.withUnsafeBytes { k in
            statement.bind(1, k)
            return try statement.step()
        }
    }

    /// Empty values are stored as they are: index tables whose meaning is all in the key.
    public func set(_ table: Int32, _ key: ValueBoxKey, _ value: [UInt8]) throws {
        guard !isReadOnly else { throw StorageError.readOnly(path: path) }
        let s = try statements(table, create: true)!
        try write(try s.set(), table, key, value)
    }

    /// Inserts the value unless the key is already there (then changes nothing): true when it
    /// inserted. One B-tree walk where `get` or `exists` and then `set` took two; for writes that
    /// are almost always new rows (message ingest).
    public func insertIfAbsent(_ table: Int32, _ key: ValueBoxKey, _ value: [UInt8]) throws -> Bool {
        try insertIfAbsent(table, key, sealed: Self.seal(table, key, value, with: sealer))
    }

    /// `insertIfAbsent` of a value sealed beforehand (`ValueBox.seal`), maybe on another thread.
    package func insertIfAbsent(_ table: Int32, _ key: ValueBoxKey, sealed: [UInt8]) throws -> Bool {
        guard !isReadOnly else { throw StorageError.readOnly(path: path) }
        let s = try statements(table, create: true)!
        try write(try s.insertIfAbsent(), key, sealed: sealed)
        return connection.changes > 0
    }

    /// A key and its value sealed beforehand (`ValueBox.seal`), as a batch writes them.
    package struct SealedRow {
        package var key: ValueBoxKey
        package var sealed: [UInt8]

        package init(key: ValueBoxKey, sealed: [UInt8]) {
            self.key = key
            self.sealed = sealed
        }
    }

    /// `insertIfAbsent` of many rows in one statement (SQLite's cost per statement, cursors,
    /// bindings and halting, was as much as a tenth of main's ingest, a row at a time). Returns how
    /// many rows were inserted; a row whose key was there, in the table or earlier in `rows`, is
    /// left as it was (`storedSealed` tells which). The keys and values are copied into one buffer
    /// and bound in place.
    package func insertIfAbsent(_ table: Int32, _ rows: UnsafeBufferPointer<SealedRow>) throws -> Int {
        guard !isReadOnly else { throw StorageError.readOnly(path: path) }
        if rows.count == 1 { return try insertIfAbsent(table, rows[0].key, sealed: rows[0].sealed) ? 1 : 0 }
        guard !rows.isEmpty else { return 0 }
        let s = try statements(table, create: true)!
        let statement = try s.insertIfAbsent(rows: rows.count)
        defer { statement.reset() }
        rowBuffer.removeAll(keepingCapacity: true)
        for row in rows {
            rowBuffer.append(contentsOf: row.key.bytes)
            rowBuffer.append(contentsOf: row.sealed)
        }
        try rowBuffer.withUnsafeBytes { all in
            var offset = 0
            for (i, row) in rows.enumerated() {
                let keyEnd = offset + row.key.count, valueEnd = keyEnd + row.sealed.count
                statement.bind(Int32(2 * i + 1), UnsafeRawBufferPointer(rebasing: all[offset..<keyEnd]))
                statement.bind(Int32(2 * i + 2), UnsafeRawBufferPointer(rebasing: all[keyEnd..<valueEnd]))
                offset = valueEnd
            }
            _ = try statement.step()
        }
        return connection.changes
    }

    /// The value stored under `key` exactly as stored (sealed), nil when there is none.
    package func storedSealed(_ table: Int32, _ key: ValueBoxKey) throws -> [UInt8]? {
        try withStoredValue(table, key) { Array($0) }
    }

    /// A value `storedSealed` read, opened as `get` opens it.
    package func open(_ table: Int32, _ key: ValueBoxKey, sealed: [UInt8]) throws -> [UInt8] {
        try sealed.withUnsafeBytes { try unseal($0, table: table, key: key) }
    }

    /// `set` of a value sealed beforehand.
    package func set(_ table: Int32, _ key: ValueBoxKey, sealed: [UInt8]) throws {
        guard !isReadOnly else { throw StorageError.readOnly(path: path) }
        let s = try statements(table, create: true)!
        try write(try s.set(), key, sealed: sealed)
    }

    /// A sealer for another thread to seal values this box then writes (`sealed:`): this box's key,
    /// contexts and nonces of its own. main's ingest seals messages beside its SQLite writes.
    package func makeSiblingSealer() -> ValueSealer { sealer.sibling() }

    /// The value as stored in `table` under `key`: sealed, bound to where it lives. An empty value
    /// is stored empty (index rows whose key says everything). Static: it touches no state of a
    /// box, so another thread may call it while the box writes.
    package static func seal(_ table: Int32, _ key: ValueBoxKey, _ value: [UInt8], with sealer: ValueSealer) -> [UInt8] {
        value.isEmpty ? [] : value.withUnsafeBytes { v in
            withAdditionalData(table, key) { sealer.seal(v, additionalData: $0) }
        }
    }

    private func write(_ statement: SQLiteStatement, _ table: Int32, _ key: ValueBoxKey, _ value: [UInt8]) throws {
        try write(statement, key, sealed: Self.seal(table, key, value, with: sealer))
    }

    private func write(_ statement: SQLiteStatement, _ key: ValueBoxKey, sealed: [UInt8]) throws {
        defer { statement.reset() }
        try key.bytes.withUnsafeBytes { k in
            try sealed.withUnsafeBytes { v in
                statement.bind(1, k)
                statement.bind(2, v)
                _ = try statement.step()
            }
        }
    }

    public func remove(_ table: Int32, _ key: ValueBoxKey) throws {
        guard !isReadOnly else { throw StorageError.readOnly(path: path) }
        guard let s = try statements(table, create: false) else { return }
        let statement = try s.remove()
        defer { statement.reset() }
        try key.bytes.withUnsafeBytes { k in
            statement.bind(1, k)
            _ = try statement.step()
        }
    }

    /// Empties a table (a derived one being rebuilt).
    public func removeAll(_ table: Int32) throws {
        guard !isReadOnly else { throw StorageError.readOnly(path: path) }
        guard try statements(table, create: false) != nil else { return }
        try connection.execute("DELETE FROM t\(table)")
    }

    /// Keys strictly between `start` and `end`, ascending when start < end, descending when
    /// start > end (Telegram's range convention). `body` returns false to stop.
    public func range(_ table: Int32, start: ValueBoxKey, end: ValueBoxKey, limit: Int = Int.max,
                      values: Bool = true, _ body: (ValueBoxKey, [UInt8]) throws -> Bool) throws {
        guard let s = try statements(table, create: false) else { return }
        let descending = end < start
        let statement = try descending ? s.rangeDescending() : s.rangeAscending()
        defer { statement.reset() }
        try start.bytes.withUnsafeBytes { a in
            try end.bytes.withUnsafeBytes { b in
                statement.bind(1, a)
                statement.bind(2, b)
                statement.bind(3, Int64(min(limit, Int(Int64.max))))
                while try statement.step() {
                    let key = ValueBoxKey(Array(statement.blob(0)))
                    let value = values ? try unseal(statement.blob(1), table: table, key: key) : []
                    if try !body(key, value) { break }
                }
            }
        }
    }

    public func count(_ table: Int32) throws -> Int {
        guard let s = try statements(table, create: false) else { return 0 }
        let statement = try s.count()
        defer { statement.reset() }
        _ = try statement.step()
        return Int(statement.int64(0))
    }

    private func unseal(_ raw: UnsafeRawBufferPointer, table: Int32, key: ValueBoxKey) throws -> [UInt8] {
        if raw.count == 0 { return [] }
        do {
            return try Self.withAdditionalData(table, key) { try sealer.open(raw, additionalData: $0) }
        } catch let error as ValueSealer.OpenError {
            if table == ValueBox.metadataTable && key == ValueBox.keyCheckKey { throw error }
            throw StorageError.corrupt(path: path, detail: "value in table \(table) failed authentication: \(error.reason)")
        }
    }

    /// `PRAGMA integrity_check`, for tests and `main status`.
    public func integrityCheck() throws -> String {
        let statement = try connection.prepare("PRAGMA integrity_check")
        var lines: [String] = []
        while try statement.step() { lines.append(String(decoding: statement.blob(0), as: UTF8.self)) }
        return lines.joined(separator: "\n")
    }
}

/// One table's statements, prepared once per connection, each on its first use: a reader uses one or two of a
/// table's seven, and preparing them all was most of a cold read (the top-50 chat list: 606,000 of
/// its 2.45 M instructions were SQLite's parser, preparing statements nobody ran).
final class TableStatements {
    private let connection: SQLiteConnection
    private let t: String
    private var getStatement, existsStatement, setStatement, removeStatement: SQLiteStatement?
    private var rangeAscendingStatement, rangeDescendingStatement, countStatement: SQLiteStatement?
    private var insertIfAbsentStatement: SQLiteStatement?
    /// Many-row inserts by their number of rows (a batch uses one or two sizes).
    private var insertIfAbsentRowsStatements: [Int: SQLiteStatement] = [:]

    init(connection: SQLiteConnection, table: Int32) {
        self.connection = connection
        t = "t\(table)"
    }

    func get() throws -> SQLiteStatement { try prepared(&getStatement, "SELECT value FROM \(t) WHERE key=?1") }
    func exists() throws -> SQLiteStatement { try prepared(&existsStatement, "SELECT 1 FROM \(t) WHERE key=?1") }
    func set() throws -> SQLiteStatement { try prepared(&setStatement, "INSERT OR REPLACE INTO \(t) (key, value) VALUES (?1, ?2)") }
    func remove() throws -> SQLiteStatement { try prepared(&removeStatement, "DELETE FROM \(t) WHERE key=?1") }
    func rangeAscending() throws -> SQLiteStatement {
        try prepared(&rangeAscendingStatement, "SELECT key, value FROM \(t) WHERE key>?1 AND key<?2 ORDER BY key ASC LIMIT ?3")
    }
    func rangeDescending() throws -> SQLiteStatement {
        try prepared(&rangeDescendingStatement, "SELECT key, value FROM \(t) WHERE key<?1 AND key>?2 ORDER BY key DESC LIMIT ?3")
    }
    func count() throws -> SQLiteStatement { try prepared(&countStatement, "SELECT COUNT(*) FROM \(t)") }
    func insertIfAbsent() throws -> SQLiteStatement {
        try prepared(&insertIfAbsentStatement, "INSERT INTO \(t) (key, value) VALUES (?1, ?2) ON CONFLICT (key) DO NOTHING")
    }
    func insertIfAbsent(rows: Int) throws -> SQLiteStatement {
        try prepared(&insertIfAbsentRowsStatements[rows], "INSERT INTO \(t) (key, value) VALUES "
            + (0..<rows).map { "(?\(2 * $0 + 1), ?\(2 * $0 + 2))" }.joined(separator: ", ") + " ON CONFLICT (key) DO NOTHING")
    }

    private func prepared(_ slot: inout SQLiteStatement?, _ sql: @autoclosure () -> String) throws -> SQLiteStatement {
        if let slot { return slot }
        let made = try connection.prepare(sql())
        slot = made
        return made
    }
}

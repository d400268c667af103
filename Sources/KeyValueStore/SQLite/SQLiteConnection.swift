import CSQLite
import Container

/// One connection to one SQLite file, configured as Telegram's SqliteValueBox: WAL,
/// synchronous=NORMAL, temp_store=MEMORY, mmap off, a 5 s busy timeout for readers as well as the
/// writer (readers can meet SQLITE_BUSY during recovery), and persistent WAL on the writer so that
/// read-only openers always find `-wal` and `-shm`.
public final class SQLiteConnection {
    public enum Mode: Sendable { case readWrite, readOnly }

    public let path: String
    public let mode: Mode
    let handle: OpaquePointer

    /// Process-wide settings, made once before the first connection: no memory statistics.
    private static let configured: Void = { _ = tg_sqlite3_disable_memstatus() }()

    /// `vfs`: another SQLite VFS by name (tests' power-loss VFS); nil is the system's.
    public init(path: String, mode: Mode, cacheSizePages: Int32? = nil, vfs: String? = nil) throws {
        self.path = path
        self.mode = mode
        if mode == .readOnly && !FileSystem.isRegularFile(path) {
            throw StorageError.missing(path: path)
        }
        // SQLite opens its files with plain blocking open(2): a FIFO in place of the database or
        // its -wal/-shm would hang the process there, so anything but a regular file (or nothing)
        // is refused first. NOFOLLOW makes SQLite itself refuse links.
        for companion in [path, path + "-wal", path + "-shm"] where FileSystem.exists(companion) && !FileSystem.isRegularFile(companion) {
            throw StorageError.corrupt(path: companion, detail: "not a regular file")
        }
        _ = SQLiteConnection.configured
        var db: OpaquePointer?
        let flags = (mode == .readOnly
            ? SQLITE_OPEN_READONLY | SQLITE_OPEN_NOMUTEX
            : SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX) | SQLITE_OPEN_NOFOLLOW
        let rc = sqlite3_open_v2(path, &db, flags, vfs)
        guard rc == SQLITE_OK, let db else {
            let error = StorageError.from(code: rc, path: path, db: db)
            sqlite3_close_v2(db)
            throw error
        }
        handle = db
        sqlite3_extended_result_codes(db, 1)
        // Debian's libsqlite3 is built with SQLITE_OMIT_LOOKASIDE, so there this changes nothing;
        // a build with lookaside gets a small one for a reader (tg_sqlite3_set_lookaside).
        if mode == .readOnly { _ = tg_sqlite3_set_lookaside(db, 128, 32) }
        // Never a checkpoint or a journal-mode change from a reader (see shim.h: the WAL-reset bug).
        if mode == .readOnly { _ = tg_sqlite3_guard_reader(db) }
        sqlite3_busy_timeout(db, 5000)
        do {
            if mode == .readWrite {
                var persist: Int32 = 1
                sqlite3_file_control(db, "main", SQLITE_FCNTL_PERSIST_WAL, &persist)
                try execute("PRAGMA journal_mode=WAL")
                // Checkpoints are ours (ValueBox's write budget), not SQLite's automatic ones.
                try execute("PRAGMA wal_autocheckpoint=0")
                try execute("PRAGMA journal_size_limit=\(16 << 20)")
            }
            try execute("PRAGMA synchronous=NORMAL")
            try execute("PRAGMA temp_store=MEMORY")
            try execute("PRAGMA mmap_size=0")
            if let cacheSizePages { try execute("PRAGMA cache_size=\(cacheSizePages)") }
        } catch {
            sqlite3_close_v2(db)
            throw error
        }
    }

    deinit {
        sqlite3_close_v2(handle)
    }

    public func execute(_ sql: String) throws {
        let rc = sqlite3_exec(handle, sql, nil, nil, nil)
        if rc != SQLITE_OK { throw StorageError.from(code: rc, path: path, db: handle) }
    }

    public func prepare(_ sql: String) throws -> SQLiteStatement {
        var statement: OpaquePointer?
        let rc = sqlite3_prepare_v3(handle, sql, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &statement, nil)
        guard rc == SQLITE_OK, let statement else { throw StorageError.from(code: rc, path: path, db: handle) }
        return SQLiteStatement(statement, connection: self)
    }

    /// A single integer from a query such as `PRAGMA user_version`.
    public func scalar(_ sql: String) throws -> Int64? {
        let statement = try prepare(sql)
        guard try statement.step() else { return nil }
        return statement.int64(0)
    }

    public func error(_ code: Int32) -> StorageError {
        StorageError.from(code: code, path: path, db: handle)
    }

    /// `PRAGMA wal_checkpoint(PASSIVE)`: never waits for readers; copies what it can.
    /// `error`: what failed, if it did (an I/O error there is a failed write or fsync).
    public func checkpointPassive() -> (walFrames: Int32, checkpointed: Int32, ok: Bool, error: StorageError?) {
        // Only main's writer checkpoints (container-layout.md, "One writer, and readers that never checkpoint").
        guard mode == .readWrite else { return (0, 0, false, nil) }
        var log: Int32 = 0
        var done: Int32 = 0
        let rc = sqlite3_wal_checkpoint_v2(handle, nil, SQLITE_CHECKPOINT_PASSIVE, &log, &done)
        return (log, done, rc == SQLITE_OK, rc == SQLITE_OK ? nil : error(rc))
    }

    public var totalChanges: Int64 { Int64(sqlite3_total_changes64(handle)) }

    /// Rows the last INSERT, UPDATE or DELETE changed.
    public var changes: Int { Int(sqlite3_changes(handle)) }
}

/// A prepared statement, kept and reset between uses (SQLITE_PREPARE_PERSISTENT).
public final class SQLiteStatement {
    let handle: OpaquePointer
    unowned let connection: SQLiteConnection

    init(_ handle: OpaquePointer, connection: SQLiteConnection) {
        self.handle = handle
        self.connection = connection
    }

    deinit { sqlite3_finalize(handle) }

    public func reset() {
        sqlite3_reset(handle)
        sqlite3_clear_bindings(handle)
    }

    public func bind(_ index: Int32, _ bytes: UnsafeRawBufferPointer) {
        // SQLITE_STATIC: callers keep the buffer alive until the step that uses it.
        sqlite3_bind_blob(handle, index, bytes.baseAddress ?? UnsafeRawPointer(bitPattern: 1), Int32(bytes.count), nil)
    }

    public func bind(_ index: Int32, _ value: Int64) {
        sqlite3_bind_int64(handle, index, value)
    }

    /// true when a row is available, false when done.
    public func step() throws -> Bool {
        let rc = sqlite3_step(handle)
        if rc == SQLITE_ROW { return true }
        if rc == SQLITE_DONE { return false }
        throw connection.error(rc)
    }

    public func int64(_ column: Int32) -> Int64 { sqlite3_column_int64(handle, column) }

    public func blob(_ column: Int32) -> UnsafeRawBufferPointer {
        let count = Int(sqlite3_column_bytes(handle, column))
        guard count > 0, let pointer = sqlite3_column_blob(handle, column) else {
            return UnsafeRawBufferPointer(start: nil, count: 0)
        }
        return UnsafeRawBufferPointer(start: pointer, count: count)
    }
}

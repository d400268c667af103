import CSQLite

/// What went wrong with a store, in words a user can act on. No path here ever deletes or
/// "repairs" a store: a wrong key or a corrupt file is reported and left exactly as it was.
public enum StorageError: Error, CustomStringConvertible, Equatable {
    case missing(path: String)
    case wrongKey(path: String)
    case corrupt(path: String, detail: String)
    case newerSchema(path: String, found: Int32, supported: Int32)
    case olderSchema(path: String, found: Int32, supported: Int32)
    case notInitialised(path: String)
    case busy(path: String)
    case needsRecovery(path: String)
    case diskFull(path: String)
    case readOnly(path: String)
    case sqlite(path: String, code: Int32, message: String)
    case invalidValue(table: Int32, detail: String)
    /// A write or sync of the store failed with an I/O error. The pages it wrote may have been
    /// marked clean without reaching the disk, so nothing more is written through this process:
    /// the next launch recovers from what is on the disk (PostgreSQL's rule after a failed fsync).
    case writeFailed(path: String, detail: String)

    public var description: String {
        switch self {
        case .missing(let p): return "store \(p) does not exist"
        case .wrongKey(let p): return "store \(p) cannot be opened with this device key (telegram-data/.tempkey was replaced?); nothing was changed"
        case .corrupt(let p, let d): return "store \(p) is corrupt (\(d)); nothing was changed or deleted"
        case .newerSchema(let p, let f, let s): return "store \(p) has schema version \(f), newer than this build supports (\(s))"
        case .olderSchema(let p, let f, let s): return "store \(p) has schema version \(f), older than this build reads (\(s)): start main once (`main run`, or any main command that writes) to upgrade it"
        case .notInitialised(let p): return "store \(p) is not initialised yet (run main first)"
        case .busy(let p): return "store \(p) is busy (another process holds it too long)"
        case .needsRecovery(let p): return "store \(p) needs crash recovery by main (start main to recover it)"
        case .diskFull(let p): return "not enough free space to write \(p)"
        case .readOnly(let p): return "store \(p) is open read-only"
        case .sqlite(let p, let c, let m): return "SQLite error \(c) on \(p): \(m)"
        case .invalidValue(let t, let d): return "invalid value in table \(t): \(d)"
        case .writeFailed(let p, let d): return "a write to \(p) failed (\(d)); nothing more is written to it until main starts again, which recovers from what is on the disk"
        }
    }

    /// An I/O error (SQLITE_IOERR and its extended codes: a failed read, write or fsync).
    var isIOError: Bool {
        if case .sqlite(_, let code, _) = self { return code & 0xff == SQLITE_IOERR }
        return false
    }

    static func from(code: Int32, path: String, db: OpaquePointer?) -> StorageError {
        let message = db.map { String(cString: sqlite3_errmsg($0)) } ?? String(cString: sqlite3_errstr(code))
        switch code & 0xff {
        case SQLITE_CORRUPT, SQLITE_NOTADB: return .corrupt(path: path, detail: message)
        case SQLITE_BUSY, SQLITE_LOCKED: return .busy(path: path)
        case SQLITE_FULL: return .diskFull(path: path)
        case SQLITE_CANTOPEN: return .missing(path: path)
        case SQLITE_READONLY:
            if code == SQLITE_READONLY | (1 << 8) { return .needsRecovery(path: path) } // SQLITE_READONLY_RECOVERY
            return .readOnly(path: path)
        case SQLITE_IOERR:
            // SQLite reports a write hitting a full disk or RLIMIT_FSIZE as an I/O error.
            return .sqlite(path: path, code: code, message: message)
        default: return .sqlite(path: path, code: code, message: message)
        }
    }
}

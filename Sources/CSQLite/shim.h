#include <sqlite3.h>

// sqlite3_db_config is variadic, which Swift cannot call; this names the one use.
// A read-only connection in a short-lived extension makes few small allocations: a small
// lookaside (slots × size bytes) instead of the default 1200 × 100 keeps its heap small.
static inline int tg_sqlite3_set_lookaside(sqlite3 *db, int slotSize, int slotCount) {
    return sqlite3_db_config(db, SQLITE_DBCONFIG_LOOKASIDE, (void *)0, slotSize, slotCount);
}

// sqlite3_config is variadic too. Without memory statistics every allocation SQLite makes skips a
// global mutex and its counters (SQLite's own advice for speed); nothing here reads them. Must
// run before the first connection opens (sqlite3_initialize); later it returns SQLITE_MISUSE and
// changes nothing.
static inline int tg_sqlite3_disable_memstatus(void) {
    return sqlite3_config(SQLITE_CONFIG_MEMSTATUS, 0);
}

// A read-only connection must never checkpoint or change the journal mode. SQLITE_OPEN_READONLY
// alone does not stop either: a read-only connection runs `PRAGMA wal_checkpoint` as far as its
// file descriptors allow, and with TRUNCATE on a fully checkpointed WAL it resets the WAL (its
// -wal and -shm are opened read-write whenever the file modes allow). A checkpoint or a WAL reset
// racing main's writer is the WAL-reset bug SQLite fixed in 3.51.3; the readers here keep out of
// it by construction, and this authorizer refuses the two pragmas (SQLITE_AUTH) so that no reader
// ever runs them, whoever writes the SQL.
static int tg_sqlite3_reader_authorizer(void *unused, int action, const char *name, const char *argument,
                                        const char *database, const char *trigger) {
    (void)unused; (void)database; (void)trigger;
    if (action != SQLITE_PRAGMA || name == 0) return SQLITE_OK;
    if (sqlite3_stricmp(name, "wal_checkpoint") == 0) return SQLITE_DENY;
    if (argument != 0 && sqlite3_stricmp(name, "journal_mode") == 0) return SQLITE_DENY;
    return SQLITE_OK;
}

static inline int tg_sqlite3_guard_reader(sqlite3 *db) {
    return sqlite3_set_authorizer(db, tg_sqlite3_reader_authorizer, (void *)0);
}

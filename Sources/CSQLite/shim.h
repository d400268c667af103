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

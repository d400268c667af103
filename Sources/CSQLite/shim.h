#include <sqlite3.h>

// sqlite3_db_config is variadic, which Swift cannot call; this names the one use.
// A read-only connection in a short-lived extension makes few small allocations: a small
// lookaside (slots × size bytes) instead of the default 1200 × 100 keeps its heap small.
static inline int tg_sqlite3_set_lookaside(sqlite3 *db, int slotSize, int slotCount) {
    return sqlite3_db_config(db, SQLITE_DBCONFIG_LOOKASIDE, (void *)0, slotSize, slotCount);
}

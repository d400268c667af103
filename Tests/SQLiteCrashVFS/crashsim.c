#include "crashsim.h"

#include <sqlite3.h>
#include <stdlib.h>
#include <string.h>

typedef struct Change {
    sqlite3_int64 offset;
    int length;          // -1: a truncation to `offset`
    unsigned char *data;
    struct Change *next;
} Change;

typedef struct CrashFile {
    sqlite3_file base;   // first: SQLite sees a CrashFile as a sqlite3_file
    sqlite3_file *real;
    Change *head, *tail;
    int changes;
    sqlite3_int64 size;  // as the process sees it, unsynced changes included
    struct CrashFile *next_open;
} CrashFile;

static sqlite3_vfs *unix_vfs;
static CrashFile *open_files;
static int operations, crash_at, tear, crashed;
static unsigned rng_state = 1;

static unsigned next_random(void) {
    rng_state = rng_state * 1103515245u + 12345u;
    return (rng_state >> 8) & 0xffffff;
}

static void free_changes(CrashFile *f) {
    Change *c = f->head;
    while (c) {
        Change *next = c->next;
        free(c->data);
        free(c);
        c = next;
    }
    f->head = f->tail = NULL;
    f->changes = 0;
}

static int apply(CrashFile *f, Change *c, int length) {
    if (c->length < 0) return f->real->pMethods->xTruncate(f->real, c->offset);
    return f->real->pMethods->xWrite(f->real, c->data, length, c->offset);
}

static int apply_all(CrashFile *f) {
    int rc = SQLITE_OK;
    for (Change *c = f->head; c && rc == SQLITE_OK; c = c->next) rc = apply(f, c, c->length);
    free_changes(f);
    return rc;
}

static void power_cut(void) {
    crashed = 1;
    for (CrashFile *f = open_files; f; f = f->next_open) {
        if (tear && f->changes) {
            int keep = (int)(next_random() % (unsigned)(f->changes + 1)), i = 0;
            for (Change *c = f->head; c && i < keep; c = c->next, i++) {
                int length = c->length;
                if (i == keep - 1 && length > 512) length = (int)(1 + next_random() % (unsigned)(length / 512)) * 512;
                apply(f, c, length);
            }
        }
        free_changes(f);
    }
}

// Counts one operation; 1 when the power is (now) off and the operation must fail.
static int tick(void) {
    if (crashed) return 1;
    operations++;
    if (crash_at && operations == crash_at) {
        power_cut();
        return 1;
    }
    return 0;
}

static int x_close(sqlite3_file *file) {
    CrashFile *f = (CrashFile *)file;
    if (!crashed) apply_all(f);
    free_changes(f);
    for (CrashFile **p = &open_files; *p; p = &(*p)->next_open) {
        if (*p == f) { *p = f->next_open; break; }
    }
    int rc = f->real->pMethods ? f->real->pMethods->xClose(f->real) : SQLITE_OK;
    sqlite3_free(f->real);
    return rc;
}

static int x_read(sqlite3_file *file, void *buffer, int amount, sqlite3_int64 offset) {
    CrashFile *f = (CrashFile *)file;
    if (crashed) return SQLITE_IOERR_READ;
    int rc = f->real->pMethods->xRead(f->real, buffer, amount, offset);
    if (rc != SQLITE_OK && rc != SQLITE_IOERR_SHORT_READ) return rc;
    unsigned char *out = buffer;
    for (Change *c = f->head; c; c = c->next) {
        if (c->length < 0) {
            if (c->offset < offset + amount) {
                sqlite3_int64 from = c->offset > offset ? c->offset - offset : 0;
                memset(out + from, 0, (size_t)(amount - from));
            }
            continue;
        }
        sqlite3_int64 start = c->offset > offset ? c->offset : offset;
        sqlite3_int64 end = c->offset + c->length < offset + amount ? c->offset + c->length : offset + amount;
        if (start < end) memcpy(out + (start - offset), c->data + (start - c->offset), (size_t)(end - start));
    }
    if (offset + amount > f->size) {
        sqlite3_int64 from = f->size > offset ? f->size - offset : 0;
        memset(out + from, 0, (size_t)(amount - from));
        return SQLITE_IOERR_SHORT_READ;
    }
    return SQLITE_OK;
}

static int x_write(sqlite3_file *file, const void *data, int amount, sqlite3_int64 offset) {
    CrashFile *f = (CrashFile *)file;
    if (tick()) return SQLITE_IOERR_WRITE;
    Change *c = calloc(1, sizeof *c);
    c->offset = offset;
    c->length = amount;
    c->data = malloc((size_t)amount);
    memcpy(c->data, data, (size_t)amount);
    if (f->tail) f->tail->next = c; else f->head = c;
    f->tail = c;
    f->changes++;
    if (offset + amount > f->size) f->size = offset + amount;
    return SQLITE_OK;
}

static int x_truncate(sqlite3_file *file, sqlite3_int64 size) {
    CrashFile *f = (CrashFile *)file;
    if (tick()) return SQLITE_IOERR_TRUNCATE;
    Change *c = calloc(1, sizeof *c);
    c->offset = size;
    c->length = -1;
    if (f->tail) f->tail->next = c; else f->head = c;
    f->tail = c;
    f->changes++;
    f->size = size;
    return SQLITE_OK;
}

static int x_sync(sqlite3_file *file, int flags) {
    CrashFile *f = (CrashFile *)file;
    if (tick()) return SQLITE_IOERR_FSYNC;
    int rc = apply_all(f);
    return rc == SQLITE_OK ? f->real->pMethods->xSync(f->real, flags) : rc;
}

static int x_file_size(sqlite3_file *file, sqlite3_int64 *size) {
    if (crashed) return SQLITE_IOERR_FSTAT;
    *size = ((CrashFile *)file)->size;
    return SQLITE_OK;
}

#define REAL(f) (((CrashFile *)(f))->real)
static int x_lock(sqlite3_file *f, int l) { return REAL(f)->pMethods->xLock(REAL(f), l); }
static int x_unlock(sqlite3_file *f, int l) { return REAL(f)->pMethods->xUnlock(REAL(f), l); }
static int x_check_reserved(sqlite3_file *f, int *out) { return REAL(f)->pMethods->xCheckReservedLock(REAL(f), out); }
static int x_file_control(sqlite3_file *f, int op, void *arg) { return REAL(f)->pMethods->xFileControl(REAL(f), op, arg); }
static int x_sector_size(sqlite3_file *f) { return REAL(f)->pMethods->xSectorSize(REAL(f)); }
static int x_device(sqlite3_file *f) { return REAL(f)->pMethods->xDeviceCharacteristics(REAL(f)); }
static int x_shm_map(sqlite3_file *f, int page, int size, int extend, void volatile **out) {
    return REAL(f)->pMethods->xShmMap(REAL(f), page, size, extend, out);
}
static int x_shm_lock(sqlite3_file *f, int offset, int n, int flags) { return REAL(f)->pMethods->xShmLock(REAL(f), offset, n, flags); }
static void x_shm_barrier(sqlite3_file *f) { REAL(f)->pMethods->xShmBarrier(REAL(f)); }
static int x_shm_unmap(sqlite3_file *f, int delete_flag) { return REAL(f)->pMethods->xShmUnmap(REAL(f), delete_flag); }
// No memory-mapped reads: they would bypass the unsynced changes.
static int x_fetch(sqlite3_file *f, sqlite3_int64 o, int n, void **pp) { (void)f; (void)o; (void)n; *pp = 0; return SQLITE_OK; }
static int x_unfetch(sqlite3_file *f, sqlite3_int64 o, void *p) { (void)f; (void)o; (void)p; return SQLITE_OK; }

static const sqlite3_io_methods crash_methods = {
    3, x_close, x_read, x_write, x_truncate, x_sync, x_file_size, x_lock, x_unlock, x_check_reserved,
    x_file_control, x_sector_size, x_device, x_shm_map, x_shm_lock, x_shm_barrier, x_shm_unmap, x_fetch, x_unfetch,
};

static int x_open(sqlite3_vfs *vfs, const char *name, sqlite3_file *file, int flags, int *out_flags) {
    (void)vfs;
    CrashFile *f = (CrashFile *)file;
    memset(f, 0, sizeof *f);
    if (crashed) return SQLITE_CANTOPEN;
    f->real = sqlite3_malloc(unix_vfs->szOsFile);
    memset(f->real, 0, (size_t)unix_vfs->szOsFile);
    int rc = unix_vfs->xOpen(unix_vfs, name, f->real, flags, out_flags);
    if (rc != SQLITE_OK) {
        sqlite3_free(f->real);
        f->real = NULL;
        return rc;
    }
    f->real->pMethods->xFileSize(f->real, &f->size);
    f->base.pMethods = &crash_methods;
    f->next_open = open_files;
    open_files = f;
    return SQLITE_OK;
}

static int x_delete(sqlite3_vfs *vfs, const char *name, int sync_dir) {
    (void)vfs;
    if (tick()) return SQLITE_IOERR_DELETE;
    return unix_vfs->xDelete(unix_vfs, name, sync_dir);
}
static int x_access(sqlite3_vfs *v, const char *n, int f, int *out) { (void)v; return unix_vfs->xAccess(unix_vfs, n, f, out); }
static int x_full_pathname(sqlite3_vfs *v, const char *n, int size, char *out) { (void)v; return unix_vfs->xFullPathname(unix_vfs, n, size, out); }
static int x_randomness(sqlite3_vfs *v, int n, char *out) { (void)v; return unix_vfs->xRandomness(unix_vfs, n, out); }
static int x_sleep(sqlite3_vfs *v, int us) { (void)v; return unix_vfs->xSleep(unix_vfs, us); }
static int x_current_time(sqlite3_vfs *v, double *out) { (void)v; return unix_vfs->xCurrentTime(unix_vfs, out); }
static int x_last_error(sqlite3_vfs *v, int n, char *out) { (void)v; return unix_vfs->xGetLastError(unix_vfs, n, out); }
static int x_current_time64(sqlite3_vfs *v, sqlite3_int64 *out) { (void)v; return unix_vfs->xCurrentTimeInt64(unix_vfs, out); }

static sqlite3_vfs crash_vfs;

int tg_crashsim_register(void) {
    if (unix_vfs) return SQLITE_OK;
    unix_vfs = sqlite3_vfs_find("unix");
    if (!unix_vfs) return SQLITE_ERROR;
    crash_vfs.iVersion = 2;
    crash_vfs.szOsFile = (int)sizeof(CrashFile);
    crash_vfs.mxPathname = unix_vfs->mxPathname;
    crash_vfs.zName = "crashsim";
    crash_vfs.xOpen = x_open;
    crash_vfs.xDelete = x_delete;
    crash_vfs.xAccess = x_access;
    crash_vfs.xFullPathname = x_full_pathname;
    crash_vfs.xDlOpen = unix_vfs->xDlOpen;
    crash_vfs.xDlError = unix_vfs->xDlError;
    crash_vfs.xDlSym = unix_vfs->xDlSym;
    crash_vfs.xDlClose = unix_vfs->xDlClose;
    crash_vfs.xRandomness = x_randomness;
    crash_vfs.xSleep = x_sleep;
    crash_vfs.xCurrentTime = x_current_time;
    crash_vfs.xGetLastError = x_last_error;
    crash_vfs.xCurrentTimeInt64 = x_current_time64;
    return sqlite3_vfs_register(&crash_vfs, 0);
}

void tg_crashsim_arm(int at, int tear_changes, unsigned seed) {
    operations = 0;
    crash_at = at;
    tear = tear_changes;
    crashed = 0;
    rng_state = seed ? seed : 1;
}

int tg_crashsim_operations(void) { return operations; }
int tg_crashsim_crashed(void) { return crashed; }

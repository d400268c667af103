#ifndef TG_CRASHSIM_H
#define TG_CRASHSIM_H

// A test VFS over "unix" that loses power, as SQLite's own crash tests (src/test6.c) do: writes
// and truncations are held in memory until the file's xSync, and at the armed operation the
// power goes: what is unsynced is dropped (or, with `tear`, a random prefix of each file's
// unsynced changes reaches the disk, the last write cut at a 512-byte boundary), and every later
// call fails with SQLITE_IOERR. A file closed without a crash keeps its unsynced writes, as a
// process's exit keeps what the kernel holds.

// Registers the VFS as "crashsim" (never the default). Returns SQLITE_OK.
int tg_crashsim_register(void);
// Counts operations (writes, truncations, syncs) from 0 again; the power goes at operation
// `crash_at` (0: never). `tear` and `seed` choose what of the unsynced changes survives.
void tg_crashsim_arm(int crash_at, int tear, unsigned seed);
// Operations counted since the last arm.
int tg_crashsim_operations(void);
// 1 once the power went.
int tg_crashsim_crashed(void);

#endif

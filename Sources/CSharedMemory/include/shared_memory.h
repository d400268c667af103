#ifndef TELEGRAM_SHARED_MEMORY_H
#define TELEGRAM_SHARED_MEMORY_H
// Primitives for memory that two processes share through a MAP_SHARED file mapping.
// Swift has no atomics on raw pointers into such a mapping, no futex and no way to survive a
// SIGBUS, so these live in C. Every pointer argument must be naturally aligned for its width.

#include <stddef.h>
#include <stdint.h>

// Atomics on raw pointers (GCC/Clang __atomic builtins; lock-free for 32 and 64 bits on the
// platforms we build for, so they work across processes).

static inline uint32_t tg_atomic_load_acquire_u32(const void *p) {
    return __atomic_load_n((const uint32_t *)p, __ATOMIC_ACQUIRE);
}
static inline uint64_t tg_atomic_load_acquire_u64(const void *p) {
    return __atomic_load_n((const uint64_t *)p, __ATOMIC_ACQUIRE);
}
static inline void tg_atomic_store_release_u32(void *p, uint32_t value) {
    __atomic_store_n((uint32_t *)p, value, __ATOMIC_RELEASE);
}
static inline void tg_atomic_store_release_u64(void *p, uint64_t value) {
    __atomic_store_n((uint64_t *)p, value, __ATOMIC_RELEASE);
}
/// Returns the previous value.
static inline uint32_t tg_atomic_fetch_add_u32(void *p, uint32_t value) {
    return __atomic_fetch_add((uint32_t *)p, value, __ATOMIC_ACQ_REL);
}
static inline uint64_t tg_atomic_fetch_add_u64(void *p, uint64_t value) {
    return __atomic_fetch_add((uint64_t *)p, value, __ATOMIC_ACQ_REL);
}
/// A full (sequentially consistent) fence.
static inline void tg_atomic_fence(void) { __atomic_thread_fence(__ATOMIC_SEQ_CST); }
/// Orders earlier loads before later loads and stores (the seqlock reader's fence before re-reading seq).
static inline void tg_atomic_fence_acquire(void) { __atomic_thread_fence(__ATOMIC_ACQUIRE); }
/// Orders earlier loads and stores before later stores.
static inline void tg_atomic_fence_release(void) { __atomic_thread_fence(__ATOMIC_RELEASE); }

// Futex on a 32-bit word of a shared mapping. Not FUTEX_PRIVATE: the waiter and the waker are
// different processes, so the kernel must key the wait on the file page, not the address space.

/// Sleeps while `*word == expected`, at most `timeout_ns` (negative: no limit).
/// Returns 0 when woken or when the word already differed, 1 on timeout, 2 on a signal
/// (EINTR: re-check and wait again), or -errno (EFAULT: the page is gone, e.g. truncated file).
int tg_futex_wait(const void *word, uint32_t expected, int64_t timeout_ns);

/// Wakes every waiter on the word. Returns the number woken, or -errno.
int tg_futex_wake_all(const void *word);

// Guarded access to a mapping whose file another process may truncate. Touching a page beyond
// the new end of file raises SIGBUS; inside these calls the fault is caught (thread-local
// sigjmp_buf, one process-wide SA_SIGINFO handler that chains to the previous one for any other
// fault) and reported as -1 instead of killing the process.

/// Installs the SIGBUS handler (idempotent; the guarded calls install it on first use).
void tg_shm_install_guard(void);

/// memcpy from a shared mapping. 0 on success, -1 if the source faulted (file truncated).
int tg_shm_copy(void *dst, const void *src, size_t len);

/// memcpy into a shared mapping. 0 on success, -1 if the destination faulted.
int tg_shm_write(void *dst, const void *src, size_t len);

/// Guarded atomics on a word of the mapping: 0 on success, -1 if the page faulted.
int tg_shm_load_acquire_u32(const void *p, uint32_t *out);
int tg_shm_load_acquire_u64(const void *p, uint64_t *out);
int tg_shm_store_release_u32(void *p, uint32_t value);
int tg_shm_store_release_u64(void *p, uint64_t value);
int tg_shm_fetch_add_u32(void *p, uint32_t value, uint32_t *previous);

#endif

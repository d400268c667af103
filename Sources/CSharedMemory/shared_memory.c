#define _GNU_SOURCE
#include "shared_memory.h"

#include <errno.h>
#include <limits.h>
#include <linux/futex.h>
#include <pthread.h>
#include <setjmp.h>
#include <signal.h>
#include <string.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

// MARK: - Futex

int tg_futex_wait(const void *word, uint32_t expected, int64_t timeout_ns) {
    struct timespec timeout;
    struct timespec *timeout_pointer = NULL;
    if (timeout_ns >= 0) {
        timeout.tv_sec = (time_t)(timeout_ns / 1000000000);
        timeout.tv_nsec = (long)(timeout_ns % 1000000000);
        timeout_pointer = &timeout;
    }
    // FUTEX_WAIT's timeout is relative and measured on CLOCK_MONOTONIC.
    long result = syscall(SYS_futex, (uint32_t *)word, FUTEX_WAIT, expected, timeout_pointer, NULL, 0);
    if (result == 0) return 0;
    switch (errno) {
    case EAGAIN: return 0;  // the word had already changed: nothing to wait for
    case ETIMEDOUT: return 1;
    case EINTR: return 2;
    default: return -errno;
    }
}

int tg_futex_wake_all(const void *word) {
    long result = syscall(SYS_futex, (uint32_t *)word, FUTEX_WAKE, INT_MAX, NULL, NULL, 0);
    return result < 0 ? -errno : (int)result;
}

// MARK: - SIGBUS guard

// initial-exec: the handler reads these, and a TLS access that had to allocate inside a signal
// handler would not be async-signal-safe.
static __thread sigjmp_buf tg_jump __attribute__((tls_model("initial-exec")));
// Non-NULL only while this thread is inside a guarded access; the range the fault must be in.
static __thread const char *volatile tg_guard_start __attribute__((tls_model("initial-exec")));
static __thread volatile size_t tg_guard_length __attribute__((tls_model("initial-exec")));

static struct sigaction tg_previous_action;
static pthread_once_t tg_install_once = PTHREAD_ONCE_INIT;
static int tg_installed;

static void tg_sigbus_handler(int signal_number, siginfo_t *info, void *context) {
    const char *start = tg_guard_start;
    if (start != NULL && info != NULL) {
        const char *address = (const char *)info->si_addr;
        if (address >= start && address < start + tg_guard_length) {
            tg_guard_start = NULL;
            siglongjmp(tg_jump, 1);
        }
    }
    // Not a fault of a guarded access on this thread: behave as if we were never installed.
    if (tg_previous_action.sa_flags & SA_SIGINFO) {
        if (tg_previous_action.sa_sigaction != NULL) {
            tg_previous_action.sa_sigaction(signal_number, info, context);
            return;
        }
    } else if (tg_previous_action.sa_handler != SIG_DFL && tg_previous_action.sa_handler != SIG_IGN) {
        tg_previous_action.sa_handler(signal_number);
        return;
    }
    // Default action. A real fault re-executes the instruction and now kills the process as it
    // would have; a SIGBUS sent with kill() is raised again for the same effect. (SIG_IGN is
    // treated as default: ignoring a hardware fault would loop forever.)
    signal(SIGBUS, SIG_DFL);
    if (info == NULL || info->si_code <= 0) raise(SIGBUS);
}

static void tg_install(void) {
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_sigaction = tg_sigbus_handler;
    sigemptyset(&action.sa_mask);
    // SA_NODEFER: we leave the handler with siglongjmp without restoring a signal mask (which would
    // cost a system call per access), so SIGBUS must not be blocked while the handler runs.
    action.sa_flags = SA_SIGINFO | SA_NODEFER | SA_ONSTACK;
    sigaction(SIGBUS, &action, &tg_previous_action);
    __atomic_store_n(&tg_installed, 1, __ATOMIC_RELEASE);
}

void tg_shm_install_guard(void) {
    if (__atomic_load_n(&tg_installed, __ATOMIC_ACQUIRE)) return;
    pthread_once(&tg_install_once, tg_install);
}

#define TG_GUARD_BEGIN(address, length)                      \
    tg_shm_install_guard();                                  \
    if (sigsetjmp(tg_jump, 0) != 0) return -1;               \
    tg_guard_length = (length);                              \
    tg_guard_start = (const char *)(address);                \
    __atomic_signal_fence(__ATOMIC_SEQ_CST)

#define TG_GUARD_END()                                       \
    __atomic_signal_fence(__ATOMIC_SEQ_CST);                 \
    tg_guard_start = NULL

int tg_shm_copy(void *dst, const void *src, size_t len) {
    if (len == 0) return 0;
    TG_GUARD_BEGIN(src, len);
    memcpy(dst, src, len);
    TG_GUARD_END();
    return 0;
}

int tg_shm_write(void *dst, const void *src, size_t len) {
    if (len == 0) return 0;
    TG_GUARD_BEGIN(dst, len);
    memcpy(dst, src, len);
    TG_GUARD_END();
    return 0;
}

int tg_shm_load_acquire_u32(const void *p, uint32_t *out) {
    TG_GUARD_BEGIN(p, 4);
    uint32_t value = __atomic_load_n((const uint32_t *)p, __ATOMIC_ACQUIRE);
    TG_GUARD_END();
    *out = value;
    return 0;
}

int tg_shm_load_acquire_u64(const void *p, uint64_t *out) {
    TG_GUARD_BEGIN(p, 8);
    uint64_t value = __atomic_load_n((const uint64_t *)p, __ATOMIC_ACQUIRE);
    TG_GUARD_END();
    *out = value;
    return 0;
}

int tg_shm_store_release_u32(void *p, uint32_t value) {
    TG_GUARD_BEGIN(p, 4);
    __atomic_store_n((uint32_t *)p, value, __ATOMIC_RELEASE);
    TG_GUARD_END();
    return 0;
}

int tg_shm_store_release_u64(void *p, uint64_t value) {
    TG_GUARD_BEGIN(p, 8);
    __atomic_store_n((uint64_t *)p, value, __ATOMIC_RELEASE);
    TG_GUARD_END();
    return 0;
}

int tg_shm_fetch_add_u32(void *p, uint32_t value, uint32_t *previous) {
    TG_GUARD_BEGIN(p, 4);
    uint32_t old = __atomic_fetch_add((uint32_t *)p, value, __ATOMIC_ACQ_REL);
    TG_GUARD_END();
    *previous = old;
    return 0;
}

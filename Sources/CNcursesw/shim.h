// ncursesw for Swift: the wide-character API, plus what Swift cannot import by itself.
//
// - NCURSES_WIDECHAR / _XOPEN_SOURCE_EXTENDED must be set before <curses.h> or cchar_t,
//   wget_wch, setcchar and friends are not declared.
// - Swift 6's strict concurrency refuses to read mutable C globals (stdscr, COLORS, LINES...),
//   so each has an accessor here; the callers are @MainActor.
// - Function-like macros (KEY_F, A_BOLD's NCURSES_BITS, the mouse masks) are not imported at all;
//   they become functions here.
// - The terminal restore for signals and exit lives here in C because a signal handler may only
//   do async-signal-safe things (write, tcsetattr, sigaction, raise), which is easy to see in C.
#ifndef TG_CNCURSESW_SHIM_H
#define TG_CNCURSESW_SHIM_H

#ifndef NCURSES_WIDECHAR
#define NCURSES_WIDECHAR 1
#endif
#ifndef _XOPEN_SOURCE_EXTENDED
#define _XOPEN_SOURCE_EXTENDED 1
#endif

#include <locale.h>
#include <langinfo.h>
#include <wchar.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <signal.h>
#include <pthread.h>
#include <termios.h>
#include <unistd.h>
#include <fcntl.h>
#include <errno.h>
#if __has_include(<ncursesw/curses.h>)
#include <ncursesw/curses.h>
#else
#include <curses.h>
#endif

// MARK: - Globals

static inline WINDOW *tg_stdscr(void) { return stdscr; }
static inline WINDOW *tg_curscr(void) { return curscr; }
static inline int tg_COLORS(void) { return COLORS; }
static inline int tg_COLOR_PAIRS(void) { return COLOR_PAIRS; }
static inline int tg_LINES(void) { return LINES; }
static inline int tg_COLS(void) { return COLS; }
static inline int tg_ESCDELAY(void) { return ESCDELAY; }
static inline FILE *tg_stdin(void) { return stdin; }
static inline FILE *tg_stdout(void) { return stdout; }
static inline int tg_getmaxx(WINDOW *window) { return getmaxx(window); }
static inline int tg_getmaxy(WINDOW *window) { return getmaxy(window); }

/// glibc's column count of one character, in the current LC_CTYPE: what ncurses uses for a
/// cell's width. Declared here because <wchar.h> shows it only under _XOPEN_SOURCE, which the
/// C library module Swift imports is not built with.
extern int wcwidth(wchar_t);
static inline int tg_wcwidth(unsigned int character) { return wcwidth((wchar_t)character); }

// MARK: - Macros

static inline int tg_KEY_F(int n) { return KEY_F(n); }
static inline int tg_CCHARW_MAX(void) { return CCHARW_MAX; }

static inline attr_t tg_A_NORMAL(void) { return WA_NORMAL; }
static inline attr_t tg_A_BOLD(void) { return WA_BOLD; }
static inline attr_t tg_A_DIM(void) { return WA_DIM; }
static inline attr_t tg_A_UNDERLINE(void) { return WA_UNDERLINE; }
static inline attr_t tg_A_REVERSE(void) { return WA_REVERSE; }
static inline attr_t tg_A_ITALIC(void) { return WA_ITALIC; }

/// tigetstr's answer with its two failure values ((char *)-1: not a string capability; NULL:
/// absent) folded into NULL.
static inline const char *tg_tigetstr(const char *name) {
    char *value = tigetstr(name);
    return (value == (char *)-1) ? NULL : value;
}

// MARK: - Mouse (NCURSES_MOUSE_VERSION 2: buttons 1-5, 4 and 5 are the wheel)

static inline mmask_t tg_BUTTON_PRESSED(int button) { return NCURSES_MOUSE_MASK(button, NCURSES_BUTTON_PRESSED); }
static inline mmask_t tg_BUTTON_RELEASED(int button) { return NCURSES_MOUSE_MASK(button, NCURSES_BUTTON_RELEASED); }
static inline mmask_t tg_BUTTON_CLICKED(int button) { return NCURSES_MOUSE_MASK(button, NCURSES_BUTTON_CLICKED); }
static inline mmask_t tg_BUTTON_SHIFT(void) { return BUTTON_SHIFT; }
static inline mmask_t tg_BUTTON_CTRL(void) { return BUTTON_CTRL; }
static inline mmask_t tg_BUTTON_ALT(void) { return BUTTON_ALT; }
static inline mmask_t tg_REPORT_MOUSE_POSITION(void) { return REPORT_MOUSE_POSITION; }
static inline mmask_t tg_ALL_MOUSE_EVENTS(void) { return ALL_MOUSE_EVENTS; }

// MARK: - Emergency terminal restore
//
// Armed once per process by TerminalBackend (the only caller, so the one copy of the state below
// is the one its handlers see). On SIGINT, SIGTERM, SIGHUP, SIGQUIT and the crash signals the
// handler writes the bytes that undo curses mode (leave the alternate screen, show the cursor,
// reset attributes, mouse and bracketed paste off) and puts back the termios saved before curses
// started: write(2) and tcsetattr(3) are async-signal-safe, endwin() is not. It then hands the
// signal on to whoever handled it before (the default: the process ends with that signal).

#define TG_RESTORE_BYTES_MAX 512
#define TG_RESTORE_SIGNALS 10
// Swift's traps: ud2 (SIGILL) on x86-64, brk (SIGTRAP) on arm64, where the trapping instruction
// runs again on return. x86's int3 does not (the program would go on), so SIGTRAP is left alone there.
#if defined(__aarch64__)
#define TG_RESTORE_TRAP SIGTRAP
#else
#define TG_RESTORE_TRAP 0
#endif

struct tg_restore_state {
    volatile sig_atomic_t armed;
    volatile sig_atomic_t has_termios;
    int fd;
    struct termios termios;
    char bytes[TG_RESTORE_BYTES_MAX];
    volatile sig_atomic_t length;
    int signals[TG_RESTORE_SIGNALS];
    struct sigaction previous[TG_RESTORE_SIGNALS];
    int installed[TG_RESTORE_SIGNALS];
};

static inline struct tg_restore_state *tg_restore_state(void) {
    static struct tg_restore_state state;
    return &state;
}

/// Writes the restore bytes and puts back the saved termios. Async-signal-safe.
static inline void tg_restore_terminal_now(void) {
    struct tg_restore_state *state = tg_restore_state();
    if (!state->armed) return;
    state->armed = 0;
    size_t done = 0, length = (size_t)state->length;
    while (done < length) {
        ssize_t n = write(state->fd, state->bytes + done, length - done);
        if (n <= 0) break;
        done += (size_t)n;
    }
    if (state->has_termios) tcsetattr(state->fd, TCSANOW, &state->termios);
}

static inline void tg_restore_signal_handler(int sig, siginfo_t *info, void *context) {
    (void)context;
    tg_restore_terminal_now();
    struct tg_restore_state *state = tg_restore_state();
    for (int i = 0; i < TG_RESTORE_SIGNALS; i++) {
        if (state->installed[i] && state->signals[i] == sig) {
            sigaction(sig, &state->previous[i], NULL);
            state->installed[i] = 0;
        }
    }
    // A fault raised by the CPU happens again when the handler returns, now reaching the previous
    // handler (Swift's backtracer, or the default core dump) with its real context. Anything else
    // (kill, raise, abort) is sent again; it is blocked until this handler returns.
    int isFault = (sig == SIGSEGV || sig == SIGBUS || sig == SIGILL || sig == SIGFPE || sig == TG_RESTORE_TRAP)
        && info && info->si_code > 0;
    if (!isFault) raise(sig);
}

/// Unblocks `signals` (zeros skipped) on the calling thread: a program started with them blocked
/// (a parent's worker thread passes its mask on) would otherwise never see a resize or a kill.
static inline void tg_unblock_signals(const int *signals, int count) {
    sigset_t set;
    sigemptyset(&set);
    for (int i = 0; i < count; i++) if (signals[i] != 0) sigaddset(&set, signals[i]);
    pthread_sigmask(SIG_UNBLOCK, &set, NULL);
}

/// Saves the terminal modes of `fd` (call before curses changes them) and installs the handlers,
/// except for signals that are ignored (nohup's SIGHUP stays ignored).
static inline void tg_restore_install(int fd) {
    struct tg_restore_state *state = tg_restore_state();
    state->fd = fd;
    state->has_termios = tcgetattr(fd, &state->termios) == 0;
    int signals[TG_RESTORE_SIGNALS] = { SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGABRT, SIGSEGV, SIGBUS, SIGILL, SIGFPE,
        TG_RESTORE_TRAP };
    for (int i = 0; i < TG_RESTORE_SIGNALS; i++) {
        state->signals[i] = signals[i];
        if (signals[i] == 0 || state->installed[i]) continue;
        struct sigaction previous;
        if (sigaction(signals[i], NULL, &previous) != 0 || previous.sa_handler == SIG_IGN) continue;
        struct sigaction action;
        memset(&action, 0, sizeof action);
        action.sa_sigaction = tg_restore_signal_handler;
        action.sa_flags = SA_SIGINFO;
        sigemptyset(&action.sa_mask);
        state->previous[i] = previous;
        if (sigaction(signals[i], &action, NULL) == 0) state->installed[i] = 1;
    }
    tg_unblock_signals(signals, TG_RESTORE_SIGNALS);
    // ncurses installs its SIGWINCH handler (the KEY_RESIZE flag) only over the default action;
    // an ignored SIGWINCH inherited from a parent would hide every resize.
    struct sigaction winch;
    if (sigaction(SIGWINCH, NULL, &winch) == 0 && winch.sa_handler == SIG_IGN) signal(SIGWINCH, SIG_DFL);
    state->armed = 1;
}

/// The bytes that undo curses mode on this terminal (computed from terminfo once curses is up).
static inline void tg_restore_set_bytes(const char *bytes, size_t length) {
    struct tg_restore_state *state = tg_restore_state();
    if (length > TG_RESTORE_BYTES_MAX) length = TG_RESTORE_BYTES_MAX;
    state->length = 0;
    memcpy(state->bytes, bytes, length);
    state->length = (sig_atomic_t)length;
}

/// After a clean endwin: nothing left to restore; the previous handlers come back.
static inline void tg_restore_disarm(void) {
    struct tg_restore_state *state = tg_restore_state();
    state->armed = 0;
    for (int i = 0; i < TG_RESTORE_SIGNALS; i++) {
        if (state->installed[i]) {
            sigaction(state->signals[i], &state->previous[i], NULL);
            state->installed[i] = 0;
        }
    }
}

static inline void tg_restore_atexit_handler(void) { tg_restore_terminal_now(); }

/// exit() while curses is up (a `fatalError` does not get here; the crash signals do).
static inline int tg_restore_register_atexit(void) {
    static int registered = 0;
    if (registered) return 0;
    registered = 1;
    return atexit(tg_restore_atexit_handler);
}

// MARK: - SIGWINCH wake-up
//
// ncurses' own SIGWINCH handler only sets a flag that the next wget_wch turns into KEY_RESIZE.
// A signal that lands on another thread, or just before poll() starts, would not wake the run
// loop; so a handler chained after ncurses' also writes a byte to a pipe the loop polls
// (write(2) is async-signal-safe).

/// A pipe a signal handler writes a byte to and a poll loop reads: both ends non-blocking (a
/// full pipe drops the byte, never blocks the handler) and closed on exec.
static inline int tg_signal_pipe(int ends[2]) {
    if (pipe(ends) != 0) return -1;
    for (int i = 0; i < 2; i++) {
        fcntl(ends[i], F_SETFL, fcntl(ends[i], F_GETFL) | O_NONBLOCK);
        fcntl(ends[i], F_SETFD, FD_CLOEXEC);
    }
    return 0;
}

struct tg_winch_state {
    int pipe[2];
    struct sigaction previous;
    int installed;
};

static inline struct tg_winch_state *tg_winch_state(void) {
    static struct tg_winch_state state = { { -1, -1 }, { { 0 } }, 0 };
    return &state;
}

static inline void tg_winch_handler(int sig, siginfo_t *info, void *context) {
    struct tg_winch_state *state = tg_winch_state();
    if (state->previous.sa_flags & SA_SIGINFO) {
        if (state->previous.sa_sigaction) state->previous.sa_sigaction(sig, info, context);
    } else if (state->previous.sa_handler != SIG_DFL && state->previous.sa_handler != SIG_IGN) {
        state->previous.sa_handler(sig);
    }
    int saved = errno;
    char byte = 1;
    (void)!write(state->pipe[1], &byte, 1);
    errno = saved;
}

/// Chains the handler after the current one (ncurses'); returns the pipe's read end, or -1.
static inline int tg_winch_install(void) {
    struct tg_winch_state *state = tg_winch_state();
    if (state->installed) return state->pipe[0];
    if (tg_signal_pipe(state->pipe) != 0) return -1;
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_sigaction = tg_winch_handler;
    action.sa_flags = SA_SIGINFO | SA_RESTART;
    sigemptyset(&action.sa_mask);
    if (sigaction(SIGWINCH, &action, &state->previous) != 0) {
        close(state->pipe[0]); close(state->pipe[1]);
        return -1;
    }
    state->installed = 1;
    int winch[1] = { SIGWINCH };
    tg_unblock_signals(winch, 1);
    return state->pipe[0];
}

/// Empties the pipe (the loop reads the resize itself through wget_wch).
static inline void tg_winch_drain(void) {
    char buffer[64];
    while (read(tg_winch_state()->pipe[0], buffer, sizeof buffer) > 0) {}
}

/// Puts ncurses' handler back and closes the pipe.
static inline void tg_winch_remove(void) {
    struct tg_winch_state *state = tg_winch_state();
    if (!state->installed) return;
    sigaction(SIGWINCH, &state->previous, NULL);
    close(state->pipe[0]); close(state->pipe[1]);
    state->pipe[0] = state->pipe[1] = -1;
    state->installed = 0;
}

// MARK: - Job control: SIGTSTP and SIGCONT
//
// ncurses' own SIGTSTP handler knows nothing of the app's other terminal modes (bracketed paste,
// focus reports) or of a screen drawn outside its windows, and nothing handles SIGCONT after a
// SIGSTOP (which no program can catch): the shell may have put the terminal back in cooked mode
// with echo on. So both signals only write a byte to a pipe the run loop polls ('T' for a stop
// asked with SIGTSTP, 'C' for a continue); the loop suspends and resumes in normal context.

struct tg_jobsig_state {
    int pipe[2];
    struct sigaction previous_tstp, previous_cont;
    int installed;
};

static inline struct tg_jobsig_state *tg_jobsig_state(void) {
    static struct tg_jobsig_state state = { { -1, -1 }, { { 0 } }, { { 0 } }, 0 };
    return &state;
}

static inline void tg_jobsig_handler(int sig) {
    int saved = errno;
    char byte = sig == SIGTSTP ? 'T' : 'C';
    (void)!write(tg_jobsig_state()->pipe[1], &byte, 1);
    errno = saved;
}

/// Installs the handlers (over ncurses' SIGTSTP one); returns the pipe's read end, or -1.
/// A SIGTSTP that is ignored (a shell without job control) stays ignored.
static inline int tg_jobsig_install(void) {
    struct tg_jobsig_state *state = tg_jobsig_state();
    if (state->installed) return state->pipe[0];
    if (tg_signal_pipe(state->pipe) != 0) return -1;
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_handler = tg_jobsig_handler;
    action.sa_flags = SA_RESTART;
    sigemptyset(&action.sa_mask);
    sigaction(SIGTSTP, NULL, &state->previous_tstp);
    sigaction(SIGCONT, NULL, &state->previous_cont);
    if (state->previous_tstp.sa_handler != SIG_IGN) sigaction(SIGTSTP, &action, NULL);
    sigaction(SIGCONT, &action, NULL);
    state->installed = 1;
    int signals[2] = { SIGTSTP, SIGCONT };
    tg_unblock_signals(signals, 2);
    return state->pipe[0];
}

/// What arrived since the last call: bit 1 a SIGTSTP, bit 2 a SIGCONT.
static inline int tg_jobsig_take(void) {
    char buffer[64];
    int flags = 0;
    ssize_t n;
    while ((n = read(tg_jobsig_state()->pipe[0], buffer, sizeof buffer)) > 0) {
        for (ssize_t i = 0; i < n; i++) flags |= buffer[i] == 'T' ? 1 : 2;
    }
    return flags;
}

/// Stops the process as a terminal's Ctrl-Z would, with the default action; returns once it is
/// continued. The signal is sent to this very thread, so it is taken on the way back from the
/// call, while the default action is still in place: sent to the process, another thread
/// (libdispatch's, parked in sigsuspend) could take it a moment later, after the handler is
/// back or while ncurses ignores SIGTSTP around a refresh, and the stop would never happen.
/// A process no shell controls (an orphaned group) is not stopped: it just returns.
static inline void tg_jobsig_stop(void) {
    struct sigaction dfl, ours;
    memset(&dfl, 0, sizeof dfl);
    dfl.sa_handler = SIG_DFL;
    sigemptyset(&dfl.sa_mask);
    sigaction(SIGTSTP, &dfl, &ours);
    int signals[1] = { SIGTSTP };
    tg_unblock_signals(signals, 1);
    pthread_kill(pthread_self(), SIGTSTP);
    sigaction(SIGTSTP, &ours, NULL);
}

/// Puts the previous handlers back and closes the pipe.
static inline void tg_jobsig_remove(void) {
    struct tg_jobsig_state *state = tg_jobsig_state();
    if (!state->installed) return;
    sigaction(SIGTSTP, &state->previous_tstp, NULL);
    sigaction(SIGCONT, &state->previous_cont, NULL);
    close(state->pipe[0]); close(state->pipe[1]);
    state->pipe[0] = state->pipe[1] = -1;
    state->installed = 0;
}

#endif

/*
 * Tools/bench/measure_spawn.c — run one command and report its wall time and peak RSS.
 * Compiled on the fly by Tools/bench/runner.py (with cc, gcc or the Swift toolchain's clang).
 *
 * Why this exists instead of os.posix_spawn + os.wait4 in Python: on Linux, execve() folds the
 * RSS high-water mark of the address space being replaced into the process's ru_maxrss. A child
 * spawned straight from Python therefore reports at least Python's own peak RSS (13-16 MiB here,
 * seen: /bin/true "used" 13.2 MiB, and 213 MiB once the Python process had touched 200 MiB),
 * which would swamp the 20-24 MiB budgets being checked. Spawned from this tiny program, the
 * floor is this program's own RSS (about 1 MiB), so ru_maxrss is the command's real peak.
 *
 * Usage:   measure_spawn [-o STDOUT_FILE] [-t SECONDS] [-m SMAPS_FILE] STDERR_FILE PROGRAM [ARGS...]
 *   stdin of PROGRAM is /dev/null, its stdout /dev/null (or STDOUT_FILE, truncated, with -o),
 *   its stderr STDERR_FILE (truncated).
 *   -t: a time limit. After SECONDS (whole seconds, counted from the spawn) PROGRAM gets
 *   SIGTERM, and SIGKILL 5 s later if it is still running; it is still waited for and measured.
 *   -m: memory at exit. PROGRAM is traced (fork, PTRACE_TRACEME, exec; PTRACE_O_TRACEEXIT and
 *   PTRACE_O_TRACECLONE) and, at each of its threads' exit stops, /proc/PID/task/TID/smaps is
 *   read: the exit stop comes before the thread lets go of the address space, so the mappings
 *   are still intact when the process is done. The last reading is written to SMAPS_FILE (empty
 *   if none was taken). Every thread is traced because a thread that exits early (a main thread
 *   parked by dispatch_main) would otherwise give a reading taken long before the process ends.
 *   The stops cost time, so the runner times other runs, not these.
 * Output:  one line on stdout: "<wall_ns> <ru_maxrss_kib> exit <code>" or "... signal <n>";
 *   when the time limit was reached, "... timeout <n>", n the last signal sent (15 or 9).
 *   Wall time runs from just before posix_spawn to just after wait4 returns.
 * Exit:    0 when PROGRAM was run (whatever its status); 2 on bad usage; 127 if it could not start.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ptrace.h>
#include <sys/resource.h>
#include <sys/time.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

extern char **environ;

/* The time limit: SIGALRM sends the child SIGTERM, then (5 s later) SIGKILL. Done in the handler
 * (kill and alarm are async-signal-safe), so a limit reached just before wait4 is not missed. */
static volatile pid_t child;
static volatile sig_atomic_t last_signal_sent;

static void on_alarm(int signal_number) {
    (void)signal_number;
    if (child <= 0) {  /* not spawned yet (a SIGALRM sent from outside): kill(0) would hit our group */
        alarm(1);
        return;
    }
    if (last_signal_sent == 0) {
        last_signal_sent = SIGTERM;
        kill(child, SIGTERM);
        alarm(5);
    } else {
        last_signal_sent = SIGKILL;
        kill(child, SIGKILL);
    }
}

static int usage(const char *self) {
    fprintf(stderr, "usage: %s [-o STDOUT_FILE] [-t SECONDS] [-m SMAPS_FILE] STDERR_FILE PROGRAM [ARGS...]\n", self);
    return 2;
}

/* -m: the last non-empty reading of a traced thread's smaps, kept in memory until the end so the
 * file on disk is written once, after the process is gone. */
static char *smaps_text;
static size_t smaps_length;

static void read_smaps(pid_t pid, pid_t tid) {
    char path[64];
    snprintf(path, sizeof path, "/proc/%d/task/%d/smaps", (int)pid, (int)tid);
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0) return;
    size_t capacity = 256 * 1024, length = 0;
    char *text = malloc(capacity);
    for (;;) {
        if (!text) break;
        if (length == capacity) {
            char *grown = realloc(text, capacity * 2);
            if (!grown) { free(text); text = NULL; break; }
            text = grown;
            capacity *= 2;
        }
        ssize_t n = read(fd, text + length, capacity - length);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) break;
        length += (size_t)n;
    }
    close(fd);
    if (text && length > 0) {
        free(smaps_text);
        smaps_text = text;
        smaps_length = length;
    } else {
        free(text);
    }
}

/* The threads seen stopped at least once: under PTRACE_O_TRACECLONE a new thread's first stop is
 * the SIGSTOP the kernel sends it to start tracing, which must not be delivered. */
static pid_t *seen_tids;
static size_t seen_count, seen_capacity;

static int first_stop(pid_t tid) {
    for (size_t i = 0; i < seen_count; i++) {
        if (seen_tids[i] == tid) return 0;
    }
    if (seen_count == seen_capacity) {
        size_t capacity = seen_capacity ? seen_capacity * 2 : 64;
        pid_t *grown = realloc(seen_tids, capacity * sizeof *grown);
        if (!grown) return 1;
        seen_tids = grown;
        seen_capacity = capacity;
    }
    seen_tids[seen_count++] = tid;
    return 1;
}

/* fork + PTRACE_TRACEME + execve, the files as posix_spawn's actions would open them. A failed
 * exec sends its errno through a close-on-exec pipe. Returns the pid (stopped after its exec, or
 * already exited if the exec failed), or -1 with errno set. */
static pid_t spawn_traced(char **program, const char *stdout_file, const char *stderr_file) {
    int report[2];
    if (pipe2(report, O_CLOEXEC) != 0) return -1;
    pid_t pid = fork();
    if (pid < 0) return -1;
    if (pid == 0) {
        int in = open("/dev/null", O_RDONLY);
        int out = open(stdout_file, O_WRONLY | O_CREAT | O_TRUNC, 0600);
        int err = open(stderr_file, O_WRONLY | O_CREAT | O_TRUNC, 0600);
        int error = 0;
        if (in < 0 || out < 0 || err < 0 || dup2(in, 0) < 0 || dup2(out, 1) < 0 || dup2(err, 2) < 0) {
            error = errno;
        } else {
            if (in > 2) close(in);
            if (out > 2) close(out);
            if (err > 2) close(err);
            if (ptrace(PTRACE_TRACEME, 0, NULL, NULL) == 0) execve(program[0], program, environ);
            error = errno;
        }
        ssize_t ignored = write(report[1], &error, sizeof error);
        (void)ignored;
        _exit(127);
    }
    close(report[1]);
    int error = 0;
    ssize_t n;
    do {
        n = read(report[0], &error, sizeof error);
    } while (n < 0 && errno == EINTR);
    close(report[0]);
    if (n == (ssize_t)sizeof error) {
        waitpid(pid, NULL, 0);
        errno = error;
        return -1;
    }
    return pid;
}

/* Runs the traced child to its end: options set at the stop after exec, every signal delivered
 * as it would have been, smaps read at each exit stop. Returns wait4's result for the process. */
static pid_t trace_to_exit(pid_t pid, int *status, struct rusage *usage) {
    pid_t waited;
    do {
        waited = wait4(pid, status, 0, usage);
    } while (waited < 0 && errno == EINTR);
    if (waited < 0 || !WIFSTOPPED(*status)) return waited;  /* gone before its first instruction */
    first_stop(pid);
    ptrace(PTRACE_SETOPTIONS, pid, NULL, (void *)(long)(PTRACE_O_TRACEEXIT | PTRACE_O_TRACECLONE | PTRACE_O_EXITKILL));
    ptrace(PTRACE_CONT, pid, NULL, NULL);  /* the SIGTRAP of the exec is the tracer's, not delivered */
    for (;;) {
        pid_t tid = wait4(-1, status, __WALL, usage);
        if (tid < 0) {
            if (errno == EINTR) continue;
            return tid;
        }
        if (!WIFSTOPPED(*status)) {
            if (tid == pid) return tid;  /* the leader is reported only once every thread is gone */
            continue;
        }
        int stop_signal = WSTOPSIG(*status), event = *status >> 16, deliver = 0;
        int is_new = first_stop(tid);
        if (stop_signal == SIGTRAP && event == PTRACE_EVENT_EXIT) {
            read_smaps(pid, tid);
        } else if (event == 0 && !(is_new && stop_signal == SIGSTOP)) {
            deliver = stop_signal;  /* a signal meant for the program */
        }
        ptrace(PTRACE_CONT, tid, NULL, (void *)(long)deliver);
    }
}

int main(int argc, char **argv) {
    const char *stdout_file = "/dev/null";
    const char *smaps_file = NULL;
    long timeout_seconds = 0;
    int first = 1;
    while (first + 1 < argc && (strcmp(argv[first], "-o") == 0 || strcmp(argv[first], "-t") == 0
                                || strcmp(argv[first], "-m") == 0)) {
        if (argv[first][1] == 'o') {
            stdout_file = argv[first + 1];
        } else if (argv[first][1] == 'm') {
            smaps_file = argv[first + 1];
        } else {
            char *end = NULL;
            timeout_seconds = strtol(argv[first + 1], &end, 10);
            if (end == argv[first + 1] || *end != '\0' || timeout_seconds < 1) return usage(argv[0]);
        }
        first += 2;
    }
    if (argc - first < 2) return usage(argv[0]);
    const char *stderr_file = argv[first];
    char **program = &argv[first + 1];

    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0);
    posix_spawn_file_actions_addopen(&actions, 1, stdout_file, O_WRONLY | O_CREAT | O_TRUNC, 0600);
    posix_spawn_file_actions_addopen(&actions, 2, stderr_file, O_WRONLY | O_CREAT | O_TRUNC, 0600);
    if (timeout_seconds > 0) {
        struct sigaction action;
        memset(&action, 0, sizeof action);
        action.sa_handler = on_alarm;
        sigemptyset(&action.sa_mask);
        sigaction(SIGALRM, &action, NULL);  /* no SA_RESTART: wait4 returns EINTR and loops */
    }

    struct timespec start, end;
    clock_gettime(CLOCK_MONOTONIC, &start);
    pid_t pid;
    int rc = 0;
    if (smaps_file) {
        pid = spawn_traced(program, stdout_file, stderr_file);
        if (pid < 0) rc = errno;
    } else {
        rc = posix_spawn(&pid, program[0], &actions, NULL, program, environ);
    }
    if (rc != 0) {
        fprintf(stderr, "measure_spawn: cannot start %s: %s\n", program[0], strerror(rc));
        return 127;
    }
    child = pid;
    if (timeout_seconds > 0) alarm((unsigned)timeout_seconds);
    int status = 0;
    struct rusage usage;
    pid_t waited;
    if (smaps_file) {
        waited = trace_to_exit(pid, &status, &usage);
    } else {
        do {
            waited = wait4(pid, &status, 0, &usage);
        } while (waited < 0 && errno == EINTR);
    }
    clock_gettime(CLOCK_MONOTONIC, &end);
    alarm(0);
    if (waited < 0) {
        perror("measure_spawn: wait4");
        return 127;
    }
    if (smaps_file) {
        FILE *out = fopen(smaps_file, "w");
        if (!out || (smaps_length > 0 && fwrite(smaps_text, 1, smaps_length, out) != smaps_length) || fclose(out) != 0) {
            perror("measure_spawn: writing the smaps file");
            return 127;
        }
    }
    long long ns = (long long)(end.tv_sec - start.tv_sec) * 1000000000LL + (end.tv_nsec - start.tv_nsec);
    if (last_signal_sent != 0) {
        printf("%lld %ld timeout %d\n", ns, usage.ru_maxrss, (int)last_signal_sent);
    } else if (WIFEXITED(status)) {
        printf("%lld %ld exit %d\n", ns, usage.ru_maxrss, WEXITSTATUS(status));
    } else {
        printf("%lld %ld signal %d\n", ns, usage.ru_maxrss, WIFSIGNALED(status) ? WTERMSIG(status) : 0);
    }
    return 0;
}

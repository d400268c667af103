/*
 * Scripts/bench_spawn.c — run one command and report its wall time and peak RSS.
 * Compiled on the fly by Scripts/bench_runner.py (with cc, gcc or the Swift toolchain's clang).
 *
 * Why this exists instead of os.posix_spawn + os.wait4 in Python: on Linux, execve() folds the
 * RSS high-water mark of the address space being replaced into the process's ru_maxrss. A child
 * spawned straight from Python therefore reports at least Python's own peak RSS (13-16 MiB here,
 * seen: /bin/true "used" 13.2 MiB, and 213 MiB once the Python process had touched 200 MiB),
 * which would swamp the 20-24 MiB budgets being checked. Spawned from this tiny program, the
 * floor is this program's own RSS (about 1 MiB), so ru_maxrss is the command's real peak.
 *
 * Usage:   bench_spawn [-o STDOUT_FILE] [-t SECONDS] STDERR_FILE PROGRAM [ARGS...]
 *   stdin of PROGRAM is /dev/null, its stdout /dev/null (or STDOUT_FILE, truncated, with -o),
 *   its stderr STDERR_FILE (truncated).
 *   -t: a time limit. After SECONDS (whole seconds, counted from the spawn) PROGRAM gets
 *   SIGTERM, and SIGKILL 5 s later if it is still running; it is still waited for and measured.
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
    fprintf(stderr, "usage: %s [-o STDOUT_FILE] [-t SECONDS] STDERR_FILE PROGRAM [ARGS...]\n", self);
    return 2;
}

int main(int argc, char **argv) {
    const char *stdout_file = "/dev/null";
    long timeout_seconds = 0;
    int first = 1;
    while (first + 1 < argc && (strcmp(argv[first], "-o") == 0 || strcmp(argv[first], "-t") == 0)) {
        if (argv[first][1] == 'o') {
            stdout_file = argv[first + 1];
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
    int rc = posix_spawn(&pid, program[0], &actions, NULL, program, environ);
    if (rc != 0) {
        fprintf(stderr, "bench_spawn: cannot start %s: %s\n", program[0], strerror(rc));
        return 127;
    }
    child = pid;
    if (timeout_seconds > 0) alarm((unsigned)timeout_seconds);
    int status = 0;
    struct rusage usage;
    pid_t waited;
    do {
        waited = wait4(pid, &status, 0, &usage);
    } while (waited < 0 && errno == EINTR);
    clock_gettime(CLOCK_MONOTONIC, &end);
    alarm(0);
    if (waited < 0) {
        perror("bench_spawn: wait4");
        return 127;
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

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
 * Usage:   bench_spawn STDERR_FILE PROGRAM [ARGS...]
 *   stdin and stdout of PROGRAM go to /dev/null, its stderr to STDERR_FILE (truncated).
 * Output:  one line on stdout: "<wall_ns> <ru_maxrss_kib> exit <code>" or "... signal <n>".
 *   Wall time runs from just before posix_spawn to just after wait4 returns.
 * Exit:    0 when PROGRAM was run (whatever its status); 2 on bad usage; 127 if it could not start.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <spawn.h>
#include <stdio.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/time.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

extern char **environ;

int main(int argc, char **argv) {
    if (argc < 3) {
        fprintf(stderr, "usage: %s STDERR_FILE PROGRAM [ARGS...]\n", argv[0]);
        return 2;
    }
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0);
    posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0);
    posix_spawn_file_actions_addopen(&actions, 2, argv[1], O_WRONLY | O_CREAT | O_TRUNC, 0600);

    struct timespec start, end;
    clock_gettime(CLOCK_MONOTONIC, &start);
    pid_t pid;
    int rc = posix_spawn(&pid, argv[2], &actions, NULL, &argv[2], environ);
    if (rc != 0) {
        fprintf(stderr, "bench_spawn: cannot start %s: %s\n", argv[2], strerror(rc));
        return 127;
    }
    int status = 0;
    struct rusage usage;
    pid_t waited;
    do {
        waited = wait4(pid, &status, 0, &usage);
    } while (waited < 0 && errno == EINTR);
    clock_gettime(CLOCK_MONOTONIC, &end);
    if (waited < 0) {
        perror("bench_spawn: wait4");
        return 127;
    }
    long long ns = (long long)(end.tv_sec - start.tv_sec) * 1000000000LL + (end.tv_nsec - start.tv_nsec);
    if (WIFEXITED(status)) {
        printf("%lld %ld exit %d\n", ns, usage.ru_maxrss, WEXITSTATUS(status));
    } else {
        printf("%lld %ld signal %d\n", ns, usage.ru_maxrss, WIFSIGNALED(status) ? WTERMSIG(status) : 0);
    }
    return 0;
}

"""Scripts/bench_process.py — running one measured process: wall time and peak RSS.

Part of Scripts/bench_runner.py. Processes are spawned through Scripts/bench_spawn.c (compiled on
the fly) because on Linux execve() folds the replaced address space's peak RSS into ru_maxrss: a
child spawned straight from Python would report at least Python's own peak. Without a C compiler
it falls back to os.posix_spawn + os.wait4 and says so.
"""

from __future__ import annotations

import os
import resource
import shutil
import signal
import subprocess
import sys
import time

def read_text(path: str) -> str:
    try:
        with open(path, encoding="utf-8", errors="replace") as f:
            return f.read()
    except OSError:
        return ""


# ---------------------------------------------------------------------------------------------


class Failure(Exception):
    def __init__(self, argv: list[str], exit_code: int, stderr: str):
        super().__init__(f"{' '.join(argv)} exited {exit_code}")
        self.argv, self.exit_code, self.stderr = argv, exit_code, stderr


def compile_c(name: str, workdir: str) -> str | None:
    """Compiles Scripts/<name>.c into workdir with the first C compiler that works; None if none does."""
    source = os.path.join(os.path.dirname(os.path.abspath(__file__)), f"{name}.c")
    output = os.path.join(workdir, name)
    candidates = [os.environ.get("CC"), "cc", "gcc", "clang", "/opt/swift/usr/bin/clang"]
    for compiler in filter(None, candidates):
        if not shutil.which(compiler):
            continue
        result = subprocess.run([compiler, "-O2", "-o", output, source], capture_output=True, text=True)
        if result.returncode == 0:
            return output
        print(f"bench: {compiler} could not build {source}:\n{result.stderr}", file=sys.stderr)
    return None


class Spawner:
    """Runs one command and returns (wall ms, peak RSS KiB); raises Failure on non-zero exit.
    `start` runs one in the background instead, with its stdout kept and a time limit; `run`
    with smaps_path traces it to read its memory at exit."""

    def __init__(self, workdir: str):
        self.err_path = os.path.join(workdir, "stderr.txt")
        self.helper = self._compile_helper(workdir)
        if self.helper:
            self.method = "Scripts/bench_spawn.c (posix_spawn + wait4 from a ~1 MiB helper)"
        else:
            floor = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024.0
            self.method = (f"os.posix_spawn + os.wait4 from Python (no C compiler found): RSS figures "
                           f"are floored at the runner's own peak RSS, about {floor:.1f} MiB")

    @staticmethod
    def _compile_helper(workdir: str) -> str | None:
        return compile_c("bench_spawn", workdir)

    def run(self, argv: list[str], env: dict, smaps_path: str | None = None) -> tuple[float, int]:
        """smaps_path (helper only): trace the run and keep its smaps at exit there
        (Scripts/bench_footprint.py); such a run's wall time is not comparable."""
        if self.helper:
            traced = ["-m", smaps_path] if smaps_path else []
            result = subprocess.run([self.helper, *traced, self.err_path, *argv], env=env,
                                    capture_output=True, text=True, stdin=subprocess.DEVNULL)
            if result.returncode != 0:
                raise Failure(argv, result.returncode, result.stderr)
            ns, maxrss, kind, value = result.stdout.split()
            if kind != "exit":
                raise Failure(argv, -int(value), f"killed by signal {value}\n" + read_text(self.err_path))
            if int(value) != 0:
                raise Failure(argv, int(value), read_text(self.err_path))
            return int(ns) / 1e6, int(maxrss)
        actions = [
            (os.POSIX_SPAWN_OPEN, 0, os.devnull, os.O_RDONLY, 0),
            (os.POSIX_SPAWN_OPEN, 1, os.devnull, os.O_WRONLY, 0),
            (os.POSIX_SPAWN_OPEN, 2, self.err_path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600),
        ]
        start = time.perf_counter()
        pid = os.posix_spawn(argv[0], argv, env, file_actions=actions)
        _, status, usage = os.wait4(pid, 0)
        elapsed_ms = (time.perf_counter() - start) * 1000.0
        code = os.waitstatus_to_exitcode(status)
        if code != 0:
            raise Failure(argv, code, read_text(self.err_path))
        return elapsed_ms, usage.ru_maxrss

    def start(self, argv: list[str], env: dict, stdout_path: str, stderr_path: str,
              timeout_s: int) -> "Running":
        """Starts a command in the background, measured as `run` measures, stdout to stdout_path.
        After timeout_s it gets SIGTERM, 5 s later SIGKILL; `Running.wait` then raises Failure."""
        return Running(self.helper, argv, env, stdout_path, stderr_path, timeout_s)


class Running:
    """A command started by Spawner.start. Through bench_spawn (-o, -t) when it was compiled,
    else os.posix_spawn + polled os.wait4 (RSS floored at Python's own, as for `run`)."""

    KILL_GRACE_S = 5

    def __init__(self, helper: str | None, argv: list[str], env: dict, stdout_path: str,
                 stderr_path: str, timeout_s: int):
        self.argv, self.stdout_path, self.stderr_path, self.timeout_s = argv, stdout_path, stderr_path, timeout_s
        self.result: tuple[float, int] | Failure | None = None
        self.popen: subprocess.Popen | None = None
        self.cancelled = False
        if helper:
            self.popen = subprocess.Popen([helper, "-o", stdout_path, "-t", str(timeout_s), stderr_path, *argv],
                                          env=env, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                                          stderr=subprocess.PIPE, text=True)
            return
        actions = [
            (os.POSIX_SPAWN_OPEN, 0, os.devnull, os.O_RDONLY, 0),
            (os.POSIX_SPAWN_OPEN, 1, stdout_path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600),
            (os.POSIX_SPAWN_OPEN, 2, stderr_path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600),
        ]
        self.started = time.perf_counter()
        self.signal_sent = 0
        self.pid = os.posix_spawn(argv[0], argv, env, file_actions=actions)

    def running(self) -> bool:
        if self.popen:
            return self.popen.poll() is None
        if self.result is None:
            self._reap()
        return self.result is None

    def cancel(self) -> None:
        """Ends it now as the time limit would (SIGTERM, then SIGKILL); `wait` reports a timeout."""
        self.cancelled = True
        if self.popen:
            if self.popen.poll() is None:
                os.kill(self.popen.pid, signal.SIGALRM)  # bench_spawn's time-limit handler
        elif self.running() and self.signal_sent == 0:
            self.signal_sent = signal.SIGTERM
            self.timeout_at = time.perf_counter() - self.started
            os.kill(self.pid, signal.SIGTERM)

    def wait(self) -> tuple[float, int]:
        """(wall ms, peak RSS KiB) once it has exited; Failure on a non-zero exit, a signal or the time limit."""
        if self.popen:
            try:
                out, err = self.popen.communicate(timeout=self.timeout_s + self.KILL_GRACE_S + 30)
            except subprocess.TimeoutExpired:  # bench_spawn itself stuck: never expected
                self.popen.kill()
                self.popen.communicate()
                raise Failure(self.argv, -9, "bench_spawn did not return after the time limit\n" + read_text(self.stderr_path))
            if self.popen.returncode != 0:
                raise Failure(self.argv, self.popen.returncode, err)
            ns, maxrss, kind, value = out.split()
            stderr = read_text(self.stderr_path)
            if kind == "timeout":
                raise Failure(self.argv, -int(value), f"{self._limit_text()}: stopped with "
                              f"{'SIGTERM' if int(value) == signal.SIGTERM else 'SIGKILL'}\n{stderr}")
            if kind != "exit":
                raise Failure(self.argv, -int(value), f"killed by signal {value}\n{stderr}")
            if int(value) != 0:
                raise Failure(self.argv, int(value), stderr)
            return int(ns) / 1e6, int(maxrss)
        while self.result is None:
            self._reap()
            if self.result is None:
                time.sleep(0.02)
        if isinstance(self.result, Failure):
            raise self.result
        return self.result

    def _limit_text(self) -> str:
        return "stopped by the bench" if self.cancelled else f"time limit of {self.timeout_s} s reached"

    def _reap(self) -> None:
        """One non-blocking wait4; applies the time limit while it is still running."""
        pid, status, usage = os.wait4(self.pid, os.WNOHANG)
        elapsed = time.perf_counter() - self.started
        if pid == 0:
            if elapsed >= self.timeout_s and self.signal_sent == 0:
                self.signal_sent = signal.SIGTERM
                self.timeout_at = elapsed
                os.kill(self.pid, signal.SIGTERM)
            elif self.signal_sent == signal.SIGTERM and elapsed >= self.timeout_at + self.KILL_GRACE_S:
                self.signal_sent = signal.SIGKILL
                os.kill(self.pid, signal.SIGKILL)
            return
        code = os.waitstatus_to_exitcode(status)
        stderr = read_text(self.stderr_path)
        if self.signal_sent:
            self.result = Failure(self.argv, -self.signal_sent, f"{self._limit_text()}: stopped with signal "
                                  f"{self.signal_sent}\n{stderr}")
        elif code != 0:
            self.result = Failure(self.argv, code, stderr)
        else:
            self.result = (elapsed * 1000.0, usage.ru_maxrss)


def finish_part(key: str, result: dict, printer, as_json: bool, fail_over_budget: bool) -> int:
    """The end of a part run on its own (bench_frames, bench_interface): the result printed as a
    table or as JSON under `key`, and the exit status — 1 when it failed or was skipped, or is
    over budget and that was asked to fail."""
    import json
    import sys
    if as_json:
        json.dump({key: result}, sys.stdout, indent=2)
        print()
    else:
        printer({key: result})
    if "failed" in result or "skipped" in result:
        return 1
    return 1 if fail_over_budget and result["verdict"] != "PASS" else 0

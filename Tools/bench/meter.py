"""Tools/bench/meter.py — running one measured process: wall time and peak RSS.

Processes are spawned through Tools/bench/measure_spawn.c (compiled on the fly) because on Linux
execve() folds the replaced address space's peak RSS into ru_maxrss: a child spawned straight
from Python would report at least Python's own peak. Without a C compiler it falls back to
spawning the command itself (posix_spawn + wait4) and says so.
"""

from __future__ import annotations

import os
import resource
import signal
import sys

from common.c_compiler import compile_c
from common.processes import Spawner, read_text


class Failure(Exception):
    def __init__(self, argv: list[str], exit_code: int, stderr: str):
        super().__init__(f"{' '.join(argv)} exited {exit_code}")
        self.argv, self.exit_code, self.stderr = argv, exit_code, stderr


HELPER_SOURCE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "measure_spawn.c")
KILL_GRACE_S = 5


class Meter:
    """Runs one command and returns (wall ms, peak RSS KiB); raises Failure on non-zero exit.
    `start` runs one in the background instead, with its stdout kept and a time limit; `run`
    with smaps_path traces it to read its memory at exit."""

    def __init__(self, workdir: str):
        self.workdir = workdir
        self.err_path = os.path.join(workdir, "stderr.txt")
        self.spawner = Spawner()
        self.helper, problem = compile_c(HELPER_SOURCE, os.path.join(workdir, "measure_spawn"))
        if self.helper:
            self.method = "Tools/bench/measure_spawn.c (posix_spawn + wait4 from a ~1 MiB helper)"
        else:
            print(f"bench: {problem}", file=sys.stderr)
            floor = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024.0
            self.method = (f"os.posix_spawn + os.wait4 from Python (no C compiler found): RSS figures "
                           f"are floored at the runner's own peak RSS, about {floor:.1f} MiB")

    def run(self, argv: list[str], env: dict, smaps_path: str | None = None) -> tuple[float, int]:
        """smaps_path (helper only): trace the run and keep its smaps at exit there
        (Tools/bench/footprint.py); such a run's wall time is not comparable."""
        if self.helper:
            traced = ["-m", smaps_path] if smaps_path else []
            helper = self.spawner.run([self.helper, *traced, self.err_path, *argv], env,
                                      os.path.join(self.workdir, "measure.out"), os.path.join(self.workdir, "measure.err"))
            if helper.returncode != 0:
                raise Failure(argv, helper.returncode, helper.stderr())
            ns, maxrss, kind, value = helper.stdout().split()
            if kind != "exit":
                raise Failure(argv, -int(value), f"killed by signal {value}\n" + read_text(self.err_path))
            if int(value) != 0:
                raise Failure(argv, int(value), read_text(self.err_path))
            return int(ns) / 1e6, int(maxrss)
        child = self.spawner.run(argv, env, os.devnull, self.err_path)
        if child.returncode != 0:
            raise Failure(argv, child.returncode, read_text(self.err_path))
        return child.seconds * 1000.0, child.rusage.ru_maxrss

    def start(self, argv: list[str], env: dict, stdout_path: str, stderr_path: str,
              timeout_s: int) -> "Running":
        """Starts a command in the background, measured as `run` measures, stdout to stdout_path.
        After timeout_s it gets SIGTERM, KILL_GRACE_S later SIGKILL; `Running.wait` then raises Failure."""
        return Running(self, argv, env, stdout_path, stderr_path, timeout_s)


class Running:
    """A command started by Meter.start: through measure_spawn (-o, -t) when it was compiled, else
    directly (RSS floored at Python's own, as for `run`)."""

    def __init__(self, meter: Meter, argv: list[str], env: dict, stdout_path: str, stderr_path: str, timeout_s: int):
        self.argv, self.stderr_path, self.timeout_s = argv, stderr_path, timeout_s
        self.cancelled = False
        self.through_helper = meter.helper is not None
        if self.through_helper:
            self.child = meter.spawner.start([meter.helper, "-o", stdout_path, "-t", str(timeout_s), stderr_path, *argv],
                                             env, stdout_path + ".measure", stdout_path + ".measure-err")
        else:
            self.child = meter.spawner.start(argv, env, stdout_path, stderr_path)

    def running(self) -> bool:
        return self.child.alive()

    def cancel(self) -> None:
        """Ends it now as the time limit would (SIGTERM, then SIGKILL); `wait` reports it stopped."""
        self.cancelled = True
        # measure_spawn's time-limit handler runs on SIGALRM.
        self.child.signal(signal.SIGALRM if self.through_helper else signal.SIGTERM)

    def wait(self) -> tuple[float, int]:
        """(wall ms, peak RSS KiB) once it has exited; Failure on a non-zero exit, a signal or the time limit."""
        stderr = lambda: read_text(self.stderr_path)  # noqa: E731
        if self.through_helper:
            self.child.wait(self.timeout_s + KILL_GRACE_S + 30)
            if self.child.hung:  # measure_spawn itself stuck: never expected
                raise Failure(self.argv, -9, "measure_spawn did not return after the time limit\n" + stderr())
            if self.child.returncode != 0:
                raise Failure(self.argv, self.child.returncode, self.child.stderr())
            ns, maxrss, kind, value = self.child.stdout().split()
            if kind == "timeout":
                raise Failure(self.argv, -int(value), f"{self._limit_text()}: stopped with "
                              f"{'SIGTERM' if int(value) == signal.SIGTERM else 'SIGKILL'}\n{stderr()}")
            if kind != "exit":
                raise Failure(self.argv, -int(value), f"killed by signal {value}\n{stderr()}")
            if int(value) != 0:
                raise Failure(self.argv, int(value), stderr())
            return int(ns) / 1e6, int(maxrss)
        remaining = max(self.timeout_s - self.child.seconds, 0)
        code = self.child.wait(KILL_GRACE_S if self.cancelled else remaining, grace=KILL_GRACE_S)
        if self.cancelled or self.child.hung:
            sent = signal.SIGKILL if self.child.kill_sent else signal.SIGTERM
            raise Failure(self.argv, -int(sent), f"{self._limit_text()}: stopped with signal {int(sent)}\n{stderr()}")
        if code != 0:
            raise Failure(self.argv, code, stderr())
        return self.child.seconds * 1000.0, self.child.rusage.ru_maxrss

    def _limit_text(self) -> str:
        return "stopped by the bench" if self.cancelled else f"time limit of {self.timeout_s} s reached"

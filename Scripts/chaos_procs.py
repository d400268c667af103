"""Scripts/chaos_procs.py — the processes of a chaos run: spawned, killed with SIGKILL, always reaped.

Part of Scripts/chaos.py. Every process is started here and remembered until it is reaped, so
that whatever ends the run (the end, an error, Ctrl-C) kills and reaps what is still alive:
nothing outlives the script. Every wait has a time limit; a process that overstays it is killed
and marked hung (a finding in itself: nothing in the request channel may block forever).
"""

from __future__ import annotations

import os
import signal
import subprocess
import time

from bench_process import read_text  # the same tolerant read the bench uses


class Proc:
    """One spawned executable; stdout and stderr go to files (a full pipe could block it)."""

    def __init__(self, argv: list[str], popen: subprocess.Popen, out_path: str, err_path: str):
        self.argv = argv
        self.popen = popen
        self.out_path, self.err_path = out_path, err_path
        self.started = time.monotonic()
        self.ended: float | None = None
        self.kill_sent = False
        self.hung = False

    @property
    def pid(self) -> int:
        return self.popen.pid

    def alive(self) -> bool:
        return self.popen.poll() is None

    def kill9(self) -> bool:
        """SIGKILL if still running (never a reaped pid, which may belong to someone else by now)."""
        if self.popen.poll() is not None:
            return False
        try:
            os.kill(self.popen.pid, signal.SIGKILL)
        except ProcessLookupError:
            return False
        self.kill_sent = True
        return True

    def wait(self, timeout: float) -> int:
        """The exit status (negative: the signal); past `timeout` the process is killed and hung."""
        try:
            code = self.popen.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            self.hung = True
            self.kill9()
            code = self.popen.wait(timeout=10)
        if self.ended is None:
            self.ended = time.monotonic()
        return code

    @property
    def returncode(self) -> int | None:
        return self.popen.returncode

    @property
    def killed(self) -> bool:
        """Ended by our SIGKILL (not by exiting first, which a kill can race with)."""
        return self.kill_sent and self.popen.returncode == -signal.SIGKILL

    @property
    def seconds(self) -> float:
        return (self.ended or time.monotonic()) - self.started

    def stdout(self) -> str:
        return read_text(self.out_path)

    def stderr(self) -> str:
        return read_text(self.err_path)


class Spawner:
    """Starts the package's executables against one container, and cleans up after them."""

    def __init__(self, bin_dir: str, container: str, io_dir: str):
        self.bin_dir, self.container, self.io_dir = bin_dir, container, io_dir
        self.live: list[Proc] = []
        self.count = 0
        # Nothing from the caller's environment may point a child at another container or identity.
        self.env = {k: v for k, v in os.environ.items() if k not in ("APP_GROUP_CONTAINER", "TELEGRAM_BUNDLE_ID")}
        os.makedirs(io_dir, exist_ok=True)

    def start(self, executable: str, args: list[str]) -> Proc:
        self.count += 1
        label = f"{self.count:05d}-{executable}-{args[0] if args else ''}"
        out_path = os.path.join(self.io_dir, label + ".out")
        err_path = os.path.join(self.io_dir, label + ".err")
        argv = [os.path.join(self.bin_dir, executable), *args, "--container", self.container]
        with open(out_path, "wb") as out, open(err_path, "wb") as err:
            # A session of its own: Ctrl-C on the terminal reaches the script, not the children,
            # so no child ever dies of anything but the script's own kills.
            popen = subprocess.Popen(argv, stdin=subprocess.DEVNULL, stdout=out, stderr=err,
                                     env=self.env, start_new_session=True)
        proc = Proc(argv, popen, out_path, err_path)
        self.live.append(proc)
        self._forget_reaped()
        return proc

    def run(self, executable: str, args: list[str], timeout: float = 60) -> Proc:
        proc = self.start(executable, args)
        proc.wait(timeout)
        return proc

    def _forget_reaped(self) -> None:
        self.live = [p for p in self.live if p.popen.poll() is None]

    def cleanup(self) -> None:
        """Kills and reaps every process still running (end of run, error or interrupt)."""
        for proc in self.live:
            proc.kill9()
        for proc in self.live:
            try:
                proc.popen.wait(timeout=10)
            except subprocess.TimeoutExpired:
                pass
        self.live = []


def wait_for_line(proc: Proc, prefix: str, timeout: float) -> str | None:
    """The first stdout line starting with `prefix`, or None (exited, or not within `timeout`)."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        for line in proc.stdout().splitlines():
            if line.startswith(prefix):
                return line
        if not proc.alive():
            return None
        time.sleep(0.002)
    return None


def sleep_precisely(seconds: float) -> None:
    """time.sleep overshoots by ~0.1 ms; the last stretch is spun so that kill delays stay fine."""
    end = time.monotonic() + seconds
    if seconds > 0.002:
        time.sleep(seconds - 0.001)
    while time.monotonic() < end:
        pass

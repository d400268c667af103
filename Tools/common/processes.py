"""Tools/common/processes.py — the one way the tools start a process and wait for it.

A child is started with posix_spawn (no shell), stdin from /dev/null, stdout and stderr to files
(a full pipe could block it), and reaped with wait4, so its exit status, wall time and resource
usage (ru_maxrss, CPU time) come together. Every wait can have a time limit. The Spawner remembers
what it started until it is reaped, so whatever ends a run (its end, an error, Ctrl-C) can kill
and reap what is still alive: nothing outlives the tool.
"""

from __future__ import annotations

import os
import signal
import time


def read_text(path: str) -> str:
    """The file's text, or "" if it cannot be read (a process that never wrote it)."""
    try:
        with open(path, encoding="utf-8", errors="replace") as f:
            return f.read()
    except OSError:
        return ""


class Child:
    """One started process: its exit status (negative: the signal), wall time and rusage once reaped."""

    def __init__(self, argv: list[str], env: dict, out_path: str, err_path: str, new_session: bool):
        self.argv, self.out_path, self.err_path = argv, out_path, err_path
        actions = [
            (os.POSIX_SPAWN_OPEN, 0, os.devnull, os.O_RDONLY, 0),
            (os.POSIX_SPAWN_OPEN, 1, out_path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600),
            (os.POSIX_SPAWN_OPEN, 2, err_path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600),
        ]
        self.returncode: int | None = None
        self.rusage = None
        self.ended: float | None = None
        self.kill_sent = False
        self.hung = False  # outlived a wait's time limit
        self.started = time.perf_counter()
        self.pid = os.posix_spawn(argv[0], argv, env, file_actions=actions, setsid=new_session)

    def poll(self) -> int | None:
        """The exit status if it has exited (reaping it), else None."""
        if self.returncode is None:
            pid, status, usage = os.wait4(self.pid, os.WNOHANG)
            if pid:
                self._reaped(status, usage)
        return self.returncode

    def alive(self) -> bool:
        return self.poll() is None

    def signal(self, number: int) -> bool:
        """Sends a signal if it still runs (never to a reaped pid, which may be someone else's by now)."""
        if self.poll() is not None:
            return False
        try:
            os.kill(self.pid, number)
        except ProcessLookupError:
            return False
        return True

    def kill9(self) -> bool:
        if not self.signal(signal.SIGKILL):
            return False
        self.kill_sent = True
        return True

    def wait(self, timeout: float | None = None, grace: float | None = None) -> int:
        """The exit status. Past `timeout` (seconds from now) it is hung and stopped: SIGKILL, or with
        `grace`, SIGTERM and SIGKILL `grace` seconds later."""
        if self.returncode is not None:
            return self.returncode
        if timeout is None:
            _, status, usage = os.wait4(self.pid, 0)
            self._reaped(status, usage)
            return self.returncode
        deadline = time.monotonic() + timeout
        kill_at = None
        delay = 0.0005  # as subprocess.Popen.wait polls: short first, then up to 50 ms
        while self.poll() is None:
            now = time.monotonic()
            if kill_at is None and now >= deadline:
                self.hung = True
                if grace:
                    self.signal(signal.SIGTERM)
                    kill_at = now + grace
                else:
                    self.kill9()
                    kill_at = now
            elif kill_at is not None and now >= kill_at and not self.kill_sent:
                self.kill9()
            time.sleep(delay)
            delay = min(delay * 2, 0.05)
        return self.returncode

    def _reaped(self, status: int, usage) -> None:
        self.ended = time.perf_counter()
        self.returncode = os.waitstatus_to_exitcode(status)
        self.rusage = usage

    @property
    def killed(self) -> bool:
        """Ended by our SIGKILL (not by exiting first, which a kill can race with)."""
        return self.kill_sent and self.returncode == -signal.SIGKILL

    @property
    def seconds(self) -> float:
        """Wall time from just before the spawn to the reap (or to now, while it runs)."""
        return (self.ended or time.perf_counter()) - self.started

    def stdout(self) -> str:
        return read_text(self.out_path)

    def stderr(self) -> str:
        return read_text(self.err_path)


class Spawner:
    """Starts processes and remembers them until they are reaped, so `cleanup` can end them all."""

    def __init__(self):
        self.live: list[Child] = []

    def start(self, argv: list[str], env: dict, out_path: str = os.devnull, err_path: str = os.devnull,
              new_session: bool = False) -> Child:
        """new_session: Ctrl-C on the terminal reaches the tool, not the child, so the child dies
        of nothing but the tool's own signals."""
        child = Child(argv, env, out_path, err_path, new_session)
        self.live = [c for c in self.live if c.returncode is None and c.alive()]
        self.live.append(child)
        return child

    def run(self, argv: list[str], env: dict, out_path: str = os.devnull, err_path: str = os.devnull,
            timeout: float | None = None) -> Child:
        child = self.start(argv, env, out_path, err_path)
        child.wait(timeout)
        return child

    def cleanup(self) -> None:
        """Kills and reaps every child still running (end of run, error or interrupt)."""
        for child in self.live:
            child.kill9()
        for child in self.live:
            child.wait(10)
        self.live = []

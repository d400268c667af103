"""Tools/chaos/apps.py — the package's executables in a chaos run: started against one container,
killed with SIGKILL, always reaped.

Part of Tools/chaos/run.py. Every process is started through Tools/common/processes.py, which
remembers it until it is reaped, so that whatever ends the run (the end, an error, Ctrl-C) kills
and reaps what is still alive: nothing outlives the script. Every wait has a time limit; a process
that overstays it is killed and marked hung (a finding in itself: nothing in the request channel
may block forever).
"""

from __future__ import annotations

import os
import time

from common.processes import Child, Spawner


class Apps:
    """Starts the package's executables against one container, and cleans up after them."""

    def __init__(self, bin_dir: str, container: str, io_dir: str):
        self.bin_dir, self.container, self.io_dir = bin_dir, container, io_dir
        self.spawner = Spawner()
        self.count = 0
        # Nothing from the caller's environment may point a child at another container or identity.
        self.env = {k: v for k, v in os.environ.items() if k not in ("APP_GROUP_CONTAINER", "TELEGRAM_BUNDLE_ID")}
        os.makedirs(io_dir, exist_ok=True)

    def start(self, executable: str, args: list[str], prefix: list[str] | None = None) -> Child:
        """`prefix`: a command the executable runs under (Tools/faults puts strace there)."""
        self.count += 1
        label = f"{self.count:05d}-{executable}-{args[0] if args else ''}"
        argv = [*(prefix or []), os.path.join(self.bin_dir, executable), *args, "--container", self.container]
        # A session of its own: Ctrl-C on the terminal reaches the script, not the children, so no
        # child ever dies of anything but the script's own kills.
        return self.spawner.start(argv, self.env, os.path.join(self.io_dir, label + ".out"),
                                  os.path.join(self.io_dir, label + ".err"), new_session=True)

    def run(self, executable: str, args: list[str], timeout: float = 60, prefix: list[str] | None = None) -> Child:
        proc = self.start(executable, args, prefix)
        proc.wait(timeout)
        return proc

    def cleanup(self) -> None:
        """Kills and reaps every process still running (end of run, error or interrupt)."""
        self.spawner.cleanup()


def wait_for_line(proc: Child, prefix: str, timeout: float) -> str | None:
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

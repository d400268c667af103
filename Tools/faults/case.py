"""Tools/faults/case.py — one run of one protocol with one fault, and what it found.

Part of Tools/faults/run.py. A case copies its protocol's fixture container (made once per run),
runs the protocol's workload with the fault (a syscall failed by strace, or a full disk), stops
what it started, runs the undisturbed recovery, and reads everything back. Its findings are
sorted into the categories every report counts:

  lost          the doer said it was done (sent, queued, exit 0) and it is not there
  duplicated    stored more than once (a message, an account)
  misreported   the doer said it failed (non-zero exit, rejected) and it was applied
  integrity     a store fails PRAGMA integrity_check, a shared file is unreadable, the lock
                state unreadable yet read as unlocked, the device key the wrong size
  hang          a process outlived its time limit (every wait has one)
  crash         a process died of a signal nobody sent
  person        the undisturbed recovery did not recover: its launch failed, or a request is
                still in pending/, applying/ or claimed/ after it
  fsyncIgnored  a failed fsync was passed over: the file was still renamed or linked into
                place, or a directory whose sync failed was reported done (docs/architecture.md §9:
                a failed fsync is never retried into a success)
"""

from __future__ import annotations

import os
import shutil
import signal
import time
from dataclasses import dataclass, field
from typing import Callable

from chaos.apps import Apps
from common.processes import Child
from faults import syscalls

CATEGORIES = ("lost", "duplicated", "misreported", "integrity", "hang", "crash", "person", "fsyncIgnored")

STRACE_ATTACH_TIMEOUT = 10.0
STRACE_EXIT_TIMEOUT = 15.0


@dataclass
class Fixture:
    name: str
    path: str  # the template container, copied by every case
    account_id: int | None = None
    peers: list[int] = field(default_factory=list)


class Tracer:
    """strace for one case: a prefix to start a process under it, or attached to a running one.
    Without an injection (measuring a clean run) it only records."""

    def __init__(self, apps: Apps, strace: str, log: str, machine: str, injection: syscalls.Injection | None):
        self.apps, self.strace, self.log, self.machine, self.injection = apps, strace, log, machine, injection
        self.attached: Child | None = None
        self.used = False

    def prefix(self) -> list[str]:
        self.used = True
        return syscalls.strace_prefix(self.strace, self.log, self.machine, self.injection)

    def attach(self, pid: int) -> bool:
        """strace -p PID -f, returning once every thread of PID is traced (False: it never was)."""
        self.used = True
        argv = syscalls.strace_prefix(self.strace, self.log, self.machine, self.injection, attach_pid=pid)
        self.attached = self.apps.spawner.start(argv, self.apps.env, os.path.join(self.apps.io_dir, "strace-attach.out"),
                                                os.path.join(self.apps.io_dir, "strace-attach.err"))
        deadline = time.monotonic() + STRACE_ATTACH_TIMEOUT
        while time.monotonic() < deadline:
            if not self.attached.alive():
                return False
            if _all_threads_traced(pid):
                return True
            time.sleep(0.002)
        return False

    def finish(self) -> str | None:
        """Waits for an attached strace to end with its tracee. None, or what went wrong."""
        if self.attached is None:
            return None
        self.attached.wait(STRACE_EXIT_TIMEOUT)
        if self.attached.hung:
            return f"strace attached to main did not end within {STRACE_EXIT_TIMEOUT:g} s of main's end"
        return None

    def trace(self) -> syscalls.Trace:
        return syscalls.parse(self.log) if self.used else syscalls.Trace()


def _all_threads_traced(pid: int) -> bool:
    try:
        tasks = os.listdir(f"/proc/{pid}/task")
    except OSError:
        return False
    for task in tasks:
        try:
            with open(f"/proc/{pid}/task/{task}/status") as f:
                tracer = next((line.split()[1] for line in f if line.startswith("TracerPid:")), "0")
        except OSError:
            continue
        if tracer == "0":
            return False
    return True


@dataclass
class Case:
    protocol: str
    side: str  # extension | main | full-disk
    fault: str  # an injection's label, "clean", or "free=<bytes>" for the full disk
    container: str
    io_dir: str
    fixture: Fixture
    apps: Apps
    text: str = ""
    outcome: str = ""  # what the doer said: sent, queued, rejected, failed, done, hung, crashed
    detail: str = ""
    injected: list[str] = field(default_factory=list)  # the calls failed, as the strace log shows them
    answer_channel_failed: bool = False  # a failed call was a write to stdout or stderr
    set_aside: bool = False  # a failed call was on a pipe, socket, eventfd or device (syscalls.is_not_a_file)
    notes: list[str] = field(default_factory=list)
    findings: dict[str, list[str]] = field(default_factory=dict)
    trace: syscalls.Trace | None = None
    seconds: float = 0.0
    request_id: str | None = None
    stdout: str = ""
    # Called by the protocol once the stage is set, right before the work (the full disk fills there).
    on_stage_set: Callable[["Case"], None] | None = None

    def stage_set(self) -> None:
        if self.on_stage_set is not None:
            self.on_stage_set(self)

    @property
    def id(self) -> str:
        return f"{self.protocol}/{self.side}/{self.fault}"

    def find(self, category: str, what: str) -> None:
        assert category in CATEGORIES, category
        self.findings.setdefault(category, []).append(what)

    def note(self, what: str) -> None:
        self.notes.append(what)

    @property
    def reached(self) -> bool:
        """The fault happened: an injection fired (a full disk always counts)."""
        return self.side == "full-disk" or self.fault == "clean" or bool(self.injected)

    # -- processes ---------------------------------------------------------------------------

    def judge_exit(self, proc: Child, what: str, stopped_by_us: bool = False) -> None:
        """Hangs and crashes of any process the case ran."""
        if proc.hung:
            self.find("hang", f"{what} outlived its time limit ({proc.seconds:.1f} s) and was killed")
            return
        code = proc.returncode
        if code is not None and code < 0 and not (stopped_by_us and code in (-signal.SIGTERM, -signal.SIGKILL)):
            self.find("crash", f"{what} died of signal {signal.Signals(-code).name}: {last_line(proc.stderr())}")

    def stop_main(self, main: Child, timeout: float = 15.0) -> None:
        """SIGTERM (as the system stops the app), bounded: main must stop by itself in time."""
        if main.returncode is None and main.alive():
            main.signal(signal.SIGTERM)
            main.wait(timeout)
            self.judge_exit(main, "main run (stopped with SIGTERM)", stopped_by_us=True)
            if main.returncode not in (0, None) and not main.hung:
                self.note(f"main run ended with status {main.returncode} after SIGTERM: {last_line(main.stderr())}")
        else:
            # It stopped before being asked: allowed if the next launch works (checked by recovery).
            self.judge_exit(main, "main run")
            self.note(f"main run stopped by itself (status {main.returncode}): {last_line(main.stderr())}")

    def cleanup(self, keep: bool) -> None:
        self.apps.cleanup()
        if not keep or not self.container.startswith(os.path.dirname(self.io_dir) + os.sep):
            shutil.rmtree(self.container, ignore_errors=True)
        if not keep:
            shutil.rmtree(self.io_dir, ignore_errors=True)


def last_line(text: str) -> str:
    return ((text.strip().splitlines() or [""])[-1])[:300]

"""Tools/faults/syscalls.py — the file-system calls a sweep fails, and strace, which fails them.

Part of Tools/faults/run.py. `strace -f --inject=SET:error=ERR:when=N` makes the Nth call of each
syscall in SET fail with ERR without running it (`when=N+`: the Nth and every later one). strace
counts per syscall and per thread ("tracee"), so in a process with several threads the Nth call of
each thread fails: what a sweep calls "injection point N" of a class is that.

Each class is the syscalls that do one thing (rename, renameat, renameat2); N runs from 1 to the
most calls one thread made of one syscall of the class in an undisturbed run. Each error is used
only where the kernel can return it (man 2): ENOSPC where a call allocates (write, pwrite64, fsync,
fdatasync, rename, mkdir, link, fallocate, and an open that creates the file), EIO everywhere. An
open that does not create cannot run out of space, so ENOSPC is injected into an openat only at
the call numbers where the undisturbed run's openat carried O_CREAT.

A run's strace log (-o, with -y for the files behind descriptors) says which calls were failed
("(INJECTED)"), and whether a process died of a signal ("+++ killed by SIG…"). strace 6.1 cannot
choose calls by their file, so the Nth write of a thread may be a wake-up pipe's or an eventfd's,
and the Nth openat may be the Swift runtime's of /proc/self/maps, which never fail with ENOSPC or
EIO: a case whose injection hit one is set aside (counted, its
findings listed apart, not judged), as its outcome says nothing about the disk.
"""

from __future__ import annotations

import re
import shutil
from collections import Counter
from dataclasses import dataclass, field

# Class → syscalls (x86_64 and aarch64 names; strace ignores none of them: unknown names fail, so
# only those of this architecture are kept by `available`).
CLASSES: dict[str, tuple[str, ...]] = {
    "write": ("write",),
    "pwrite64": ("pwrite64",),
    "fsync": ("fsync",),
    "fdatasync": ("fdatasync",),
    "rename": ("rename", "renameat", "renameat2"),
    "mkdir": ("mkdir", "mkdirat"),
    "openat": ("openat", "open", "creat"),
    "unlink": ("unlink", "unlinkat", "rmdir"),
    "ftruncate": ("ftruncate",),
    "fallocate": ("fallocate",),
    "link": ("link", "linkat"),
}

ERRORS = ("ENOSPC", "EIO")
MODES = ("once", "onward")  # when=N, when=N+

# Where ENOSPC can come from (man 2 of each call); EIO can come from all of them.
ENOSPC_CLASSES = {"write", "pwrite64", "fsync", "fdatasync", "rename", "mkdir", "openat", "fallocate", "link"}

SYNC_CLASSES = ("fsync", "fdatasync")

_SYSCALL_TO_CLASS = {syscall: name for name, syscalls in CLASSES.items() for syscall in syscalls}
# Syscalls missing on an architecture (x86_64 has all of these; aarch64 has no rename, mkdir,
# open, creat, unlink, rmdir, link): strace refuses unknown names, so they are left out there.
_NOT_ON_AARCH64 = {"rename", "mkdir", "open", "creat", "unlink", "rmdir", "link"}


def strace_path() -> str | None:
    return shutil.which("strace")


def syscalls_of(classes: list[str] | tuple[str, ...], machine: str) -> list[str]:
    names = [s for c in classes for s in CLASSES[c]]
    if machine in ("aarch64", "arm64"):
        names = [s for s in names if s not in _NOT_ON_AARCH64]
    return names


@dataclass(frozen=True)
class Injection:
    klass: str
    number: int
    error: str
    mode: str  # once | onward

    @property
    def when(self) -> str:
        return f"{self.number}+" if self.mode == "onward" else str(self.number)

    @property
    def label(self) -> str:
        return f"{self.klass}:{self.number}:{self.error}:{self.mode}"

    @staticmethod
    def parse(text: str) -> "Injection":
        klass, number, error, mode = text.split(":")
        if klass not in CLASSES or error not in ERRORS or mode not in MODES:
            raise ValueError(f"not an injection: {text!r} (class:N:ENOSPC|EIO:once|onward)")
        return Injection(klass, int(number), error, mode)


def strace_prefix(strace: str, log: str, machine: str, injection: Injection | None, attach_pid: int | None = None) -> list[str]:
    """The strace command line in front of a process (or, with attach_pid, on its own, attaching).
    Every class is traced, so the log shows the run's whole file-system story; only the
    injection's class is failed."""
    traced = ",".join(syscalls_of(list(CLASSES), machine))
    argv = [strace, "-f", "-q", "-y", "-o", log, "-e", f"trace={traced}", "-e", "signal=none"]
    if attach_pid is None:
        # Only traced syscalls stop the process: a run under strace stays close to its speed.
        argv.append("--seccomp-bpf")
    if injection is not None:
        failed = ",".join(syscalls_of([injection.klass], machine))
        argv += ["-e", f"inject={failed}:error={injection.error}:when={injection.when}"]
    if attach_pid is not None:
        # -q hides "Process N attached": the attach is awaited through /proc (TracerPid) instead.
        argv += ["-p", str(attach_pid)]
    return argv


_LINE = re.compile(r"^(\d+)\s+(?:<\.\.\. )?([a-z_0-9]+)\(")
_RESUMED = re.compile(r"^(\d+)\s+<\.\.\. ([a-z_0-9]+) resumed>")
_KILLED = re.compile(r"^(\d+)\s+\+\+\+ killed by (SIG[A-Z0-9]+)")
_FD_PATH = re.compile(r"^\d+<([^>]*)>")
_STRING = re.compile(r'"((?:[^"\\]|\\.)*)"')


@dataclass
class Call:
    index: int  # line number in the log (its order)
    tid: int
    syscall: str
    line: str
    injected: bool

    @property
    def klass(self) -> str:
        return _SYSCALL_TO_CLASS.get(self.syscall, self.syscall)

    @property
    def arguments(self) -> str:
        return self.line.split("(", 1)[1] if "(" in self.line else ""

    @property
    def paths(self) -> list[str]:
        """The paths the call names: strings, and (with -y) the file behind a descriptor."""
        found = [m.group(1) for m in re.finditer(r"\d+<([^>]*)>", self.arguments.split(")")[0])]
        found += [m.group(1) for m in _STRING.finditer(self.arguments)]
        return found

    @property
    def path(self) -> str:
        ps = self.paths
        if self.syscall in ("write", "pwrite64", "fsync", "fdatasync", "ftruncate", "fallocate"):
            match = _FD_PATH.match(self.arguments)
            return match.group(1) if match else (ps[0] if ps else "")
        # openat's first argument is AT_FDCWD<cwd>: the path is its string.
        strings = [m.group(1) for m in _STRING.finditer(self.arguments)]
        return strings[0] if strings else (ps[0] if ps else "")


@dataclass
class Trace:
    calls: list[Call] = field(default_factory=list)
    killed_by: list[str] = field(default_factory=list)  # signals that ended a traced thread group

    @property
    def injected(self) -> list[Call]:
        return [c for c in self.calls if c.injected]

    def counts(self) -> dict[str, int]:
        """Per class: the most calls one thread made of one of its syscalls."""
        per: Counter = Counter((c.tid, c.syscall) for c in self.calls)
        out: dict[str, int] = {}
        for (tid, syscall), n in per.items():
            klass = _SYSCALL_TO_CLASS.get(syscall)
            if klass:
                out[klass] = max(out.get(klass, 0), n)
        return out

    def creating_opens(self) -> set[int]:
        """Call numbers N at which some thread's Nth openat (or open/creat) created its file."""
        numbers: set[int] = set()
        seen: Counter = Counter()
        for c in self.calls:
            if c.klass != "openat":
                continue
            seen[(c.tid, c.syscall)] += 1
            if c.syscall == "creat" or "O_CREAT" in c.arguments:
                numbers.add(seen[(c.tid, c.syscall)])
        return numbers

    def directories(self) -> set[str]:
        """Paths this run opened as directories (O_DIRECTORY): what a sync of them syncs."""
        return {c.path for c in self.calls if c.klass == "openat" and "O_DIRECTORY" in c.arguments}

    def after(self, call: Call) -> list[Call]:
        return [c for c in self.calls if c.index > call.index]


def parse(path: str) -> Trace:
    trace = Trace()
    pending: dict[tuple[int, str], str] = {}
    try:
        with open(path, encoding="utf-8", errors="replace") as f:
            lines = f.read().splitlines()
    except OSError:
        return trace
    for number, raw in enumerate(lines):
        killed = _KILLED.match(raw)
        if killed:
            trace.killed_by.append(killed.group(2))
            continue
        if " <unfinished ...>" in raw:
            match = _LINE.match(raw)
            if match:
                pending[(int(match.group(1)), match.group(2))] = raw.replace(" <unfinished ...>", "")
            continue
        resumed = _RESUMED.match(raw)
        if resumed:
            key = (int(resumed.group(1)), resumed.group(2))
            head = pending.pop(key, f"{key[0]} {key[1]}(")
            raw = head + raw.split("resumed>", 1)[1]
        match = _LINE.match(raw)
        if not match or match.group(2) not in _SYSCALL_TO_CLASS:
            continue
        body = raw[match.start(2):]
        trace.calls.append(Call(number, int(match.group(1)), match.group(2), body, raw.rstrip().endswith("(INJECTED)")))
    return trace


_HEX_ID = re.compile(r"[0-9a-f]{32}")
_TMP = re.compile(r"\.(tmp|new)-\d+-\d+")
_TEMP_DIR = re.compile(r"temp-[0-9a-f]{16}")
_REMOVING = re.compile(r"(<id>)\.[0-9a-f]{16}")
_ACCOUNT = re.compile(r"account-\d+")
_LOG = re.compile(r"log-[0-9_.-]+\.txt")


def generic_path(path: str, container: str) -> str:
    """A path as it reads in a report: the container as <container>, ids and temp names generic."""
    if path.startswith(container):
        path = "<container>" + path[len(container):]
    path = _HEX_ID.sub("<id>", path)
    path = _REMOVING.sub(r"\1.<hex>", path)
    path = _TMP.sub(r".\1-<pid>-<n>", path)
    path = _TEMP_DIR.sub("temp-<hex>", path)
    path = _ACCOUNT.sub("account-<n>", path)
    return _LOG.sub("log-<time>.txt", path)


def describe(call: Call, container: str) -> str:
    target = call.path
    if call.klass in ("write",) and re.match(r"^[12]<", call.arguments):
        target = "stdout" if call.arguments.startswith("1<") else "stderr"
    return f"{call.syscall}({generic_path(target, container)})"


_NOT_A_FILE = ("pipe:", "socket:", "anon_inode:", "/dev/", "/proc/", "/sys/")


def is_not_a_file(call: Call) -> bool:
    """A call on a pipe, socket, eventfd, device or kernel pseudo-file: ENOSPC and EIO cannot come
    from these (a wake-up pipe's write, a dispatch queue's eventfd, the Swift runtime's read of
    /proc/self/maps), so a case that failed one is set aside."""
    if call.klass in ("write", "pwrite64", "fsync", "fdatasync", "ftruncate", "fallocate"):
        match = _FD_PATH.match(call.arguments)
        return match is None or match.group(1).startswith(_NOT_A_FILE)
    return call.path.startswith(_NOT_A_FILE[3:])


def is_answer_channel(call: Call) -> bool:
    """A write to the process's stdout or stderr: its answer to whoever started it, not the disk."""
    return call.klass == "write" and re.match(r"^[12]<", call.arguments) is not None

"""Tools/faults/checks.py — reading a container back after a case, and the checks every protocol shares.

Part of Tools/faults/run.py. Nothing here trusts what the workload said: texts are counted with
`main messages`, the stores checked with `main check` (SQLite's integrity_check on the Postbox and
the shared data, chaos/verify.py's reader), the request channel read directly from `requests/`.
"""

from __future__ import annotations

import json
import os

from chaos import verify as chaos_verify
from chaos.apps import wait_for_line
from chaos.channel import Channel
from faults import syscalls
from faults.case import Case, last_line

READY_TIMEOUT = 60.0
RUN_TIMEOUT = 60.0
COMMAND_TIMEOUT = 60.0


def recovery_launch(case: Case, what: str = "the recovery launch", duration: str = "0") -> bool:
    """`main run --duration 0`, undisturbed: launches (draining the queue) and stops. A launch
    that fails is a recovery that needs a person. (widget-data is published on the app's
    once-a-second tick, which a longer `duration` lets happen.)"""
    main = case.apps.start("main", ["run", "--duration", duration])
    ready = wait_for_line(main, "ready pid=", READY_TIMEOUT)
    main.wait(RUN_TIMEOUT)
    case.judge_exit(main, what)
    if ready is None or main.returncode != 0:
        case.find("person", f"{what} (main run --duration 0) failed: status {main.returncode}: {last_line(main.stderr())}")
        return False
    return True


def stored_count(case: Case, peer: int, text: str) -> int | None:
    proc = case.apps.run("main", ["messages", "--peer", str(peer), "--limit", "100", "--json"], timeout=COMMAND_TIMEOUT)
    case.judge_exit(proc, "main messages")
    if proc.returncode != 0:
        case.find("person", f"main messages failed after recovery: status {proc.returncode}: {last_line(proc.stderr())}")
        return None
    try:
        return sum(1 for row in json.loads(proc.stdout()) if row.get("text") == text)
    except (ValueError, TypeError, AttributeError):
        case.find("integrity", "main messages --json printed no JSON list")
        return None


def integrity(case: Case, account_id: int | None = None) -> dict | None:
    args = ["check", "--json"] + (["--account", str(account_id)] if account_id is not None else [])
    proc = case.apps.run("main", args, timeout=COMMAND_TIMEOUT)
    case.judge_exit(proc, "main check")
    try:
        report = json.loads(proc.stdout())
    except ValueError:
        case.find("integrity", f"main check failed: status {proc.returncode}: {last_line(proc.stderr())}")
        return None
    bad = {k: v for k, v in report.items() if k in ("postbox", "sharedData") and v != "ok"}
    if bad:
        case.find("integrity", f"integrity_check: {bad}")
    return report


def status(case: Case) -> dict | None:
    proc = case.apps.run("main", ["status", "--json"], timeout=COMMAND_TIMEOUT)
    case.judge_exit(proc, "main status")
    try:
        return json.loads(proc.stdout()) if proc.returncode == 0 else None
    except ValueError:
        return None


def request_leftovers(case: Case) -> None:
    channel = Channel(case.container)
    left = chaos_verify.leftovers(channel)
    if left["pending"] or left["applying"] or left["claimed"]:
        case.find("person", f"left after the recovery: pending/ {left['pending']}, applying/ {left['applying']}, claimed/ {left['claimed']}")
    for entry in chaos_verify.rejected_entries(channel, case.container):
        case.note(f"rejected/: {entry['generic'] or '(no reason file)'}")
        if entry["reason"] is None:
            case.find("person", f"rejected/{entry['id']} has no reason file")


def device_key(case: Case) -> None:
    path = os.path.join(case.container, "telegram-data", ".tempkey")
    try:
        size = os.stat(path).st_size
    except OSError:
        case.find("integrity", ".tempkey is missing after the recovery")
        return
    if size != 48:
        case.find("integrity", f".tempkey is {size} bytes after the recovery (48 expected)")


# -- what the strace log says ----------------------------------------------------------------

def read_injections(case: Case, trace: syscalls.Trace) -> None:
    case.trace = trace
    case.injected = [syscalls.describe(c, case.container) for c in trace.injected]
    case.answer_channel_failed = any(syscalls.is_answer_channel(c) for c in trace.injected)
    case.set_aside = any(syscalls.is_not_a_file(c) for c in trace.injected)
    for signal_name in trace.killed_by:
        case.note(f"a traced process was killed by {signal_name}")


# Files whose failed syncs are SQLite's to handle (it fails the transaction, and by design passes
# over a failed sync of the database's directory): not judged here.
def _sqlite_file(path: str) -> bool:
    base = os.path.basename(path)
    return base.startswith("db_sqlite") or path.endswith("/db")


# Files main rewrites whole from its stores at every launch and change, which readers take old or
# new: a failed sync of their directory is logged and the next publish writes them again; it
# covers nothing an operation reports done.
DERIVED_FILES = ("widget-data", "widgetPresentationData.json", "notificationsPresentationData.json")


def _covers_only_derived(trace, call) -> bool:
    """The failed directory sync came right after this thread renamed a derived file into it."""
    earlier = [c for c in trace.calls if c.index < call.index and c.tid == call.tid and c.klass in ("rename", "link")
               and c.paths and len(c.paths) > 1 and os.path.dirname(c.paths[1]) == call.path and "= 0" in c.line]
    return bool(earlier) and os.path.basename(earlier[-1].paths[1]) in DERIVED_FILES


def ignored_syncs(case: Case, reported_done: bool) -> None:
    """A failed fsync passed over: the synced file was renamed or linked into place afterwards
    anyway, or a directory whose sync failed belonged to an operation reported done."""
    trace = case.trace
    if trace is None:
        return
    directories = trace.directories()
    for call in trace.injected:
        if call.klass not in syscalls.SYNC_CLASSES:
            continue
        path = call.path
        if not path or _sqlite_file(path) or not path.startswith(case.container):
            continue
        what = syscalls.describe(call, case.container)
        if path in directories:
            if reported_done and _covers_only_derived(trace, call):
                case.note(f"{what} failed after a derived file was published (rewritten at the next publish)")
            elif reported_done:
                case.find("fsyncIgnored", f"{what} failed, and the operation was still reported done ({case.outcome})")
            continue
        for later in trace.after(call):
            if later.tid == call.tid and later.klass in ("rename", "link") and later.paths and later.paths[0] == path \
                    and not later.injected and "= -1" not in later.line:
                case.find("fsyncIgnored", f"{what} failed, and the file was then put in place: "
                                          f"{syscalls.describe(later, case.container)}")
                break

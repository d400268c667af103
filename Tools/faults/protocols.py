"""Tools/faults/protocols.py — the container's protocols a sweep fails, each a workload and its checks.

Part of Tools/faults/run.py. Every protocol names its fixture (made once per run, copied by each
case), the sides a fault goes into (the process doing the work: the extension submitting, or main
applying), its workload, and what must hold after the undisturbed recovery.

  share-live      `share --to P --text T` while `main run` runs: main applies it at once
  share-queued    `share` while main is stopped; then `main run` drains it at launch
  intents-live    `intents send-message --to tgP --text T` while `main run` runs
  intents-queued  `intents send-message` while main is stopped; then `main run` drains it
  first-launch    `main login` on an empty container: device key, account manager, stores
  lock            `main lock` (a passcode is set): lockState.json
  autolock        `main settings --autolock-timeout 300`: lockState.json
  widget-data     `main push --peer P --text T` (a writing command: it publishes widget-data)
"""

from __future__ import annotations

import json
import os
from collections import Counter

from chaos import submit as chaos_submit
from chaos.apps import wait_for_line
from chaos.submit import Submission
from faults import checks
from faults.case import Case, Tracer, last_line

LIVE_DEADLINE = 3.0  # what an extension waits for main's answer while main runs
QUEUED_DEADLINE = 1.0
MAIN_READY_TIMEOUT = 60.0
COMMAND_TIMEOUT = 60.0
LOGIN = ["login", "--phone", "+15550100", "--name", "First Launch", "--json"]
NEW_AUTOLOCK = 300
WIDGET_TICK_SECONDS = 1.5


class Protocol:
    name = ""
    fixture = "account"
    sides: tuple[str, ...] = ("main",)
    summary = ""

    def act(self, case: Case, side: str, tracer: Tracer | None) -> None:
        """The workload, the fault in `side` (tracer None: no injection, as on a full disk).
        `case.stage_set()` is called once the stage is set (main started), right before the work
        itself: the full-disk run fills the disk there."""
        raise NotImplementedError

    def check(self, case: Case) -> None:
        """The undisturbed recovery, then the checks."""
        raise NotImplementedError


# -- requests: share and intents ---------------------------------------------------------------

class RequestProtocol(Protocol):
    sides = ("extension", "main")

    def __init__(self, extension: str, live: bool):
        self.extension, self.live = extension, live
        self.name = f"{extension}-{'live' if live else 'queued'}"
        verb = "share --to P --text T" if extension == "share" else "intents send-message --to tgP --text T"
        self.summary = (f"`{verb}` while `main run` runs and applies it" if live
                        else f"`{verb}` while main is stopped, then `main run` drains it")

    def submission(self, case: Case, main_state: str) -> Submission:
        peer = case.fixture.peers[0]
        return Submission(1, self.extension, case.text, peer, LIVE_DEADLINE if self.live else QUEUED_DEADLINE, main_state)

    def act(self, case: Case, side: str, tracer: Tracer | None) -> None:
        if self.live:
            main = case.apps.start("main", ["run"])
            if wait_for_line(main, "ready pid=", MAIN_READY_TIMEOUT) is None:
                main.wait(5)
                case.judge_exit(main, "main run (before the fault)")
                case.find("person", f"main run did not start before the fault: status {main.returncode}: {last_line(main.stderr())}")
                return
            if tracer is not None and side == "main" and not tracer.attach(main.pid):
                case.note("strace could not attach to main")
            case.stage_set()
            prefix = tracer.prefix() if tracer is not None and side == "extension" else None
            self.submit(case, self.submission(case, "running"), prefix)
            case.stop_main(main)
            if tracer is not None:
                problem = tracer.finish()
                if problem:
                    case.find("hang", problem)
            return
        case.stage_set()
        prefix = tracer.prefix() if tracer is not None and side == "extension" else None
        self.submit(case, self.submission(case, "stopped"), prefix)
        if side in ("main", "full-disk"):
            # main's drain at launch is what the fault hits.
            prefix = tracer.prefix() if tracer is not None else None
            main = case.apps.start("main", ["run", "--duration", "0"], prefix)
            main.wait(MAIN_READY_TIMEOUT)
            case.judge_exit(main, "main run (draining, faulted)")
            if main.returncode != 0 and not main.hung:
                case.note(f"the faulted drain ended with status {main.returncode}: {last_line(main.stderr())}")

    def submit(self, case: Case, submission: Submission, prefix: list[str] | None) -> None:
        chaos_submit.start(case.apps, submission, prefix)
        chaos_submit.finish(submission)
        proc = submission.proc
        case.outcome, case.detail = submission.outcome, submission.detail
        if submission.outcome == "hung":
            case.find("hang", f"{self.extension} {submission.detail}")
        elif proc is not None:
            case.judge_exit(proc, self.extension)
            if proc.returncode is not None and proc.returncode < 0:
                case.outcome = "crashed"
        case.request_id = submission.request_id

    def check(self, case: Case) -> None:
        if not checks.recovery_launch(case):
            return
        stored = checks.stored_count(case, case.fixture.peers[0], case.text)
        if stored is not None:
            told_done = case.outcome in ("sent", "queued")
            if told_done and stored == 0:
                case.find("lost", f"{self.extension} said {case.outcome}, and the message is not stored")
            if stored > 1:
                case.find("duplicated", f"the message is stored {stored} times ({self.extension} said {case.outcome})")
            if case.outcome in ("rejected", "failed", "crashed") and stored > 0:
                if case.answer_channel_failed:
                    case.note(f"{self.extension} could not write its answer (stdout) and exited {case.outcome}; the message is stored")
                else:
                    case.find("misreported", f"{self.extension} said {case.outcome} ({case.detail}), and the message is stored {stored}×")
        checks.request_leftovers(case)
        checks.integrity(case, case.fixture.account_id)
        # A directory whose sync failed in the extension, which then said queued. main's
        # failed directory syncs are judged by their effect (lost, misreported above): one after
        # a durable commit and ack (the removal, widget-data) changes nothing that was promised.
        # "sent" is main's word (its ack, after its durable commit); "queued" is the extension's own.
        checks.ignored_syncs(case, reported_done=case.side == "extension" and case.outcome == "queued")


# -- main's own commands -------------------------------------------------------------------------

class CommandProtocol(Protocol):
    """A writing `main` command run on its own (no `main run`): the fault goes into it."""
    sides = ("main",)
    command: list[str] = []

    def act(self, case: Case, side: str, tracer: Tracer | None) -> None:
        case.stage_set()
        prefix = tracer.prefix() if tracer is not None else None
        proc = case.apps.start("main", self.command_for(case), prefix)
        proc.wait(COMMAND_TIMEOUT)
        case.judge_exit(proc, f"main {self.command_for(case)[0]}")
        if proc.hung:
            case.outcome = "hung"
        elif proc.returncode == 0:
            case.outcome = "done"
        elif proc.returncode is not None and proc.returncode < 0:
            case.outcome = "crashed"
        elif proc.returncode == 74 and "answer could not be written" in proc.stderr():
            # Done, and it says so on stderr: only its answer on stdout was lost.
            case.outcome = "done"
            case.note(f"main {self.command_for(case)[0]} finished but could not write its answer: {last_line(proc.stderr())}")
        elif proc.returncode == 74:
            # A disk error after something was written (docs/cli-contract.md): a file in place but
            # not durable, the command perhaps stopped part-way, or stderr failed too. Neither done
            # nor failed: it may be there or not, never twice, and a person looks before retrying.
            case.outcome, case.detail = "uncertain", last_line(proc.stderr())
        else:
            case.outcome, case.detail = "failed", f"exit {proc.returncode}: {last_line(proc.stderr())}"
        case.stdout = proc.stdout()

    def command_for(self, case: Case) -> list[str]:
        return self.command


class FirstLaunch(CommandProtocol):
    name = "first-launch"
    fixture = "empty"
    summary = "`main login` on an empty container: device key, account manager, stores"
    command = LOGIN

    def check(self, case: Case) -> None:
        before = checks.status(case)
        accounts_before = len(before.get("accounts", [])) if before else None
        if case.outcome not in ("done", "uncertain") and accounts_before and not case.answer_channel_failed:
            case.find("misreported", f"main login said {case.outcome} ({case.detail}), and the account exists")
        # What a person does after a failed login, or an uncertain one that left no account (exit
        # 74: "look before doing it again"): logs in again.
        if case.outcome not in ("done", "uncertain") or (case.outcome == "uncertain" and not accounts_before):
            retry = case.apps.run("main", LOGIN, timeout=COMMAND_TIMEOUT)
            case.judge_exit(retry, "main login (again, after the failure)")
            if retry.returncode != 0:
                case.find("person", f"main login again after the failed one failed: status {retry.returncode}: {last_line(retry.stderr())}")
                return
        if not checks.recovery_launch(case):
            return
        after = checks.status(case)
        if after is None:
            case.find("person", "main status fails after the recovery")
            return
        accounts = [a for a in after.get("accounts", []) if not a.get("loggedOut")]
        if not accounts:
            case.find("lost", f"no account after the recovery (main login said {case.outcome})")
        elif len(accounts) > 1:
            case.find("duplicated", f"{len(accounts)} accounts after a login (said {case.outcome}) and its retry")
        if case.outcome == "done":
            try:
                said = json.loads(case.stdout)["accountId"]
                if said not in [a.get("id") for a in accounts]:
                    case.find("lost", f"main login reported account {said}, which is not there after the recovery")
            except (ValueError, KeyError, TypeError):
                if not case.answer_channel_failed:
                    case.find("misreported", "main login exited 0 without its JSON answer")
        checks.device_key(case)
        checks.integrity(case)
        checks.ignored_syncs(case, reported_done=case.outcome == "done")


def read_lock_file(case: Case) -> dict | None:
    """lockState.json as a strict reader takes it: one JSON object, no key twice; None if unreadable."""
    path = os.path.join(case.container, "telegram-data", "lockState.json")

    def no_duplicates(pairs):
        keys = Counter(k for k, _ in pairs)
        if any(n > 1 for n in keys.values()):
            raise ValueError("duplicate key")
        return dict(pairs)
    try:
        with open(path, "rb") as f:
            value = json.loads(f.read().decode("utf-8"), object_pairs_hook=no_duplicates)
        return value if isinstance(value, dict) and isinstance(value.get("isManuallyLocked"), bool) else None
    except (OSError, ValueError, UnicodeDecodeError):
        return None


class LockProtocol(CommandProtocol):
    fixture = "passcode"

    def __init__(self, name: str, command: list[str], summary: str, field_name: str, old, new):
        self.name, self.command, self.summary = name, command, summary
        self.field, self.old, self.new = field_name, old, new

    def judge_lock(self, case: Case, when: str, final: bool) -> None:
        raw = read_lock_file(case)
        view = checks.status(case)
        lock = (view or {}).get("lock") or {}
        if raw is None:
            if lock.get("locked") is not True:
                case.find("integrity", f"{when}: lockState.json is unreadable and main reads {lock.get('summary', 'nothing')} (must read locked)")
            if final:
                case.find("person", f"{when}: lockState.json is still unreadable after the recovery")
            return
        value = raw.get(self.field)
        if value not in (self.old, self.new):
            case.find("integrity", f"{when}: lockState.json has {self.field}={value!r}: neither the old {self.old!r} nor the new {self.new!r}")
        if self.field == "isManuallyLocked" and lock and lock.get("locked") is not True and value is True:
            case.find("integrity", f"{when}: lockState.json says locked, main reads {lock.get('summary')}")
        if final and case.outcome == "done" and value != self.new:
            case.find("lost", f"{when}: main {self.command[0]} said done, and lockState.json has {self.field}={value!r}")

    def check(self, case: Case) -> None:
        self.judge_lock(case, "after the fault", final=False)
        if not checks.recovery_launch(case):
            return
        self.judge_lock(case, "after the recovery", final=True)
        checks.integrity(case)
        checks.ignored_syncs(case, reported_done=case.outcome == "done")


class WidgetData(CommandProtocol):
    name = "widget-data"
    summary = "`main push --peer P --text T`: a writing command, which publishes widget-data"

    def command_for(self, case: Case) -> list[str]:
        return ["push", "--peer", str(case.fixture.peers[0]), "--text", case.text, "--json"]

    def widget_texts(self, case: Case, when: str) -> list[str] | None:
        proc = case.apps.run("widget", ["timeline", "--family", "large", "--json"], timeout=COMMAND_TIMEOUT)
        case.judge_exit(proc, "widget timeline")
        try:
            timeline = json.loads(proc.stdout())
        except ValueError:
            case.find("integrity", f"{when}: widget timeline cannot read widget-data: status {proc.returncode}: {last_line(proc.stderr())}")
            return None
        return [((chat.get("message") or {}).get("text")) for entry in timeline.get("entries", []) for chat in entry.get("chats", [])]

    def check(self, case: Case) -> None:
        self.widget_texts(case, "after the fault")
        if not checks.recovery_launch(case):
            return
        stored = checks.stored_count(case, case.fixture.peers[0], case.text)
        if stored is not None:
            if case.outcome == "done" and stored == 0:
                case.find("lost", "main push said done, and the message is not stored")
            if stored > 1:
                case.find("duplicated", f"the pushed message is stored {stored} times")
            if case.outcome in ("failed", "crashed") and stored > 0 and not case.answer_channel_failed:
                case.find("misreported", f"main push said {case.outcome} ({case.detail}), and the message is stored")
            texts = self.widget_texts(case, "after the recovery")
            if texts is not None and stored > 0 and case.text not in texts:
                # The running app republishes on its once-a-second tick: let it run one.
                if checks.recovery_launch(case, "the app running a second", duration=str(WIDGET_TICK_SECONDS)):
                    texts = self.widget_texts(case, "after the app ran a second")
                    if texts is not None and case.text not in texts:
                        case.find("integrity", "widget-data does not show the stored message after the app ran a second (stale)")
        checks.integrity(case, case.fixture.account_id)
        checks.ignored_syncs(case, reported_done=case.outcome == "done")


PROTOCOLS: list[Protocol] = [
    RequestProtocol("share", live=True),
    RequestProtocol("share", live=False),
    RequestProtocol("intents", live=True),
    RequestProtocol("intents", live=False),
    FirstLaunch(),
    LockProtocol("lock", ["lock"], "`main lock` with a passcode set: lockState.json", "isManuallyLocked", False, True),
    LockProtocol("autolock", ["settings", "--autolock-timeout", str(NEW_AUTOLOCK)],
                 f"`main settings --autolock-timeout {NEW_AUTOLOCK}`: lockState.json", "autolockTimeout", 3600, NEW_AUTOLOCK),
    WidgetData(),
]

BY_NAME = {p.name: p for p in PROTOCOLS}

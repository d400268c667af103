"""Tools/faults/sweep.py — fixtures, the undisturbed measurement, the plan of cases, and running one.

Part of Tools/faults/run.py. For every protocol and side: one clean run under strace counts the
calls of each class (the most one thread made); the plan is then every class × call number N ×
error × once/onward (full mode), or a seeded sample of it (brief mode: every class at least once
when the budget allows, the rest drawn at random). Each case runs in a fresh copy of its fixture.
"""

from __future__ import annotations

import json
import os
import platform
import random
import shutil
import subprocess
import time
from dataclasses import dataclass

from chaos.apps import Apps
from faults import syscalls
from faults.case import Case, Fixture, Tracer
from faults.checks import read_injections
from faults.protocols import BY_NAME, PROTOCOLS, Protocol

FIXTURE_TIMEOUT = 120.0
KEEP_FINDINGS = 40  # case directories kept for findings, at most (a full run can find thousands)
PASSCODE = "1234"


class SetupError(Exception):
    pass


def make_fixtures(bin_dir: str, root: str) -> dict[str, Fixture]:
    """The containers cases start from: empty; an account with 20 seeded chats; an account with a
    passcode (unlocked, auto-lock 3600 s)."""
    fixtures = {"empty": Fixture("empty", os.path.join(root, "empty"))}
    os.makedirs(fixtures["empty"].path)
    main = os.path.join(bin_dir, "main")

    def run(container: str, args: list[str], stdin: str | None = None) -> str:
        try:
            proc = subprocess.run([main, *args, "--container", container], input=stdin, capture_output=True, text=True,
                                  timeout=FIXTURE_TIMEOUT, env=_clean_env())
        except subprocess.TimeoutExpired:
            raise SetupError(f"fixture: main {args[0]} did not finish within {FIXTURE_TIMEOUT:g} s")
        if proc.returncode != 0:
            raise SetupError(f"fixture: main {' '.join(args[:2])} failed (status {proc.returncode}): {proc.stderr.strip()[-300:]}")
        return proc.stdout

    account = Fixture("account", os.path.join(root, "account"))
    os.makedirs(account.path)
    login = json.loads(run(account.path, ["login", "--phone", "+15550001", "--name", "Fault Finder", "--json"]))
    account.account_id = int(login["accountId"])
    run(account.path, ["seed", "--peers", "20", "--messages", "100", "--seed", "1", "--json"])
    chats = json.loads(run(account.path, ["chats", "--limit", "100", "--json"]))
    # A user chat that is not pinned: intents sends to people, and the widget shows it once it is newest.
    account.peers = [row["peerId"] for row in chats if row["kind"] == "user" and not row.get("pinned")][:2]
    if not account.peers:
        raise SetupError("fixture: the seeded account has no unpinned user chat")
    fixtures["account"] = account

    locked = Fixture("passcode", os.path.join(root, "passcode"))
    os.makedirs(locked.path)
    login = json.loads(run(locked.path, ["login", "--phone", "+15550002", "--name", "Lock Keeper", "--json"]))
    locked.account_id = int(login["accountId"])
    run(locked.path, ["passcode", "set"], stdin=PASSCODE + "\n")
    fixtures["passcode"] = locked
    return fixtures


def _clean_env() -> dict:
    # Nothing from the caller's environment may point a process at another container; Swift's
    # backtracer would make every crash take seconds.
    env = {k: v for k, v in os.environ.items() if k not in ("APP_GROUP_CONTAINER", "TELEGRAM_BUNDLE_ID")}
    env["SWIFT_BACKTRACE"] = "enable=no"
    return env


def fixtures_to_json(fixtures: dict[str, Fixture]) -> dict:
    return {name: {"path": f.path, "accountId": f.account_id, "peers": f.peers} for name, f in fixtures.items()}


def fixtures_from_json(data: dict) -> dict[str, Fixture]:
    return {name: Fixture(name, v["path"], v["accountId"], v["peers"]) for name, v in data.items()}


@dataclass
class Plan:
    protocol: str
    side: str
    counts: dict[str, int]
    creating_opens: set[int]
    injections: list[syscalls.Injection]
    possible: int  # every injection of the full sweep for this protocol and side


class Runner:
    """Runs cases: each in a fresh copy of its fixture, under `work`/cases."""

    def __init__(self, bin_dir: str, work: str, fixtures: dict[str, Fixture], strace: str | None, keep: str,
                 tag: str, log=None):
        self.bin_dir, self.work, self.fixtures, self.strace = bin_dir, work, fixtures, strace
        self.keep = keep  # none | findings | all
        self.tag = tag
        self.machine = platform.machine()
        self.number = 0
        self.kept: list[str] = []
        self.log = log or (lambda message: None)
        self.env = _clean_env()

    def new_case(self, protocol: Protocol, side: str, fault: str, container_root: str | None = None) -> Case:
        """`container_root`: where the container goes (the full disk's tmpfs); the processes'
        output always goes under the work directory, never onto the disk under test."""
        self.number += 1
        base = os.path.join(self.work, "cases", f"{self.number:05d}")
        container = os.path.join(container_root or base, f"{self.number:05d}" if container_root else "container")
        io_dir = os.path.join(base, "io")
        shutil.copytree(self.fixtures[protocol.fixture].path, container, symlinks=True)
        container = os.path.realpath(container)  # strace -y prints resolved paths
        apps = Apps(self.bin_dir, container, io_dir)
        apps.env = dict(self.env)
        case = Case(protocol.name, side, fault, container, io_dir, self.fixtures[protocol.fixture], apps)
        case.text = f"faults {self.tag} #{self.number} {protocol.name}"
        return case

    def run_traced(self, protocol: Protocol, side: str, injection: syscalls.Injection | None) -> Case:
        case = self.new_case(protocol, side, injection.label if injection else "clean")
        started = time.monotonic()
        assert self.strace is not None
        tracer = Tracer(case.apps, self.strace, os.path.join(case.io_dir, "strace.log"), self.machine, injection)
        try:
            protocol.act(case, side, tracer)
            read_injections(case, tracer.trace())
            protocol.check(case)
        finally:
            case.seconds = time.monotonic() - started
            self.finish(case)
        return case

    def finish(self, case: Case) -> None:
        keep = self.keep == "all" or (self.keep == "findings" and bool(case.findings) and len(self.kept) < KEEP_FINDINGS)
        base = os.path.dirname(case.io_dir)
        if keep:
            if not case.container.startswith(base + os.sep):
                # A container on the full disk's tmpfs goes when the run's namespace ends: copied out.
                case.apps.cleanup()
                shutil.copytree(case.container, os.path.join(base, "container"), symlinks=True, dirs_exist_ok=True)
            self.kept.append(base)
            # The case's directory holds the container, the processes' output and the strace log.
            case.note(f"kept in {base}")
        case.cleanup(keep)
        if not keep:
            shutil.rmtree(base, ignore_errors=True)

    def measure(self, protocol: Protocol, side: str) -> tuple[Case, syscalls.Trace]:
        """The clean run under strace, injecting nothing: its counts size the sweep, and it must
        pass every check itself."""
        case = self.new_case(protocol, side, "clean")
        started = time.monotonic()
        tracer = Tracer(case.apps, self.strace, os.path.join(case.io_dir, "strace.log"), self.machine, None)
        try:
            protocol.act(case, side, tracer)
            trace = tracer.trace()
            read_injections(case, trace)
            protocol.check(case)
        finally:
            case.seconds = time.monotonic() - started
            self.finish(case)
        return case, trace


def every_injection(counts: dict[str, int], creating_opens: set[int]) -> list[syscalls.Injection]:
    out = []
    for klass in syscalls.CLASSES:
        for number in range(1, counts.get(klass, 0) + 1):
            for error in syscalls.ERRORS:
                if error == "ENOSPC" and (klass not in syscalls.ENOSPC_CLASSES
                                          or (klass == "openat" and number not in creating_opens)):
                    continue
                for mode in syscalls.MODES:
                    out.append(syscalls.Injection(klass, number, error, mode))
    return out


def sample(injections: list[syscalls.Injection], budget: int, rng: random.Random) -> list[syscalls.Injection]:
    """Brief mode: every class once while the budget lasts (classes in random order), then a
    random draw of the rest; in the order of the full sweep."""
    if budget >= len(injections):
        return injections
    by_class: dict[str, list[syscalls.Injection]] = {}
    for injection in injections:
        by_class.setdefault(injection.klass, []).append(injection)
    classes = list(by_class)
    rng.shuffle(classes)
    chosen = [rng.choice(by_class[k]) for k in classes[:budget]]
    rest = [i for i in injections if i not in chosen]
    chosen += rng.sample(rest, max(0, budget - len(chosen)))
    order = {injection: n for n, injection in enumerate(injections)}
    return sorted(chosen, key=order.__getitem__)


def sides(protocol: Protocol) -> tuple[str, ...]:
    return protocol.sides


def protocols_named(names: list[str] | None) -> list[Protocol]:
    if not names:
        return list(PROTOCOLS)
    unknown = [n for n in names if n not in BY_NAME]
    if unknown:
        raise SetupError(f"unknown protocol(s): {', '.join(unknown)} (known: {', '.join(BY_NAME)})")
    return [BY_NAME[n] for n in names]

#!/usr/bin/env python3
"""Tools/faults/run.py — full disk and failing writes (started by Scripts/faults, which builds).

Standard library only. Makes the fixtures, then for every protocol (Tools/faults/protocols.py) and
side: one clean run under strace (its counts size the sweep), the cases of the plan (every class ×
call number × ENOSPC/EIO × once/onward in full mode, a seeded sample in brief mode), each followed
by the undisturbed recovery and the checks; then the full-disk run in a mount namespace of its own
(Tools/faults/fulldisk.py). Progress goes to stderr; the figures to stdout, as text or (--json) one
JSON object. Exit 0 when every count is 0, 1 when not, 2 when the run could not be set up.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import random
import shutil
import signal
import subprocess
import sys
import tempfile
import time

from common.git import commit
from common.processes import Spawner
from faults import figures, syscalls
from faults.sweep import (Runner, SetupError, every_injection, fixtures_to_json, make_fixtures, protocols_named,
                          sample)
from faults.protocols import BY_NAME

BRIEF_BUDGET = 8  # injected cases per protocol and side in brief mode
FULL_DISK_FREE = {"brief": "0,16384,1114112", "full": "0,1024,4096,16384,65536,262144,1048576,1114112,1310720"}
FULL_DISK_TIMEOUT = 3600.0


def log(message: str) -> None:
    print(f"faults: {message}", file=sys.stderr, flush=True)


def parse_arguments() -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="Scripts/faults", description="Full disk and failing writes (see Scripts/faults --help).")
    parser.add_argument("--bin", required=True, help="directory of the built executables")
    parser.add_argument("--mode", choices=("brief", "full"), default="brief")
    parser.add_argument("--seed", type=int, default=None)
    parser.add_argument("--budget", type=int, default=BRIEF_BUDGET, help="brief mode: injected cases per protocol and side")
    parser.add_argument("--protocols", default="", help="comma-separated (default: all): " + ", ".join(BY_NAME))
    parser.add_argument("--sides", default="extension,main", help="the sides injected into (extension, main)")
    parser.add_argument("--classes", default="", help="comma-separated syscall classes (default: all): " + ", ".join(syscalls.CLASSES))
    parser.add_argument("--no-full-disk", action="store_true", help="skip the full-disk run")
    parser.add_argument("--only-full-disk", action="store_true", help="only the full-disk run")
    parser.add_argument("--free", default=None, help="full disk: bytes left free, comma-separated")
    parser.add_argument("--case", default=None, help="run one case: PROTOCOL/SIDE/CLASS:N:ERROR:once|onward, …/clean or PROTOCOL/full-disk/free=BYTES")
    parser.add_argument("--keep", choices=("none", "findings", "all"), default="findings",
                        help="case directories kept (container, output, strace log): default those with findings")
    parser.add_argument("--work", default=None, help="the work directory (default: a new temporary one)")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    if args.budget < 1:
        parser.error("--budget must be at least 1")
    return args


def strace_version(strace: str) -> str:
    try:
        return subprocess.run([strace, "-V"], capture_output=True, text=True, timeout=10).stdout.split("version")[-1].split()[0]
    except (OSError, IndexError, subprocess.SubprocessError):
        return "unknown"


def full_disk(args, work: str, fixtures, tag: str, protocols: list[str], free: str, tally: figures.Tally, kept: list[str]) -> None:
    """The full-disk run, in a mount namespace of its own (its tmpfs is nobody else's)."""
    fixtures_file = os.path.join(work, "fixtures.json")
    with open(fixtures_file, "w") as f:
        json.dump(fixtures_to_json(fixtures), f)
    out = os.path.join(work, "full-disk.json")
    namespace = ["unshare", "--mount", "--propagation", "private"] if os.geteuid() == 0 else \
        ["unshare", "--user", "--map-root-user", "--mount", "--propagation", "private"]
    argv = [shutil.which(namespace[0]) or "/usr/bin/unshare", *namespace[1:], sys.executable, "-m", "faults.fulldisk",
            "--bin", args.bin, "--work", work, "--fixtures", fixtures_file, "--protocols", ",".join(protocols),
            "--free", free, "--tag", tag, "--keep", args.keep, "--out", out]
    spawner = Spawner()
    try:
        child = spawner.start(argv, dict(os.environ), os.path.join(work, "full-disk.out"), os.path.join(work, "full-disk.err"))
        child.wait(FULL_DISK_TIMEOUT)
    finally:
        spawner.cleanup()
    sys.stderr.write(child.stderr())
    if child.returncode != 0 or not os.path.exists(out):
        raise SetupError(f"the full-disk run failed (status {child.returncode}): {child.stderr().strip()[-500:]}")
    with open(out) as f:
        data = json.load(f)
    for record in data["records"]:
        tally.add(record)
    kept += data["kept"]


def run_one(args, runner: Runner, case_id: str, work: str, fixtures, tag: str, tally: figures.Tally, kept: list[str]) -> None:
    protocol_name, side, fault = case_id.split("/", 2)
    protocol = protocols_named([protocol_name])[0]
    if side == "full-disk":
        if not fault.startswith("free="):
            raise SetupError("a full-disk case is PROTOCOL/full-disk/free=BYTES")
        return full_disk(args, work, fixtures, tag, [protocol.name], fault[5:], tally, kept)
    if side not in protocol.sides:
        raise SetupError(f"{protocol.name} has no side {side} (it has {', '.join(protocol.sides)})")
    injection = None if fault == "clean" else syscalls.Injection.parse(fault)
    case = runner.run_traced(protocol, side, injection)
    tally.add(figures.case_record(case))
    log(f"{case.id}: said {case.outcome} {case.detail}; failed: {case.injected or 'nothing'}; "
        f"findings: {case.findings or 'none'}; notes: {case.notes}")


def sweep(args, runner: Runner, rng: random.Random, tally: figures.Tally, plans: list[dict]) -> None:
    wanted_sides = [s for s in args.sides.split(",") if s]
    wanted_classes = [c for c in args.classes.split(",") if c]
    for protocol in protocols_named([p for p in args.protocols.split(",") if p]):
        for side in protocol.sides:
            if side not in wanted_sides:
                continue
            started = time.monotonic()
            clean, trace = runner.measure(protocol, side)
            tally.add(figures.case_record(clean))
            if clean.findings:
                log(f"{clean.id}: the clean run itself has findings: {clean.findings}")
            counts = {k: v for k, v in trace.counts().items() if not wanted_classes or k in wanted_classes}
            every = every_injection(counts, trace.creating_opens())
            chosen = every if args.mode == "full" else sample(every, args.budget, rng)
            plans.append({"protocol": protocol.name, "side": side, "counts": counts, "possible": len(every), "run": len(chosen)})
            log(f"{protocol.name}/{side}: calls per class {counts}; {len(chosen)} of {len(every)} injections")
            for n, injection in enumerate(chosen, 1):
                case = runner.run_traced(protocol, side, injection)
                tally.add(figures.case_record(case))
                if case.findings:
                    aside = " (set aside: a pipe's or eventfd's call failed too)" if case.set_aside else ""
                    log(f"  {case.id}{aside}: {'; '.join(f'{k}: {v[0]}' for k, v in case.findings.items())}")
                if n % 50 == 0:
                    log(f"  {protocol.name}/{side}: {n}/{len(chosen)}, {time.monotonic() - started:.0f} s")


def main() -> int:
    args = parse_arguments()
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(1, 2**31)
    rng = random.Random(seed)
    tag = f"{seed:x}"
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))
    strace = syscalls.strace_path()
    if strace is None and not args.only_full_disk:
        log("error: strace is not installed (Scripts/setup installs it)")
        return 2
    work = os.path.abspath(args.work) if args.work else tempfile.mkdtemp(prefix="faults.")
    os.makedirs(work, exist_ok=True)
    started = time.monotonic()
    tally = figures.Tally()
    plans: list[dict] = []
    kept: list[str] = []
    runner = None
    try:
        log(f"{args.mode} mode, seed {seed}, work {work}")
        fixtures = make_fixtures(args.bin, os.path.join(work, "fixtures"))
        runner = Runner(args.bin, work, fixtures, strace, args.keep, tag)
        protocols = [p for p in args.protocols.split(",") if p] or list(BY_NAME)
        if args.case:
            run_one(args, runner, args.case, work, fixtures, tag, tally, kept)
        else:
            if not args.only_full_disk:
                sweep(args, runner, rng, tally, plans)
            if not args.no_full_disk:
                log("full disk: a tmpfs in a mount namespace of its own")
                full_disk(args, work, fixtures, tag, protocols, args.free or FULL_DISK_FREE[args.mode], tally, kept)
    except SetupError as error:
        log(f"error: {error}")
        return 2
    except KeyboardInterrupt:
        log("interrupted")
        return 130
    finally:
        if runner is not None:
            kept += runner.kept
        if not kept and args.keep != "all" and not args.work:
            shutil.rmtree(work, ignore_errors=True)
    head, dirty = commit()
    result = {
        "mode": args.mode,
        "seed": seed,
        "seconds": round(time.monotonic() - started, 1),
        "commit": f"{head}{' + working tree' if dirty else ''}",
        "date": time.strftime("%Y-%m-%d", time.gmtime()),
        "cores": os.cpu_count(),
        "machine": platform.machine(),
        "straceVersion": strace_version(strace) if strace else "none",
        "work": work,
        "kept": kept,
        "plans": plans,
        "protocols": tally.to_json(),
        "totals": tally.totals(),
        "pass": not tally.failed,
    }
    print(json.dumps(result, indent=2, sort_keys=True) if args.json else figures.text(result), flush=True)
    return 1 if tally.failed else 0


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env python3
"""Tools/crash/run.py — the crash-state explorer (started by Scripts/crash, which builds).

For each protocol of Tools/crash/protocols.py: prepare a container, copy it aside (the disk before
the run), run the workload on Tools/powercut/pcfs.py with --record, then build every crash state
the recorded changes allow (Tools/crash/states.py) and, on a copy of each, run the real recovery
and the protocol's checks. Distinct states only (equal bytes are checked once). Figures per
protocol: changes recorded, persistence points, states described, built, distinct, checked, and
the findings (lost, duplicated, integrity, manual) with the states that showed them.
Exit 0 when there are no findings, 1 otherwise, 2 when a run could not be set up.
"""

from __future__ import annotations

import argparse
import concurrent.futures
import json
import os
import pickle
import random
import shutil
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from crash import protocols as crash_protocols  # noqa: E402
from crash import states as crash_states  # noqa: E402
from common.git import commit  # noqa: E402
from powercut.run import FUSE_PYTHON, Mount  # noqa: E402

KINDS = ("lost", "duplicated", "integrity", "manual")


def log(message: str) -> None:
    print(f"crash: {message}", file=sys.stderr, flush=True)


def explore(protocol, tools, work: str, limit: int | None, rng: random.Random, jobs: int) -> dict:
    base = os.path.join(work, protocol.name)
    container = os.path.join(base, "container")
    os.makedirs(container)
    info = protocol.prepare(tools, container)
    pristine = os.path.join(base, "pristine")
    shutil.copytree(container, pristine, symlinks=True)
    record = os.path.join(base, "changes.pickle")
    mount = Mount(container, os.path.join(base, "mnt"), os.path.join(base, "pcfs"), 0, record=record)
    try:
        protocol.workload(tools, mount.mountpoint, info)
    finally:
        mount.unmount()
    with open(record, "rb") as f:
        changes = pickle.load(f)
    described = crash_states.describe(pristine, changes)
    wanted = crash_states.sample(described, limit, rng)
    figures = {"summary": protocol.summary, "changes": len(changes), "persistencePoints": sum(e[0] == "fsync" for e in changes),
               "described": len(described), "built": 0, "distinct": 0, "findings": {k: [] for k in KINDS}}
    seen: set[str] = set()
    built_dir = os.path.join(base, "states")

    def check(state, directory):
        try:
            return state, protocol.check(tools, directory, info, state.label.startswith("end"))
        finally:
            shutil.rmtree(directory, ignore_errors=True)

    def collect(done):
        for future in done:
            state, found = future.result()
            for kind, message in found:
                figures["findings"][kind].append(f"[{state.label}] {message}")

    # States are built one at a time (one replay) and checked `jobs` at a time (each check is a
    # few process launches); at most 2 × jobs built states wait on the disk.
    with concurrent.futures.ThreadPoolExecutor(max_workers=jobs) as pool:
        running: set = set()
        for state, directory, digest in crash_states.build(pristine, changes, wanted, built_dir):
            figures["built"] += 1
            if digest in seen:
                shutil.rmtree(directory)
                continue
            seen.add(digest)
            figures["distinct"] += 1
            running.add(pool.submit(check, state, directory))
            if len(running) >= 2 * jobs:
                done, running = concurrent.futures.wait(running, return_when=concurrent.futures.FIRST_COMPLETED)
                collect(done)
        collect(concurrent.futures.wait(running).done)
    for kind in KINDS:
        figures["findings"][kind].sort()
    return figures


def report(result: dict) -> str:
    lines = [f"crash: {len(result['protocols'])} protocols, seed {result['seed']}, limit {result['limit']}, {result['seconds']} s, commit {result['commit']}",
             f"{'protocol':18} {'changes':>8} {'syncs':>6} {'states':>7} {'built':>6} {'distinct':>8}  lost dup integrity manual"]
    for name, f in result["protocols"].items():
        n = {k: len(v) for k, v in f["findings"].items()}
        lines.append(f"{name:18} {f['changes']:>8} {f['persistencePoints']:>6} {f['described']:>7} {f['built']:>6} {f['distinct']:>8}  "
                     f"{n['lost']:>4} {n['duplicated']:>3} {n['integrity']:>9} {n['manual']:>6}")
    for name, f in result["protocols"].items():
        for kind in KINDS:
            for item in f["findings"][kind][:8]:
                lines.append(f"  {name} {kind}: {item}")
    total = sum(len(v) for f in result["protocols"].values() for v in f["findings"].values())
    lines.append("PASS: every crash state recovered with nothing acknowledged lost" if total == 0 else f"FAIL: {total} findings")
    return "\n".join(lines)


def main() -> int:
    parser = argparse.ArgumentParser(description="The crash-state explorer.")
    parser.add_argument("--bin-dir", required=True)
    parser.add_argument("--limit", type=int, default=None, help="crash states checked per protocol at most (sampled; default all)")
    parser.add_argument("--protocol", action="append", help="only these protocols (repeatable)")
    parser.add_argument("--seed", type=int)
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 2, help="crash states checked at once (default: the cores)")
    parser.add_argument("--keep", action="store_true")
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--list", action="store_true", help="list the protocols and exit")
    args = parser.parse_args()
    chosen = [p for p in crash_protocols.ALL if not args.protocol or p.name in args.protocol]
    if args.list:
        for p in crash_protocols.ALL:
            print(f"{p.name:18} {p.summary}")
        return 0
    if not chosen:
        print(f"crash: no protocol named {args.protocol}; see --list", file=sys.stderr)
        return 2
    if not os.path.exists("/dev/fuse") or not os.path.exists(FUSE_PYTHON):
        print("crash: needs /dev/fuse and Debian's python3 with python3-fusepy (Scripts/setup)", file=sys.stderr)
        return 2
    seed = args.seed if args.seed is not None else random.randrange(1 << 31)
    rng = random.Random(seed)
    tools = crash_protocols.Tools(os.path.abspath(args.bin_dir))
    work = tempfile.mkdtemp(prefix="crash.")
    started = time.monotonic()
    result = {"seed": seed, "limit": args.limit, "protocols": {}}
    try:
        for protocol in chosen:
            t = time.monotonic()
            result["protocols"][protocol.name] = explore(protocol, tools, work, args.limit, rng, args.jobs)
            f = result["protocols"][protocol.name]
            log(f"{protocol.name}: {f['distinct']} distinct states of {f['described']} in {time.monotonic() - t:.0f} s, "
                f"findings {sum(len(v) for v in f['findings'].values())}")
    except (RuntimeError, OSError) as error:
        print(f"crash: {error}", file=sys.stderr)
        return 2
    finally:
        if args.keep:
            log(f"kept {work}")
        else:
            shutil.rmtree(work, ignore_errors=True)
    result.update(seconds=round(time.monotonic() - started, 1), commit=commit()[0])
    print(json.dumps(result, indent=2) if args.json else report(result))
    return 1 if any(v for f in result["protocols"].values() for v in f["findings"].values()) else 0


if __name__ == "__main__":
    sys.exit(main())

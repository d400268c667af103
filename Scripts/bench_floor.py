"""Scripts/bench_floor.py — the floor under notify-service, measured instead of argued.

Part of Scripts/bench_runner.py. Scripts/bench_floor.c does, in C and nothing else, the system
libraries' share of delivering one push (OpenSSL, SQLite, and Cairo drawing the avatar), built
three ways: empty, without Cairo, with Cairo. hello-reference plus (variant − empty) is the least
notify-service could cost before any of the app's own code runs.
"""

from __future__ import annotations

import glob
import os
import shutil
import statistics
import subprocess

from bench_budgets import RSS_BUDGET_MIB
from bench_process import Failure, Spawner

# The floor: what the system libraries alone cost (Scripts/bench_floor.c)

FLOOR_VARIANTS = {
    # name: (extra compiler flags, pkg-config packages, takes arguments)
    "bare": (["-DFLOOR_BARE"], [], False),
    "cached": (["-DFLOOR_NO_DRAWING"], ["libcrypto", "sqlite3"], True),
    "drawn": ([], ["cairo", "freetype2", "libcrypto", "sqlite3"], True),
}


def compile_floor(workdir: str) -> tuple[dict[str, str], str | None]:
    """Builds the three bench_floor variants; returns their paths, or a reason they are missing."""
    source = os.path.join(os.path.dirname(os.path.abspath(__file__)), "bench_floor.c")
    compiler = next((c for c in (os.environ.get("CC"), "cc", "gcc", "clang") if c and shutil.which(c)), None)
    if not compiler or not shutil.which("pkg-config"):
        return {}, "no C compiler or pkg-config"
    paths = {}
    for name, (flags, packages, _) in FLOOR_VARIANTS.items():
        link = []
        if packages:
            pc = subprocess.run(["pkg-config", "--cflags", "--libs", *packages], capture_output=True, text=True)
            if pc.returncode != 0:
                return {}, f"pkg-config {' '.join(packages)}: {pc.stderr.strip()}"
            link = pc.stdout.split()
        output = os.path.join(workdir, f"bench_floor_{name}")
        result = subprocess.run([compiler, "-O2", *flags, "-o", output, source, *link], capture_output=True, text=True)
        if result.returncode != 0:
            return {}, f"{compiler} could not build {source} ({name}): {result.stderr.strip()}"
        paths[name] = output
    return paths, None


def current_postbox(container: str) -> str | None:
    """The biggest account database: the fixture's current account."""
    pattern = os.path.join(container, "telegram-data", "account-*", "postbox", "db", "db_sqlite")
    paths = glob.glob(pattern)
    return max(paths, key=os.path.getsize) if paths else None


def measure_floor(spawner: Spawner, workdir: str, container: str, runs: int, env: dict) -> dict:
    paths, missing = compile_floor(workdir)
    database = current_postbox(container)
    if missing or not database:
        return {"skipped": missing or "no Postbox in the container"}
    floor: dict = {"source": "Scripts/bench_floor.c"}
    for name, (_, _, takes_arguments) in FLOOR_VARIANTS.items():
        argv = [paths[name]] + ([database, os.path.join(workdir, "floor-avatar.png")] if takes_arguments else [])
        try:
            samples = [spawner.run(argv, env) for _ in range(runs)]
        except Failure as failure:
            return {"skipped": f"{os.path.basename(argv[0])} failed: {failure.stderr.strip()}"}
        floor[name] = {"wallMs": statistics.median(ms for ms, _ in samples),
                       "peakRssMiB": statistics.median(rss for _, rss in samples) / 1024.0}
    return floor


def print_floor(report: dict) -> None:
    floor, ref = report.get("floor") or {}, report["reference"]
    if "skipped" in floor:
        print(f"floor: not measured ({floor['skipped']})")
        return
    if "bare" not in floor or "peakRssMiB" not in ref:
        return
    bare, hello = floor["bare"], ref
    print(f"floor ({floor['source']}: the system libraries' own work for one push, in C, no app code):")
    print(f"  {'empty C program':<46} {bare['wallMs']:6.2f} ms {bare['peakRssMiB']:5.1f} MiB")
    for name, label in (("cached", "OpenSSL + SQLite (push, avatar cached)"),
                        ("drawn", "OpenSSL + SQLite + Cairo (push, avatar drawn)")):
        ms, rss = floor[name]["wallMs"], floor[name]["peakRssMiB"]
        least_ms = hello["wallMs"]["median"] + ms - bare["wallMs"]
        least_rss = hello["peakRssMiB"]["median"] + rss - bare["peakRssMiB"]
        print(f"  {label:<46} {ms:6.2f} ms {rss:5.1f} MiB -> notify-service's floor: hello + this - empty = "
              f"{least_ms:.2f} ms ({least_ms / hello['wallMs']['median']:.2f} x hello), {least_rss:.1f} MiB "
              f"(budget {RSS_BUDGET_MIB['notify-service']})")
    print()

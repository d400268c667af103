"""Tools/bench/footprint.py — each process's footprint at exit, as iOS counts an extension's memory.

Part of Tools/bench/runner.py. iOS kills an extension by its footprint (dirty and compressed
memory), not by clean file-backed pages, which the kernel can drop and read again at any time;
peak RSS counts both. Linux has no footprint figure, so it is summed here from the process's
/proc/PID/task/TID/smaps, read by Tools/bench/measure_spawn.c (-m) at the process's exit stop (ptrace),
when every mapping is still intact:

    footprint = Anonymous + Swap + Private_Dirty of the shared mappings

summed over the mappings, in KiB. Anonymous: the pages the process made its own — heap, stacks,
every other private anonymous mapping, and the pages of private file mappings it copied on write
(relocations, .data); clean or shared after a fork, they are still its memory. Swap: anonymous
pages pushed out of RAM, as iOS compresses them (0 on a machine without swap). Private_Dirty of
the shared mappings: pages of a MAP_SHARED file or shmem mapping that this process alone has
dirtied (SQLite's -shm), which are not anonymous. Private_Dirty and Anonymous overlap — an
anonymous page the process alone wrote is both — so they are not added. A private mapping's
private dirty pages that are not anonymous are the page cache's, not the process's: pages of a
file someone wrote recently (a binary linked seconds ago has its text dirty until writeback —
seen: a just-compiled static bench_floor at 4.1 MiB of Private_Dirty, 0.8 MiB anonymous), which
the kernel writes back and may drop; summing Private_Dirty there would measure the build, not
the process. smaps_rollup has only totals, without the mappings' kinds, so the per-mapping smaps
is read.

These runs are separate from the timed ones (the ptrace stops cost time) and few: a process's
memory at exit varies much less than its wall time.
"""

from __future__ import annotations

import os
import statistics

from bench.meter import Failure, Meter

FOOTPRINT_RUNS = 3

FIELDS = ("Rss", "Private_Dirty", "Anonymous", "Swap")


def parse_smaps(text: str) -> dict | None:
    """KiB totals of a /proc/PID/smaps text, and the footprint as defined above; None if empty."""
    totals = dict.fromkeys(FIELDS, 0)
    shared_private_dirty = 0
    shared = None  # the current mapping is MAP_SHARED (None: no mapping seen yet)
    for line in text.splitlines():
        fields = line.split()
        if len(fields) >= 2 and "-" in fields[0] and not fields[0].endswith(":"):
            shared = fields[1].endswith("s")  # "7f..-7f.. rw-s ..." starts a mapping
        elif shared is not None and len(fields) == 3 and fields[2] == "kB" and fields[0][:-1] in totals:
            value = int(fields[1])
            totals[fields[0][:-1]] += value
            if shared and fields[0] == "Private_Dirty:":
                shared_private_dirty += value
    if shared is None:
        return None
    return {"footprintKiB": totals["Anonymous"] + totals["Swap"] + shared_private_dirty,
            "rssKiB": totals["Rss"], "privateDirtyKiB": totals["Private_Dirty"], "anonymousKiB": totals["Anonymous"],
            "swapKiB": totals["Swap"], "sharedPrivateDirtyKiB": shared_private_dirty}


def measure_footprint(meter: Meter, argvs: list[list[str]], env: dict, smaps_path: str) -> dict:
    """One traced run per argv; the summary in MiB (median and max footprint, medians of the
    parts), or {"failed": reason}."""
    if not meter.helper:
        return {"failed": "no C compiler: measure_spawn (which reads smaps at the exit stop) was not built"}
    readings = []
    for argv in argvs:
        try:
            meter.run(argv, env, smaps_path=smaps_path)
        except Failure as failure:
            return {"failed": f"exit {failure.exit_code}: {failure.stderr.strip()[:400]}"}
        with open(smaps_path, encoding="utf-8", errors="replace") as f:
            reading = parse_smaps(f.read())
        if reading is None:
            return {"failed": "no smaps reading at the exit stop"}
        readings.append(reading)

    def median_mib(key: str) -> float:
        return statistics.median(r[key] for r in readings) / 1024.0

    return {
        "runs": len(readings),
        "median": median_mib("footprintKiB"),
        "max": max(r["footprintKiB"] for r in readings) / 1024.0,
        "privateDirty": median_mib("privateDirtyKiB"),
        "anonymous": median_mib("anonymousKiB"),
        "swap": median_mib("swapKiB"),
        "sharedPrivateDirty": median_mib("sharedPrivateDirtyKiB"),
        "rssAtExit": median_mib("rssKiB"),
    }


def measure_footprints(meter: Meter, workdir: str, names: list[str], next_argv, env_for,
                       runs: int = FOOTPRINT_RUNS) -> dict[str, dict]:
    """FOOTPRINT_RUNS traced runs of each command (next_argv: the runner's rotation of argvs, so a
    drawn-avatar push still draws a new avatar each time; env_for: the command's environment)."""
    smaps_path = os.path.join(workdir, "smaps.txt")
    return {name: measure_footprint(meter, [next_argv(name) for _ in range(runs)], env_for(name), smaps_path)
            for name in names}


def footprint_text(summary: dict | None) -> str:
    """The report's cell: the median footprint in MiB, '-' when not measured."""
    if not summary or "median" not in summary:
        return "-"
    return f"{summary['median']:.1f}"

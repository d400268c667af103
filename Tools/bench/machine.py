"""Tools/bench/machine.py — the machine a run measured on, at the head of every report and result file."""

from __future__ import annotations

import os
import platform
import shutil
import subprocess

from common.git import commit
from common.processes import read_text


def _run_text(argv: list[str]) -> str:
    try:
        out = subprocess.run(argv, capture_output=True, text=True, timeout=60)
        return (out.stdout or out.stderr).strip()
    except (OSError, subprocess.SubprocessError):
        return "unavailable"


def machine_description() -> dict:
    cpuinfo = read_text("/proc/cpuinfo")
    model = next((line.split(":", 1)[1].strip() for line in cpuinfo.splitlines()
                  if line.lower().startswith(("model name", "hardware", "cpu model"))), platform.processor() or "unknown")
    meminfo = {line.split(":")[0]: line.split(":")[1].strip() for line in read_text("/proc/meminfo").splitlines() if ":" in line}
    mem_kib = int(meminfo.get("MemTotal", "0 kB").split()[0] or 0)
    try:
        usable_cpus = len(os.sched_getaffinity(0))  # what `nproc` prints
    except AttributeError:
        usable_cpus = os.cpu_count() or 0
    head, dirty = commit()
    return {
        "uname": _run_text(["uname", "-a"]) if shutil.which("uname") else " ".join(os.uname()),
        "kernel": platform.release(),
        "nproc": usable_cpus,
        "cpuModel": model,
        "memTotalGiB": round(mem_kib / 1024 / 1024, 1),
        "loadAverage": read_text("/proc/loadavg").split()[:3],
        "swiftVersion": _run_text(["swift", "--version"]),
        "python": platform.python_version(),
        "gitCommit": head,
        "gitDirty": dirty,
    }

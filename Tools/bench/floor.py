"""Tools/bench/floor.py — the floor under notify-service, measured instead of argued.

Part of Tools/bench/runner.py. Tools/bench/floor.c does, in C and nothing else, the system
libraries' share of delivering one push (OpenSSL, SQLite, and Cairo drawing the avatar), built
four ways: empty, without Cairo, with Cairo, and without Cairo linking the static archives
libcrypto.a and libsqlite3.a (from libssl-dev and libsqlite3-dev) instead of the shared
libraries — issue 15's question of what dynamic loading costs. notify-service links the Swift
runtime, libcrypto and libsqlite3 statically and loads Cairo when it draws (docs/linking.md), so
its floor is hello-reference-static plus (static variant − empty), and drawn plus (drawn − cached):
the least it could take before any of the app's own code runs.
Each variant's footprint at exit is measured as the commands' is (Tools/bench/footprint.py).
"""

from __future__ import annotations

import glob
import os
import shutil
import statistics
import subprocess

from bench.budgets import command_budget
from bench.footprint import footprint_text, measure_footprint
from bench.meter import Failure, Meter
from common.c_compiler import compile_c

# The floor: what the system libraries alone cost (Tools/bench/floor.c)

FLOOR_VARIANTS = {
    # name: (extra compiler flags, pkg-config packages, takes arguments, links the static archives)
    "bare": (["-DFLOOR_BARE"], [], False, False),
    "cached": (["-DFLOOR_NO_DRAWING"], ["libcrypto", "sqlite3"], True, False),
    "drawn": ([], ["cairo", "freetype2", "libcrypto", "sqlite3"], True, False),
    "cached-static": (["-DFLOOR_NO_DRAWING"], ["libcrypto", "sqlite3"], True, True),
}


def static_link_flags(packages: list[str]) -> tuple[list[str] | None, str | None]:
    """The packages' own libraries as their .a files (in pkg-config's libdir for each), then what
    `pkg-config --static` says those need (-lz, -ldl, -lm, -pthread); or (None, why not)."""
    def pkg_config(*args: str) -> list[str] | None:
        result = subprocess.run(["pkg-config", *args], capture_output=True, text=True)
        return result.stdout.split() if result.returncode == 0 else None

    archives, own = [], []
    for package in packages:
        flags, libdir = pkg_config("--libs-only-l", package), pkg_config("--variable=libdir", package)
        if not flags or not libdir:
            return None, f"pkg-config knows no library or libdir for {package}"
        for flag in flags:
            archive = os.path.join(libdir[0], f"lib{flag[2:]}.a")
            if not os.path.exists(archive):
                return None, f"no {archive} (install the package's -dev package)"
            archives.append(archive)
            own.append(flag)
    extra = pkg_config("--static", "--libs", *packages)
    if extra is None:
        return None, f"pkg-config --static --libs {' '.join(packages)} failed"
    return archives + [flag for flag in extra if flag not in own], None


def compile_floor(workdir: str) -> tuple[dict[str, str], str | None]:
    """Builds the floor's variants; returns their paths, or a reason they are missing."""
    source = os.path.join(os.path.dirname(os.path.abspath(__file__)), "floor.c")
    if not shutil.which("pkg-config"):
        return {}, "no pkg-config"
    paths = {}
    for name, (flags, packages, _, static) in FLOOR_VARIANTS.items():
        link = []
        if packages:
            pc = subprocess.run(["pkg-config", "--cflags", *([] if static else ["--libs"]), *packages],
                                capture_output=True, text=True)
            if pc.returncode != 0:
                return {}, f"pkg-config {' '.join(packages)}: {pc.stderr.strip()}"
            link = pc.stdout.split()
            if static:
                archives, missing = static_link_flags(packages)
                if missing:
                    return {}, missing
                link += archives
        output, problem = compile_c(source, os.path.join(workdir, f"floor_{name}"), flags, link)
        if output is None:
            return {}, f"{name}: {problem}"
        paths[name] = output
    return paths, None


def current_postbox(container: str) -> str | None:
    """The biggest account database: the fixture's current account."""
    pattern = os.path.join(container, "telegram-data", "account-*", "postbox", "db", "db_sqlite")
    paths = glob.glob(pattern)
    return max(paths, key=os.path.getsize) if paths else None


def measure_floor(meter: Meter, workdir: str, container: str, runs: int, env: dict) -> dict:
    paths, missing = compile_floor(workdir)
    database = current_postbox(container)
    if missing or not database:
        return {"skipped": missing or "no Postbox in the container"}
    floor: dict = {"source": "Tools/bench/floor.c"}
    for name, (_, _, takes_arguments, _) in FLOOR_VARIANTS.items():
        argv = [paths[name]] + ([database, os.path.join(workdir, "floor-avatar.png")] if takes_arguments else [])
        try:
            samples = [meter.run(argv, env) for _ in range(runs)]
        except Failure as failure:
            return {"skipped": f"{os.path.basename(argv[0])} failed: {failure.stderr.strip()}"}
        floor[name] = {"wallMs": statistics.median(ms for ms, _ in samples),
                       "peakRssMiB": statistics.median(rss for _, rss in samples) / 1024.0,
                       "footprintAtExitMiB": measure_footprint(meter, [argv] * 3, env, os.path.join(workdir, "smaps.txt"))}
    return floor


def print_floor(report: dict) -> None:
    floor, ref = report.get("floor") or {}, report["reference"]
    if "skipped" in floor:
        print(f"floor: not measured ({floor['skipped']})")
        return
    if "bare" not in floor or "peakRssMiB" not in ref:
        return
    bare, hello = floor["bare"], ref
    # The static Swift hello, when the runner measured it: the base under the static variant.
    static_hello = next((row for row in report.get("commands", [])
                         if row["command"] == "hello-reference-static" and "wallMs" in row), None)
    hello_ms = hello["wallMs"]["median"]
    print(f"floor ({floor['source']}: the system libraries' own work for one push, in C, no app code; "
          f"peak RSS, and footprint at exit):")

    def line(label: str, v: dict) -> str:
        return (f"  {label:<52} {v['wallMs']:6.2f} ms {v['wallMs'] / hello_ms:5.2f} x hello {v['peakRssMiB']:5.1f} MiB "
                f"{footprint_text(v.get('footprintAtExitMiB')):>5} MiB")

    print(line("empty C program", bare))
    for name, label in (("cached", "OpenSSL + SQLite (push, avatar cached)"),
                        ("drawn", "OpenSSL + SQLite + Cairo (push, avatar drawn)"),
                        ("cached-static", "OpenSSL + SQLite static (libcrypto.a, libsqlite3.a)")):
        if name in floor:
            print(line(label, floor[name]))
    if not static_hello or "cached-static" not in floor:
        return
    # notify-service ships with the Swift runtime, libcrypto and libsqlite3 static and Cairo loaded
    # when it draws (docs/linking.md): its floor is hello-static plus the static variant's work,
    # and, drawn, plus what Cairo added to the dynamic variant.
    print("  notify-service's floor, linked as it ships: hello-static + (static - empty); drawn adds (drawn - cached):")
    measured = {row["command"]: row for row in report.get("commands", []) if "wallMs" in row}
    static = floor["cached-static"]
    for push, extra in (("cached", None), ("drawn", ("drawn", "cached"))):
        if extra and not all(variant in floor for variant in extra):
            continue
        least_ms = static_hello["wallMs"]["median"] + static["wallMs"] - bare["wallMs"]
        least_rss = static_hello["peakRssMiB"]["median"] + static["peakRssMiB"] - bare["peakRssMiB"]
        if extra:
            least_ms += floor[extra[0]]["wallMs"] - floor[extra[1]]["wallMs"]
            least_rss += floor[extra[0]]["peakRssMiB"] - floor[extra[1]]["peakRssMiB"]
        command = f"notify-service push (avatar {push})"
        budget = command_budget(command, "notify-service").rss_mib
        text = f"    avatar {push:<7} {least_ms:6.2f} ms ({least_ms / hello_ms:.2f} x hello)"
        if command in measured:
            ms = measured[command]["wallMs"]["median"]
            text += f"; measured {ms:.2f} ms ({ms / hello_ms:.2f} x)" + (" BELOW THE FLOOR: re-derive it" if ms < least_ms else "")
        # Peak RSS does not add up so (pages shared, pages the C program touches and the app does
        # not): the same sum is printed as an estimate, not a floor.
        rss = measured.get(command, {}).get("peakRssMiB", {}).get("median")
        text += (f"; peak RSS by the same sum {least_rss:.1f} MiB (budget {budget:g})"
                 + (f", measured {rss:.1f}" if rss is not None else ""))
        print(text)
    print()

#!/usr/bin/env python3
"""Tools/bench/import_export.py — `main import telegram-export` of a generated export (issue 16).

Part of Tools/bench/runner.py (--import-messages; Scripts/bench runs 1,000,000, 100,000 with
--quick), and runnable alone:

    PYTHONPATH=Tools python3 -m bench.import_export --bin .build-release/release [--messages 1000000] [--chats 20] [--json]

Writes an export of MESSAGES text messages over CHATS chats with Scripts/gen_telegram_export.py
(tdesktop's structure; its own time is not measured), then, each in a fresh container, `main
import telegram-export` of it and `main seed` of the same number of messages over the same number
of chats, one after the other, each through Tools/bench/measure_spawn.c (wall time, peak RSS of that
process alone). Reports both rates side by side, since the import writes the same
rows as the seed plus reading the JSON.

Budget: Benchmarks/budgets.toml [import] (seconds per 1,000,000 messages, peak RSS).
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile

from bench.budgets import IMPORT_RSS_MIB, IMPORT_SECONDS_PER_MILLION
from bench.meter import Meter
from bench.part import finish_part
from common.git import REPO_ROOT

GENERATOR = os.path.join(REPO_ROOT, "Scripts", "gen_telegram_export.py")


def login(bin_dir: str, container: str, env: dict) -> None:
    subprocess.run([os.path.join(bin_dir, "main"), "login", "--phone", "+15550100001", "--name", "Bench Import",
                    "--container", container], env=env, check=True, capture_output=True, stdin=subprocess.DEVNULL)


def measure(bin_dir: str, messages: int, chats: int, workdir: str) -> dict:
    env = dict(os.environ)
    env.pop("APP_GROUP_CONTAINER", None)
    env["XDG_DATA_HOME"] = os.path.join(workdir, "xdg")
    export = os.path.join(workdir, "export")
    subprocess.run([sys.executable, GENERATOR, export, "--messages", str(messages), "--chats", str(chats), "--plain"],
                   check=True, stdout=subprocess.DEVNULL)
    size = os.path.getsize(os.path.join(export, "result.json"))
    meter = Meter(workdir)
    main = os.path.join(bin_dir, "main")
    figures = {}
    for name in ("import", "seed"):
        container = os.path.join(workdir, "container-" + name)
        login(bin_dir, container, env)
        argv = ([main, "import", "telegram-export", export, "--container", container] if name == "import"
                else [main, "seed", "--peers", str(chats), "--messages", str(messages), "--container", container])
        ms, rss_kib = meter.run(argv, env)
        figures[name] = {"seconds": ms / 1000.0, "messagesPerSecond": int(messages / (ms / 1000.0)),
                         "peakRssMiB": round(rss_kib / 1024.0, 1)}
    seconds_budget = IMPORT_SECONDS_PER_MILLION * messages / 1_000_000
    verdict = ("PASS" if figures["import"]["seconds"] <= seconds_budget and figures["import"]["peakRssMiB"] <= IMPORT_RSS_MIB
               else "OVER")
    return {"messages": messages, "chats": chats, "exportBytes": size, "import": figures["import"], "seed": figures["seed"],
            "budget": {"seconds": seconds_budget, "peakRssMiB": IMPORT_RSS_MIB}, "verdict": verdict,
            "method": meter.method}


def measure_import(bin_dir: str, messages: int, chats: int = 20) -> dict:
    """The runner's part: the measurement in a temporary folder of its own, or {"failed": why}."""
    workdir = tempfile.mkdtemp(prefix="bench-import-")
    try:
        return measure(os.path.abspath(bin_dir), messages, chats, workdir)
    except (subprocess.CalledProcessError, OSError, ValueError) as error:
        return {"failed": str(error)}
    finally:
        shutil.rmtree(workdir, ignore_errors=True)


def print_import(report: dict) -> None:
    result = report.get("import")
    if not result:
        return
    print()
    if "failed" in result:
        print(f"import: FAILED: {result['failed']}")
        return
    i, s = result["import"], result["seed"]
    print(f"import telegram-export: {result['messages']:,} messages ({result['exportBytes'] / 2**20:.0f} MiB of JSON) "
          f"in {i['seconds']:.1f} s = {i['messagesPerSecond']:,} msg/s, peak RSS {i['peakRssMiB']} MiB "
          f"(budget {result['budget']['seconds']:.0f} s, {result['budget']['peakRssMiB']:.0f} MiB): {result['verdict']}")
    print(f"main seed, same run:    {result['messages']:,} messages in {s['seconds']:.1f} s = "
          f"{s['messagesPerSecond']:,} msg/s, peak RSS {s['peakRssMiB']} MiB")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--bin", required=True, help="the folder with the built main (a release build)")
    parser.add_argument("--messages", type=int, default=1_000_000)
    parser.add_argument("--chats", type=int, default=20)
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--keep", action="store_true", help="keep the temporary folder")
    args = parser.parse_args()
    workdir = tempfile.mkdtemp(prefix="bench-import-")
    try:
        report = measure(os.path.abspath(args.bin), args.messages, args.chats, workdir)
    finally:
        if not args.keep:
            shutil.rmtree(workdir, ignore_errors=True)
    return finish_part("import", report, print_import, args.json, fail_over_budget=True, build=args.bin)


if __name__ == "__main__":
    sys.exit(main())

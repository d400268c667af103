#!/usr/bin/env python3
"""Scripts/bench_import.py — `main import telegram-export` of a generated export (issue 16).

Part of Scripts/bench_runner.py (--import-messages; Scripts/bench runs 1,000,000, 100,000 with
--quick), and runnable alone:

    Scripts/bench_import.py --bin .build-release/release [--messages 1000000] [--chats 20] [--json]

Writes an export of MESSAGES text messages over CHATS chats with Scripts/gen_telegram_export.py
(tdesktop's structure; its own time is not measured), then, each in a fresh container, `main
import telegram-export` of it and `main seed` of the same number of messages over the same number
of chats, one after the other, each through Scripts/bench_spawn.c (wall time, peak RSS of that
process alone). Reports both rates side by side, since the import writes the same
rows as the seed plus reading the JSON.

Issue 16's budget: 1,000,000 messages imported in <= 20 s with peak RSS <= 200 MiB.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from bench_process import Spawner  # noqa: E402

BUDGET_SECONDS_PER_MILLION = 20.0
BUDGET_RSS_MIB = 200.0


def login(bin_dir: str, container: str, env: dict) -> None:
    subprocess.run([os.path.join(bin_dir, "main"), "login", "--phone", "+15550100001", "--name", "Bench Import",
                    "--container", container], env=env, check=True, capture_output=True, stdin=subprocess.DEVNULL)


def measure(bin_dir: str, messages: int, chats: int, workdir: str) -> dict:
    env = dict(os.environ)
    env.pop("APP_GROUP_CONTAINER", None)
    env["XDG_DATA_HOME"] = os.path.join(workdir, "xdg")
    export = os.path.join(workdir, "export")
    generator = os.path.join(os.path.dirname(os.path.abspath(__file__)), "gen_telegram_export.py")
    subprocess.run([sys.executable, generator, export, "--messages", str(messages), "--chats", str(chats), "--plain"],
                   check=True, stdout=subprocess.DEVNULL)
    size = os.path.getsize(os.path.join(export, "result.json"))
    spawner = Spawner(workdir)
    main = os.path.join(bin_dir, "main")
    figures = {}
    for name in ("import", "seed"):
        container = os.path.join(workdir, "container-" + name)
        login(bin_dir, container, env)
        argv = ([main, "import", "telegram-export", export, "--container", container] if name == "import"
                else [main, "seed", "--peers", str(chats), "--messages", str(messages), "--container", container])
        ms, rss_kib = spawner.run(argv, env)
        figures[name] = {"seconds": ms / 1000.0, "messagesPerSecond": int(messages / (ms / 1000.0)),
                         "peakRssMiB": round(rss_kib / 1024.0, 1)}
    seconds_budget = BUDGET_SECONDS_PER_MILLION * messages / 1_000_000
    verdict = ("PASS" if figures["import"]["seconds"] <= seconds_budget and figures["import"]["peakRssMiB"] <= BUDGET_RSS_MIB
               else "OVER")
    return {"messages": messages, "chats": chats, "exportBytes": size, "import": figures["import"], "seed": figures["seed"],
            "budget": {"seconds": seconds_budget, "peakRssMiB": BUDGET_RSS_MIB}, "verdict": verdict,
            "method": spawner.method}


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
    if args.json:
        json.dump({"import": report}, sys.stdout, indent=2)
        print()
    else:
        print_import({"import": report})
    return 0 if report["verdict"] == "PASS" else 1


if __name__ == "__main__":
    sys.exit(main())

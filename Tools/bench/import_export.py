#!/usr/bin/env python3
"""Tools/bench/import_export.py — `main import telegram-export` of generated exports (issues 16 and 28).

Part of Tools/bench/runner.py (--import-messages; Scripts/bench runs 1,000,000, 100,000 with
--quick), and runnable alone:

    PYTHONPATH=Tools python3 -m bench.import_export --bin .build-release/release [--messages 1000000] [--chats 20] [--json]

Two lines, each judged against the same budget. Scripts/gen_telegram_export.py (tdesktop's
structure; its own time is not measured) writes two exports of MESSAGES messages over CHATS chats:
`--plain`, text messages only, and `--mix`, every variant in realistic shares (mostly text; photos,
files, stickers, voice messages included and left out, replies ~10 %, forwards ~5 %, edits,
reactions, formatted text, a few polls, locations, contacts and service lines: MIX_SHARES in the
generator). Then, each in a fresh container after a `main login`, `main import telegram-export` of
each and `main seed` of the same number of messages over the same number of chats, one after the
other, each through Tools/bench/measure_spawn.c (wall time, peak RSS of that process alone). Each
import's rate is reported beside the seed's (its ratio to it), since an import writes the same rows
as the seed plus reading the JSON and copying the files.

Budget: Benchmarks/budgets.toml [import] (seconds per 1,000,000 messages, peak RSS), for each line.
"""

from __future__ import annotations

import argparse
import json
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


def generate(export: str, messages: int, chats: int, mode: str) -> dict:
    done = subprocess.run([sys.executable, GENERATOR, export, "--messages", str(messages), "--chats", str(chats), mode],
                          check=True, stdout=subprocess.PIPE, text=True)
    summary = json.loads(done.stdout)
    return {"exportBytes": os.path.getsize(os.path.join(export, "result.json")), "files": summary.get("files", 0),
            "mediaIncluded": summary.get("mediaIncluded", 0), "mediaLeftOut": summary.get("mediaLeftOut", 0)}


def verdict(figures: dict, seconds_budget: float) -> str:
    return "PASS" if figures["seconds"] <= seconds_budget and figures["peakRssMiB"] <= IMPORT_RSS_MIB else "OVER"


def measure(bin_dir: str, messages: int, chats: int, workdir: str) -> dict:
    env = dict(os.environ)
    env.pop("APP_GROUP_CONTAINER", None)
    env["XDG_DATA_HOME"] = os.path.join(workdir, "xdg")
    plain_export, mixed_export = os.path.join(workdir, "export"), os.path.join(workdir, "export-mixed")
    plain = generate(plain_export, messages, chats, "--plain")
    mixed = generate(mixed_export, messages, chats, "--mix")
    meter = Meter(workdir)
    main = os.path.join(bin_dir, "main")
    figures = {}
    for name in ("import", "mixed", "seed"):
        container = os.path.join(workdir, "container-" + name)
        login(bin_dir, container, env)
        argv = ([main, "import", "telegram-export", plain_export if name == "import" else mixed_export, "--container", container]
                if name != "seed" else [main, "seed", "--peers", str(chats), "--messages", str(messages), "--container", container])
        ms, rss_kib = meter.run(argv, env)
        figures[name] = {"seconds": ms / 1000.0, "messagesPerSecond": int(messages / (ms / 1000.0)),
                         "peakRssMiB": round(rss_kib / 1024.0, 1)}
    for name in ("import", "mixed"):
        figures[name]["ratioToSeed"] = round(figures[name]["seconds"] / figures["seed"]["seconds"], 2)
    seconds_budget = IMPORT_SECONDS_PER_MILLION * messages / 1_000_000
    plain_verdict, mixed_verdict = verdict(figures["import"], seconds_budget), verdict(figures["mixed"], seconds_budget)
    return {"messages": messages, "chats": chats, "exportBytes": plain["exportBytes"], "import": figures["import"],
            "seed": figures["seed"], "plainVerdict": plain_verdict,
            "mixed": dict(mixed, verdict=mixed_verdict) | {"import": figures["mixed"]},
            "budget": {"seconds": seconds_budget, "peakRssMiB": IMPORT_RSS_MIB},
            "verdict": "PASS" if plain_verdict == mixed_verdict == "PASS" else "OVER",
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
    i, s, budget = result["import"], result["seed"], result["budget"]
    plain_verdict = result.get("plainVerdict", result["verdict"])
    print(f"import telegram-export: {result['messages']:,} text messages ({result['exportBytes'] / 2**20:.0f} MiB of JSON) "
          f"in {i['seconds']:.1f} s = {i['messagesPerSecond']:,} msg/s, peak RSS {i['peakRssMiB']} MiB, "
          f"{i.get('ratioToSeed', 0):.2f} x the seed (budget {budget['seconds']:.0f} s, {budget['peakRssMiB']:.0f} MiB): {plain_verdict}")
    mixed = result.get("mixed")
    if mixed:
        m = mixed["import"]
        print(f"import, every variant:  {result['messages']:,} messages ({mixed['exportBytes'] / 2**20:.0f} MiB of JSON, "
              f"{mixed['files']:,} files) in {m['seconds']:.1f} s = {m['messagesPerSecond']:,} msg/s, peak RSS {m['peakRssMiB']} MiB, "
              f"{m['ratioToSeed']:.2f} x the seed (budget {budget['seconds']:.0f} s, {budget['peakRssMiB']:.0f} MiB): {mixed['verdict']}")
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

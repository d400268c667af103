#!/usr/bin/env python3
"""Tools/bench/ingest.py — main ingesting while 5 extension processes read (docs/architecture.md §8).

Part of Tools/bench/runner.py, and runnable alone. In a container of its own (the fixture's is
left as it is), each round logs in two fresh accounts and `main seed`s MESSAGES messages over
PEERS chats into each: once alone, once while one reader loop per extension runs that
extension's Postbox read over and over, each run a new process:

    share peers --json                    the share sheet's picker (top 50 of the chat list)
    notify-service bootstrap --json       the bootstrap: AccountManager, Postbox, a read transaction
    widget configure --json               the widget's options (top 50, avatars drawn once)
    intents search-messages --query W     a Siri search over every message written so far
    broadcast bootstrap --json            the bootstrap again, from a fifth process

(`widget timeline` reads widget-data, not the Postbox, so it is not a reader here.) Login makes
the new account the current one, so the readers read the account being written. The alone and
with-readers seeds alternate which goes first, round by round, so drift in machine load hits both.

Measured: main's rate, the messages over the seconds `main seed --json` reports for its own
writing (the process's wall time and its CPU time, user + system, beside it: with the readers,
wall over CPU is how much of a core main got); every reader run's exit status, and any "busy" or
"locked" error text in the readers' or main's stdout and stderr (SQLITE_BUSY / SQLITE_LOCKED /
"database is locked" — the bootstrap's JSON key "locked" is not an error and does not match);
and the account's WAL file (postbox/db/db_sqlite-wal), its size sampled every SAMPLE_MS ms while
main writes, the largest reported (SQLite reuses the WAL from its start after a checkpoint, so
the file's size is its high-water mark, not missed between samples).

§8: ≥ 50,000 messages/s with the readers running, 0 busy errors surfaced (a failed reader run
counts), WAL ≤ 64 MiB.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time

from bench.budgets import INGEST_BUDGETS
from bench.part import finish_part
from common.processes import Spawner

SAMPLE_MS = 2
# §8's fixture: the ingest is judged at this size; smaller (--quick) is a check that it runs.
FIXTURE_MESSAGES = 200_000
BUSY = re.compile(r"\bbusy\b|database (?:table )?is locked|SQLITE_(?:BUSY|LOCKED)", re.IGNORECASE)


def readers(query: str) -> list[tuple[str, list[str]]]:
    """(name, executable and arguments) of the five reader loops."""
    return [
        ("share peers", ["share", "peers", "--json"]),
        ("notify-service bootstrap", ["notify-service", "bootstrap", "--json"]),
        ("widget configure", ["widget", "configure", "--json"]),
        ("intents search-messages", ["intents", "search-messages", "--query", query, "--json"]),
        ("broadcast bootstrap", ["broadcast", "bootstrap", "--json"]),
    ]


class ReaderLoop(threading.Thread):
    """Runs one reader command back to back until told to stop; counts runs, failures and busy errors."""

    def __init__(self, name: str, argv: list[str], env: dict, stop: threading.Event):
        super().__init__(daemon=True)
        self.label, self.argv, self.env, self.stop = name, argv, env, stop
        self.runs, self.failures, self.busy = 0, [], []

    def run(self) -> None:
        while not self.stop.is_set():
            proc = subprocess.run(self.argv, env=self.env, capture_output=True, text=True,
                                  stdin=subprocess.DEVNULL)
            self.runs += 1
            if proc.returncode != 0:
                self.failures.append(f"exit {proc.returncode}: {proc.stderr.strip()[-300:]}")
            self.busy += busy_lines(proc.stdout + proc.stderr)


def busy_lines(text: str) -> list[str]:
    return [line.strip()[:200] for line in text.splitlines() if BUSY.search(line)]


def run_main(bin_dir: str, container: str, args: list[str], env: dict) -> dict:
    proc = subprocess.run([os.path.join(bin_dir, "main"), *args, "--container", container], env=env,
                          capture_output=True, text=True, stdin=subprocess.DEVNULL)
    if proc.returncode != 0:
        raise RuntimeError(f"main {' '.join(args)} exited {proc.returncode}: {proc.stderr.strip()[:400]}")
    return json.loads(proc.stdout)


def wal_path(container: str, account_id: str) -> str:
    # Account folders are named by the id as an unsigned 64-bit number.
    folder = f"account-{int(account_id) % (1 << 64)}"
    return os.path.join(container, "telegram-data", folder, "postbox", "db", "db_sqlite-wal")


def one_seed(bin_dir: str, container: str, env: dict, workdir: str, index: int, peers: int, messages: int,
             with_readers: bool, query: str) -> dict:
    """Logs in a fresh account and seeds it, with or without the readers; what was measured."""
    login = run_main(bin_dir, container, ["login", "--phone", f"+1555020{index:04d}", "--name", f"Ingest {index}",
                                          "--json"], env)
    wal = wal_path(container, login["accountId"])
    stop = threading.Event()
    loops = [ReaderLoop(name, [os.path.join(bin_dir, argv[0]), *argv[1:], "--container", container], env, stop)
             for name, argv in readers(query)] if with_readers else []
    for loop in loops:
        loop.start()
    out_path, err_path = os.path.join(workdir, "ingest-seed.out"), os.path.join(workdir, "ingest-seed.err")
    argv = [os.path.join(bin_dir, "main"), "seed", "--peers", str(peers), "--messages", str(messages),
            "--seed", str(100 + index), "--json", "--container", container]
    largest_wal = 0
    # Reaped with wait4: main's own CPU time (user + system) comes with its exit status.
    seed = Spawner().start(argv, env, out_path, err_path)
    while seed.poll() is None:
        try:
            largest_wal = max(largest_wal, os.stat(wal).st_size)
        except FileNotFoundError:
            pass
        time.sleep(SAMPLE_MS / 1000)
    wall, usage = seed.seconds, seed.rusage
    stop.set()
    for loop in loops:
        loop.join()
    out_text, err_text = seed.stdout(), seed.stderr()
    if seed.returncode != 0:
        raise RuntimeError(f"{' '.join(argv)} exited {seed.returncode}: {err_text.strip()[:400]}")
    summary = json.loads(out_text)
    return {
        "withReaders": with_readers,
        "messages": summary["messages"],
        "seconds": summary["seconds"],
        "wallSeconds": wall,
        "cpuSeconds": usage.ru_utime + usage.ru_stime,
        "messagesPerSecond": summary["messages"] / summary["seconds"] if summary["seconds"] > 0 else None,
        "walMaxMiB": largest_wal / (1 << 20),
        "mainBusy": busy_lines(out_text + err_text),
        "readers": {loop.label: {"runs": loop.runs, "failures": loop.failures, "busy": loop.busy} for loop in loops},
    }


def measure_ingest(bin_dir: str, env: dict, peers: int, messages: int, rounds: int, query: str) -> dict:
    bin_dir = os.path.abspath(bin_dir)
    workdir = tempfile.mkdtemp(prefix="bench-ingest.")
    container = os.path.join(workdir, "container")
    os.mkdir(container, 0o700)
    env = {**env, "APP_GROUP_CONTAINER": container}
    seeds = []
    try:
        for round_index in range(rounds):
            order = (False, True) if round_index % 2 == 0 else (True, False)
            for with_readers in order:
                seeds.append(one_seed(bin_dir, container, env, workdir, len(seeds), peers, messages, with_readers, query))
    except (RuntimeError, KeyError, ValueError) as error:
        return {"failed": str(error)}
    finally:
        shutil.rmtree(workdir, ignore_errors=True)
    return summarize(seeds, peers, messages, rounds)


def summarize(seeds: list[dict], peers: int, messages: int, rounds: int) -> dict:
    def side(with_readers: bool) -> dict:
        runs = [s for s in seeds if s["withReaders"] == with_readers]
        rates = [s["messagesPerSecond"] for s in runs if s["messagesPerSecond"]]
        return {
            "messagesPerSecond": statistics.median(rates) if rates else None,
            "messagesPerSecondMin": min(rates) if rates else None,
            "seconds": statistics.median(s["seconds"] for s in runs),
            "wallSeconds": statistics.median(s["wallSeconds"] for s in runs),
            "cpuSeconds": statistics.median(s["cpuSeconds"] for s in runs),
            "walMaxMiB": max(s["walMaxMiB"] for s in runs),
        }

    alone, loaded = side(False), side(True)
    per_reader: dict[str, dict] = {}
    for seed in seeds:
        for name, r in seed["readers"].items():
            total = per_reader.setdefault(name, {"runs": 0, "failures": [], "busy": []})
            total["runs"] += r["runs"]
            total["failures"] += r["failures"]
            total["busy"] += r["busy"]
    main_busy = [line for seed in seeds for line in seed["mainBusy"]]
    errors = len(main_busy) + sum(len(r["failures"]) + len(r["busy"]) for r in per_reader.values())
    result = {
        "peers": peers, "messages": messages, "rounds": rounds, "seeds": seeds,
        "alone": alone, "withReaders": loaded, "readers": per_reader, "mainBusy": main_busy,
        "busyErrors": errors, "budgets": INGEST_BUDGETS,
        "ratio": (loaded["messagesPerSecond"] / alone["messagesPerSecond"]
                  if loaded["messagesPerSecond"] and alone["messagesPerSecond"] else None),
    }
    rate = loaded["messagesPerSecond"] or 0
    result["verdicts"] = {
        "messagesPerSecond": "PASS" if rate >= INGEST_BUDGETS["messagesPerSecond"] else "UNDER",
        "busyErrors": "PASS" if errors <= INGEST_BUDGETS["busyErrors"] else "OVER",
        "walMiB": "PASS" if loaded["walMaxMiB"] <= INGEST_BUDGETS["walMiB"] else "OVER",
    }
    result["verdict"] = "PASS" if all(v == "PASS" for v in result["verdicts"].values()) else "OVER"
    return result


def print_ingest(report: dict) -> None:
    ingest = report.get("ingest")
    if not ingest:
        return
    if "failed" in ingest:
        print(f"ingest: FAILED: {ingest['failed']}")
        print()
        return
    i, b, v = ingest, ingest["budgets"], ingest["verdicts"]
    a, w = i["alone"], i["withReaders"]
    short = f" (fewer than §8's {FIXTURE_MESSAGES:,}: --quick)" if i["messages"] < FIXTURE_MESSAGES else ""
    print(f"ingest (Tools/bench/ingest.py): main seed, {i['messages']:,} messages{short} over {i['peers']:,} chats into "
          f"a fresh account, {i['rounds']} round(s) alone and with 5 reader loops; medians over rounds:")
    print(f"  {'what':<44} {'alone':>10} {'5 readers':>10}   budget        verdict")
    print(f"  {'messages/s (main seed reported seconds)':<44} {a['messagesPerSecond']:>10,.0f} {w['messagesPerSecond']:>10,.0f}   "
          f">= {b['messagesPerSecond']:,}     {v['messagesPerSecond']}   (with readers / alone: {i['ratio']:.2f})")
    print(f"  {'seconds reported / process wall':<44} {a['seconds']:>4.2f}/{a['wallSeconds']:<5.2f} "
          f"{w['seconds']:>4.2f}/{w['wallSeconds']:<5.2f}")
    # What main's process used of a CPU over its wall time: the readers' share of the cores shows here.
    print(f"  {'main CPU seconds (user + system) / wall':<44} {a['cpuSeconds']:>4.2f}/{a['wallSeconds']:<5.2f} "
          f"{w['cpuSeconds']:>4.2f}/{w['wallSeconds']:<5.2f}")
    print(f"  {'largest WAL while writing (MiB)':<44} {a['walMaxMiB']:>10.1f} {w['walMaxMiB']:>10.1f}   "
          f"<= {b['walMiB']}         {v['walMiB']}")
    print(f"  {'busy errors surfaced + failed reader runs':<44} {'-':>10} {i['busyErrors']:>10}   "
          f"{b['busyErrors']}             {v['busyErrors']}")
    runs = ", ".join(f"{name} {r['runs']}" for name, r in i["readers"].items())
    print(f"  reader runs during the with-readers seeds: {runs}")
    for name, r in i["readers"].items():
        for line in (r["failures"] + r["busy"])[:5]:
            print(f"  {name}: {line}")
    for line in i["mainBusy"][:5]:
        print(f"  main seed: {line}")
    print()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--bin-dir", required=True, help="folder with the built executables (swift build --show-bin-path)")
    parser.add_argument("--messages", type=int, default=FIXTURE_MESSAGES, help="messages per seed (default 200,000, §8's fixture)")
    parser.add_argument("--peers", type=int, default=2000, help="chats per seed (default 2,000)")
    parser.add_argument("--rounds", type=int, default=3, help="rounds, each one seed alone and one with readers (default 3)")
    parser.add_argument("--query", default="tickets", help="the word intents search-messages looks for (default: a seeded one)")
    parser.add_argument("--json", action="store_true", help="print the result as JSON")
    parser.add_argument("--fail-over-budget", action="store_true", help="exit 1 if a line is over budget")
    args = parser.parse_args()
    if args.messages < 1 or args.peers < 1 or args.rounds < 1:
        parser.error("--messages, --peers and --rounds must be at least 1")
    env = {k: v for k, v in os.environ.items() if k not in ("TELEGRAM_BUNDLE_ID", "APP_GROUP_CONTAINER")}
    result = measure_ingest(args.bin_dir, env, args.peers, args.messages, args.rounds, args.query)
    return finish_part("ingest", result, print_ingest, args.json, args.fail_over_budget)


if __name__ == "__main__":
    sys.exit(main())

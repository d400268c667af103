#!/usr/bin/env python3
"""Tools/bench/search.py — how `intents search-messages` grows from 200,000 to 1,000,000 messages.

Part of Tools/bench/runner.py (--search-rare WORD; --search-large N adds the second size), and
runnable alone. Two words, both from `main seed`: the common one Scripts/bench already searches
for (a word of the vocabulary, in about one message in ten) and the rare one the seed plants in
`rareWordMessages` messages spread over the chats and the month (`rareWord`). A scan would pay the
whole store for the rare word; the search index should pay a few rows for it, and stop after the
newest bucket for the common one.

Sizes: the fixture's container as it is (the runner's: 200,000 messages, or 20,000 with --quick),
and, with --search-large N, a container of its own with one account seeded with N messages over
2,000 chats (half of them in one chat, as the fixture has), whose seed rate is reported too. Each
search runs RUNS times (after WARMUP), each right after a hello-reference run, and its ratio is
its median over hello-reference's median in this part. `intents bootstrap` runs beside them, not
judged: the process without the search, so the search's own share is on the page. Every search
is checked once first: a success, the rare word's every message, a full page for the common word.

Budgets: Benchmarks/budgets.toml [search], a ratio to hello-reference at each size, for each word.
The fixture's line is judged only when it holds fixture_messages or more (not with --quick).
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

from bench.budgets import SEARCH_BUDGETS
from bench.meter import Failure, Meter
from bench.part import finish_part

REFERENCE = "hello-reference"
# Not judged: the same process without the search, for the distance.
BOOTSTRAP = "bootstrap"
WARMUP = 3
LARGE_BUDGET_MESSAGES = SEARCH_BUDGETS["large_messages"]
FIXTURE_MESSAGES = SEARCH_BUDGETS["fixture_messages"]


def search_argv(bin_dir: str, container: str, word: str) -> list[str]:
    return [os.path.join(bin_dir, "intents"), "search-messages", "--query", word, "--json", "--container", container]


def check(argv: list[str], env: dict, expected: int) -> str | None:
    """None when the search answers success with `expected` messages, else what went wrong."""
    proc = subprocess.run(argv, env=env, capture_output=True, text=True, stdin=subprocess.DEVNULL)
    if proc.returncode != 0:
        return f"{' '.join(argv)} exited {proc.returncode}: {proc.stderr.strip()[:300]}"
    try:
        doc = json.loads(proc.stdout)
    except json.JSONDecodeError as error:
        return f"{' '.join(argv)} printed no JSON ({error})"
    found = len(doc.get("messages", []))
    if doc.get("code") != "success" or found != expected:
        return f"{' '.join(argv)}: code {doc.get('code')!r}, {found} messages, expected {expected}"
    return None


def measure_size(meter: Meter, bin_dir: str, container: str, env: dict, runs: int, words: dict[str, str],
                 expected: dict[str, int]) -> dict:
    """Each word's search interleaved with hello-reference, and `intents bootstrap` beside them (what
    the process costs before it searches: the search's own share is the difference); medians and
    ratios."""
    argvs = {label: search_argv(bin_dir, container, word) for label, word in words.items()}
    for label, argv in argvs.items():
        problem = check(argv, env, expected[label])
        if problem:
            return {"failed": problem}
    argvs[BOOTSTRAP] = [os.path.join(bin_dir, "intents"), "bootstrap", "--json", "--container", container]
    hello = [os.path.join(bin_dir, REFERENCE)]
    samples: dict[str, list[tuple[float, int]]] = {REFERENCE: [], **{label: [] for label in argvs}}
    try:
        for _ in range(WARMUP):
            for argv in [hello, *argvs.values()]:
                meter.run(argv, env)
        for round_index in range(runs):
            labels = list(argvs)
            labels = labels[round_index % len(labels):] + labels[:round_index % len(labels)]
            for label in labels:
                samples[REFERENCE].append(meter.run(hello, env))
                samples[label].append(meter.run(argvs[label], env))
    except Failure as failure:
        return {"failed": f"{' '.join(failure.argv)} exited {failure.exit_code}: {failure.stderr.strip()[:300]}"}
    reference_ms = statistics.median(ms for ms, _ in samples[REFERENCE])
    result: dict = {"referenceMs": reference_ms, "words": {}}
    for label in argvs:
        times = sorted(ms for ms, _ in samples[label])
        result["words"][label] = {
            "word": words.get(label, ""), "argv": argvs[label], "messages": expected.get(label, 0),
            "medianMs": statistics.median(times), "p90Ms": times[min(len(times) - 1, int(len(times) * 0.9))],
            "peakRssMiB": statistics.median(rss for _, rss in samples[label]) / 1024.0,
            "ratio": statistics.median(times) / reference_ms,
        }
    return result


def seed_large(bin_dir: str, env: dict, workdir: str, messages: int, peers: int) -> tuple[str, dict]:
    """A container of its own with one account seeded with `messages`; its path and the seed's summary."""
    container = os.path.join(workdir, "container")
    os.mkdir(container, 0o700)
    main = os.path.join(bin_dir, "main")
    for argv in ([main, "login", "--phone", "+15550077", "--name", "Bench Search", "--container", container],
                 [main, "seed", "--peers", str(peers), "--messages", str(messages), "--big-chat", str(messages // 2),
                  "--seed", "1", "--json", "--container", container]):
        start = time.perf_counter()
        proc = subprocess.run(argv, env=env, capture_output=True, text=True, stdin=subprocess.DEVNULL)
        wall = time.perf_counter() - start
        if proc.returncode != 0:
            raise RuntimeError(f"{' '.join(argv)} exited {proc.returncode}: {proc.stderr.strip()[:400]}")
    summary = json.loads(proc.stdout)
    summary["wallSeconds"] = wall
    return container, summary


def judge(size: dict, budget: float | None) -> None:
    for label, word in size.get("words", {}).items():
        word["budgetRatio"] = None if label == BOOTSTRAP else budget
        word["verdict"] = "-" if word["budgetRatio"] is None else "PASS" if word["ratio"] <= budget else "OVER"


def measure_search(meter: Meter, bin_dir: str, container: str, env: dict, runs: int, common: str, rare: str,
                   rare_messages: int, fixture_messages: int, large_messages: int, large_peers: int = 2000) -> dict:
    bin_dir = os.path.abspath(bin_dir)
    words = {"rare": rare, "common": common}
    expected = {"rare": min(rare_messages, 20), "common": 20}
    result: dict = {"runs": runs, "sizes": []}
    fixture = measure_size(meter, bin_dir, container, env, runs, words, expected)
    fixture["messages"] = fixture_messages
    judge(fixture, SEARCH_BUDGETS["fixture_time_ratio"] if fixture_messages >= FIXTURE_MESSAGES else None)
    result["sizes"].append(fixture)
    if large_messages > 0:
        workdir = tempfile.mkdtemp(prefix="bench-search.")
        try:
            large_container, summary = seed_large(bin_dir, env, workdir, large_messages, large_peers)
            large_env = {**env, "APP_GROUP_CONTAINER": large_container}
            large = measure_size(meter, bin_dir, large_container, large_env, runs, words,
                                 {"rare": min(summary.get("rareWordMessages", 0), 20), "common": 20})
            large["messages"] = large_messages
            large["seed"] = {"seconds": summary.get("seconds"), "wallSeconds": summary["wallSeconds"],
                             "messagesPerSecond": large_messages / summary["seconds"] if summary.get("seconds") else None}
            judge(large, SEARCH_BUDGETS["large_time_ratio"] if large_messages >= LARGE_BUDGET_MESSAGES else None)
            result["sizes"].append(large)
        except (RuntimeError, KeyError, ValueError) as error:
            result["sizes"].append({"messages": large_messages, "failed": str(error)})
        finally:
            shutil.rmtree(workdir, ignore_errors=True)
    failed = [size["failed"] for size in result["sizes"] if "failed" in size]
    if failed:
        result["failed"] = "; ".join(failed)
    verdicts = [word["verdict"] for size in result["sizes"] for word in size.get("words", {}).values()]
    result["verdict"] = "OVER" if "OVER" in verdicts else "PASS"
    return result


def print_search(report: dict) -> None:
    search = report.get("search")
    if not search:
        return
    print(f"search (Tools/bench/search.py): intents search-messages --query WORD --json, {search['runs']} runs each, "
          f"interleaved with hello-reference")
    print(f"  {'messages':>10} {'word':<22} {'found':>5} {'median ms':>9} {'p90 ms':>8} {'x hello':>7} {'budget':>7}  "
          f"{'RSS MiB':>7}  verdict")
    for size in search["sizes"]:
        if "failed" in size:
            print(f"  {size['messages']:>10,} FAILED: {size['failed']}")
            continue
        for label, w in size["words"].items():
            budget = f"<={w['budgetRatio']}x" if w["budgetRatio"] else "-"
            name = "intents bootstrap" if label == BOOTSTRAP else f"{label} ({w['word']})"
            found = "" if label == BOOTSTRAP else w["messages"]
            print(f"  {size['messages']:>10,} {name:<22} {found:>5} {w['medianMs']:>9.2f} "
                  f"{w['p90Ms']:>8.2f} {w['ratio']:>7.2f} {budget:>7}  {w['peakRssMiB']:>7.1f}  {w['verdict']}")
        print(f"  {'':>10} {'hello-reference':<22} {'':>5} {size['referenceMs']:>9.2f}")
        if "seed" in size and size["seed"].get("messagesPerSecond"):
            s = size["seed"]
            print(f"  {'':>10} (seeded for this line: {s['messagesPerSecond']:,.0f} messages/s, {s['seconds']:.1f} s "
                  f"reported, {s['wallSeconds']:.1f} s wall)")
    print()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--bin-dir", required=True, help="folder with the built executables (swift build --show-bin-path)")
    parser.add_argument("--container", required=True, help="a seeded container (Scripts/bench's fixture, kept with --keep)")
    parser.add_argument("--common", required=True, help="a common seeded word")
    parser.add_argument("--rare", default="kumquat", help="the seed's rare word (main seed --json: rareWord)")
    parser.add_argument("--rare-messages", type=int, default=5, help="how many messages hold it (rareWordMessages)")
    parser.add_argument("--messages", type=int, default=FIXTURE_MESSAGES, help="messages in the container's current account")
    parser.add_argument("--large", type=int, default=LARGE_BUDGET_MESSAGES, help="messages of the second size; 0: none")
    parser.add_argument("--runs", type=int, default=30, help="runs per search (default 30)")
    parser.add_argument("--json", action="store_true", help="print the result as JSON")
    parser.add_argument("--fail-over-budget", action="store_true", help="exit 1 if a line is over budget")
    args = parser.parse_args()
    env = {k: v for k, v in os.environ.items() if k not in ("TELEGRAM_BUNDLE_ID", "APP_GROUP_CONTAINER")}
    env["APP_GROUP_CONTAINER"] = os.path.abspath(args.container)
    with tempfile.TemporaryDirectory(prefix="bench-search-runner.") as workdir:
        result = measure_search(Meter(workdir), args.bin_dir, os.path.abspath(args.container), env, args.runs,
                                args.common, args.rare, args.rare_messages, args.messages, args.large)
    return finish_part("search", result, print_search, args.json, args.fail_over_budget)


if __name__ == "__main__":
    sys.exit(main())

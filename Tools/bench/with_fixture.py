#!/usr/bin/env python3
"""Tools/bench/with_fixture.py — Scripts/bench's measurements on the §8 fixture (started by Scripts/bench, which builds).

In a fresh temporary container: the fixture (Tools/bench/fixture.py), then either the pushes
(Tools/bench/pushes.py) and every part (Tools/bench/runner.py), or with --interface main's
interface alone (Tools/bench/interface.py), or with --notify the pushes and notify-service's
lines alone (runner.py --only notify-service). Progress and failures go to stderr, so that --json
leaves stdout to the result. The container and the work folder are removed at the end, on a
failure and on Ctrl-C or SIGTERM too (--keep keeps the container and says where).
Exit status: a failed fixture step's own (`bench: FAILED: ...` with its stderr), else the part's.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import signal
import sys
import tempfile

from bench import actions, interface, runner
from bench.fixture import make_fixture, search_words
from bench.main_command import MainCommand, StepFailed
from bench.pushes import push_count, write_pushes
from bench.sizes import FULL, QUICK, Sizes
from common.processes import Spawner


def log(message: str) -> None:
    print(message, file=sys.stderr, flush=True)


def parse_arguments() -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="Scripts/bench", description="See Scripts/bench --help.")
    parser.add_argument("--bin-dir", required=True, help="folder with the built executables")
    parser.add_argument("--build", required=True, help="how they were built (for the report)")
    parser.add_argument("--quick", action="store_true", help="the small fixture and fewer runs")
    parser.add_argument("--interface", action="store_true", help="only main's interface (no pushes)")
    parser.add_argument("--actions", action="store_true", help="only main's edits and deletions (no pushes)")
    parser.add_argument("--notify", action="store_true",
                        help="only notify-service: its bootstrap, the pushes (avatar drawn, cached, desktop posted), its floor")
    parser.add_argument("--runs", type=int, help="runs per command (default: the size's)")
    parser.add_argument("--keep", action="store_true", help="keep the container and print its path")
    parser.add_argument("--json", action="store_true", help="the result as JSON on stdout")
    parser.add_argument("--fail-over-budget", action="store_true", help="exit 1 if a line is over budget")
    return parser.parse_args()


def measure(args: argparse.Namespace, sizes: Sizes, container: str, workdir: str, spawner: Spawner) -> int:
    main = MainCommand(args.bin_dir, container, workdir, spawner)
    passed_on = [flag for flag, on in (("--json", args.json), ("--fail-over-budget", args.fail_over_budget)) if on]
    log(f"== fixture in {container}: 3 accounts, current one {sizes.peers} peers / {sizes.messages} messages "
        f"({sizes.big_chat} in one chat, {sizes.unread_chat} unread in the next) ==")
    fixture, seed = make_fixture(main, sizes)
    if args.interface:
        log(f"== main's interface on a pseudo-terminal: {sizes.launches} launches ==")
        return interface.main(["--bin-dir", args.bin_dir, "--container", container,
                               "--launches", str(sizes.launches), "--unread", str(sizes.unread_chat), *passed_on])
    if args.actions:
        log("== main's edits and deletions, inside one process ==")
        return actions.main(["--bin-dir", args.bin_dir, "--container", container, *passed_on])

    runs = sizes.runs if args.runs is None else args.runs
    count = push_count(runs)
    log(f"== pushes: {2 * count - 1} chats, one push each ==")
    chats = main.json("chats", "--limit", "2000", "--json")
    pushes, written = write_pushes(main, workdir, chats, count)
    fixture["pushedMessages"] = written  # main push stores each push's message in the account
    fixture_path = os.path.join(workdir, "fixture.json")
    with open(fixture_path, "w", encoding="utf-8") as f:
        json.dump(fixture, f)
    # The chat whose group call receives the screen broadcast (any user chat of account A).
    call_peer = next(row["peerId"] for row in chats if row["kind"] == "user")
    word, rare_word, rare_messages = search_words(seed)

    if args.notify:
        log(f"== notify-service: {runs} runs per command ==")
        return runner.main(["--bin-dir", args.bin_dir, "--container", container, "--runs", str(runs),
                            "--fixture-info", fixture_path, "--build", args.build, "--pushes", pushes,
                            "--only", "notify-service", *passed_on])
    log(f"== measuring: {runs} runs per command ==")
    return runner.main([
        "--kind", "quick" if args.quick else "full", "--bin-dir", args.bin_dir, "--container", container,
        "--runs", str(runs), "--fixture-info", fixture_path, "--build", args.build, "--pushes", pushes,
        "--search", word, "--broadcast-peer", str(call_peer), "--broadcast-seconds", str(sizes.broadcast_seconds),
        "--interface-launches", str(sizes.launches), "--interface-unread", str(sizes.unread_chat), "--ingest-messages", str(sizes.messages),
        "--ingest-peers", str(sizes.peers), "--ingest-rounds", str(sizes.ingest_rounds),
        "--search-rare", rare_word, "--search-rare-messages", str(rare_messages),
        "--search-large", str(sizes.search_large), "--import-messages", str(sizes.import_messages), *passed_on])


def main() -> int:
    args = parse_arguments()
    # SIGTERM ends the run like Ctrl-C: through the `finally` below, which kills what the fixture
    # started and removes the container.
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))
    scratch = os.environ.get("TMPDIR") or "/tmp"
    container = tempfile.mkdtemp(prefix="bench-container.", dir=scratch)
    workdir = tempfile.mkdtemp(prefix="bench-work.", dir=scratch)
    spawner = Spawner()
    try:
        return measure(args, QUICK if args.quick else FULL, container, workdir, spawner)
    except StepFailed as failure:
        for line in failure.lines:
            log(line)
        return failure.status
    except KeyboardInterrupt:
        return 130
    finally:
        spawner.cleanup()
        shutil.rmtree(workdir, ignore_errors=True)
        if args.keep:
            log(f"bench: container kept at {container}")
        else:
            shutil.rmtree(container, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())

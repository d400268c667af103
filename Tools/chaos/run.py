#!/usr/bin/env python3
"""Tools/chaos/run.py — the request channel under kill -9 (started by Scripts/chaos, which builds).

Standard library only. Makes a container (`main login`, `main seed` small), runs the rounds of
Tools/chaos/rounds.py, drains the queue once cleanly, reads everything back
(Tools/chaos/verify.py) and judges it (Tools/chaos/figures.py). Progress goes to stderr;
the figures to stdout, as text or (--json) as one JSON object. Exit 0 when the bar is met, 1 when
it is not, 2 when the run itself could not be set up.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import shutil
import signal
import sys
import tempfile
import time

from chaos import figures as chaos_figures
from chaos import report as chaos_report
from chaos import verify as chaos_verify
from chaos.apps import Apps
from chaos.channel import Channel
from chaos.rounds import Rounds
from chaos import server as chaos_server
from chaos.server import ChaosServer, ServerError
from common.git import commit

DEFAULT_ROUNDS = 300
TARGET_CHATS = 4


class SetupError(Exception):
    pass


def log(message: str) -> None:
    print(f"chaos: {message}", file=sys.stderr, flush=True)


def parse_arguments() -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="Scripts/chaos", description="The request channel under kill -9 (see Scripts/chaos --help).")
    parser.add_argument("--bin", required=True, help="directory of the built executables")
    parser.add_argument("--rounds", type=int, default=DEFAULT_ROUNDS)
    parser.add_argument("--seed", type=int, default=None)
    parser.add_argument("--container", default=None)
    parser.add_argument("--keep", action="store_true")
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--server", action="store_true",
                        help="the account on the test server, sendMessage answered --answer-late seconds late")
    parser.add_argument("--answer-late", type=float, default=0.1)
    args = parser.parse_args()
    if args.rounds < 1:
        parser.error("--rounds must be at least 1")
    return args


def make_container(requested: str | None) -> tuple[str, bool]:
    """The container, and whether it is ours to remove (a named one is always kept)."""
    if requested is None:
        return tempfile.mkdtemp(prefix="chaos-container."), True
    path = os.path.abspath(requested)
    if os.path.exists(path) and os.listdir(path):
        raise SetupError(f"--container {path} is not empty (the run needs a fresh container)")
    os.makedirs(path, exist_ok=True)
    return path, False


def checked(proc, what: str) -> dict | list:
    if proc.returncode != 0:
        raise SetupError(f"{what} failed (status {proc.returncode}): {proc.stderr().strip()[-400:]}")
    return json.loads(proc.stdout())


def fixture(apps: Apps) -> tuple[int, list[int], int]:
    """An account with a small seeded chat list: its id, the chats to write to, the message count."""
    login = checked(apps.run("main", ["login", "--phone", "+15550001", "--name", "Chaos Monkey", "--json"]), "main login")
    checked(apps.run("main", ["seed", "--peers", "20", "--messages", "100", "--seed", "1", "--json"]), "main seed")
    chats = checked(apps.run("main", ["chats", "--limit", "100", "--json"]), "main chats")
    # User chats only: intents sends to people (tg<peerId>), and share takes any chat but a secret one.
    peers = [row["peerId"] for row in chats if row["kind"] == "user"][:TARGET_CHATS]
    if len(peers) < TARGET_CHATS:
        raise SetupError(f"the seeded account has only {len(peers)} user chats")
    count, error = chaos_verify.message_count(apps)
    if error:
        raise SetupError(error)
    return int(login["accountId"]), peers, count


def commit_text() -> str:
    head, dirty = commit()
    return f"{head}{' + working tree' if dirty else ''}"


def progress(rounds: Rounds, done: int, total: int, started: float) -> None:
    subs = rounds.submissions
    log(f"round {done}/{total}: {len(subs)} submissions ({sum(s.outcome == 'killed' for s in subs)} killed), "
        f"main killed {rounds.tally.main_kill_total}×, pending {len(rounds.channel.pending_ids())}, "
        f"rejected {len(rounds.channel.names('rejected'))}, {time.monotonic() - started:.0f} s")


def run(args: argparse.Namespace, apps: Apps, container: str, seed: int) -> dict:
    started = time.monotonic()
    log(f"fixture in {container}")
    server = None
    if args.server:
        try:
            server = ChaosServer(apps, apps.io_dir, args.answer_late)
            account_id, user_id, peers = server.prepare()
        except ServerError as error:
            raise SetupError(str(error))
        log(f"the account is user {user_id} on the test server at {server.address}")
        messages_before, error = chaos_verify.message_count(apps)
        if error:
            raise SetupError(error)
    else:
        account_id, peers, messages_before = fixture(apps)
    channel = Channel(container)
    rounds = Rounds(apps, channel, random.Random(seed), peers, tag=f"{seed:x}")
    log(f"{args.rounds} rounds (seed {seed}) into chats {', '.join(map(str, peers))}")
    every = 10 if sys.stderr.isatty() else 50
    for done in range(1, args.rounds + 1):
        rounds.round()
        if done % every == 0 or done == args.rounds:
            progress(rounds, done, args.rounds, started)

    log("final drain: main run, undisturbed")
    read_errors = [e for e in [chaos_verify.final_drain(apps)] if e]
    server_figures = None
    if server:
        log("settling: main sync until nothing waits for the server")
        waiting = server.settle(peers)
    log("reading back")
    counts, error = chaos_verify.stored_texts(apps, peers)
    read_errors += [error] if error else []
    for submission in rounds.submissions:
        submission.stored = counts.get(submission.text, 0)
    applied, error = chaos_verify.applied_request_ids(apps, account_id)
    read_errors += [error] if error else []
    entries = chaos_verify.rejected_entries(channel, container)
    figures = chaos_figures.figures(rounds.submissions, counts, rounds.tag, entries, rounds.tally.planted, applied,
                                    chaos_verify.leftovers(channel))
    integrity = chaos_verify.integrity(apps, account_id)
    messages_after, status_error = chaos_verify.message_count(apps)
    if server:
        server_figures = chaos_server.judge(rounds.submissions, counts, server.server_texts(user_id), f"chaos {rounds.tag} ", waiting,
                                            server.refused(peers), server.retries())
    delta = messages_after - messages_before if messages_after is not None else None
    tally = rounds.tally
    return {
        "rounds": args.rounds,
        "seed": seed,
        "seconds": round(time.monotonic() - started, 1),
        "commit": commit_text(),
        "date": time.strftime("%Y-%m-%d", time.gmtime()),
        "cores": os.cpu_count(),
        "container": container,
        "kills": {"main": tally.main_kill_total, "mainByMode": dict(tally.main_kills),
                  "watchTriggers": dict(tally.watch_fired), "mainStarts": tally.main_starts,
                  "extensions": figures["submissions"]["total"]["killed"]},
        "figures": figures,
        "integrity": integrity,
        "statusError": status_error,
        "messageCountDelta": delta,
        "mainAnomalies": tally.main_anomalies,
        "failures": chaos_figures.failures(figures, integrity, status_error, delta, tally.main_anomalies, read_errors)
        + (server_figures["failures"] if server_figures else []),
        "server": server_figures,
    }


def main() -> int:
    args = parse_arguments()
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(1, 2**31)
    # SIGTERM ends the run like Ctrl-C: through the `finally` below, which kills what it started.
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))
    try:
        container, ours = make_container(args.container)
    except SetupError as error:
        log(f"error: {error}")
        return 2
    io_dir = tempfile.mkdtemp(prefix="chaos-io.")
    apps = Apps(args.bin, container, io_dir)
    try:
        result = run(args, apps, container, seed)
    except SetupError as error:
        log(f"error: {error}")
        return 2
    except KeyboardInterrupt:
        log("interrupted")
        return 130
    finally:
        apps.cleanup()
        if args.keep:
            log(f"kept: container {container}, process output {io_dir}")
        else:
            shutil.rmtree(io_dir, ignore_errors=True)
            if ours:
                shutil.rmtree(container, ignore_errors=True)
    print(json.dumps(result, indent=2, sort_keys=True) if args.json else chaos_report.text(result), flush=True)
    return 1 if result["failures"] else 0


if __name__ == "__main__":
    sys.exit(main())

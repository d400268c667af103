#!/usr/bin/env python3
"""Tools/bench/runner.py — time whole processes against the hello-reference, per docs/architecture.md §8.

Normally started by Scripts/bench, which builds the release binaries, through
Tools/bench/with_fixture.py, which makes the fixture.
Standard library only, so it runs wherever python3 does.

How a process is measured:
  * spawned with posix_spawn (no shell), stdout to /dev/null, stderr to a file (kept only to
    report failures), stdin from /dev/null;
  * wall time = from immediately before the spawn to immediately after wait4() returns, i.e.
    exec + dynamic loading + the command + exit, as a user would experience it;
  * peak RSS = wait4()'s ru_maxrss, the child's high-water mark (KiB on Linux).
  The spawn is done by Tools/bench/measure_spawn.c, a ~1 MiB C helper this runner compiles on the fly
  (cc, gcc, or the Swift toolchain's clang), because on Linux execve() folds the replaced address
  space's peak RSS into ru_maxrss: a child spawned straight from Python reports at least Python's
  own 13-16 MiB. Without a C compiler the runner falls back to os.posix_spawn + os.wait4 and
  says that the RSS figures are floored at its own RSS.
  * footprint at exit (issue 15): 3 more runs of each command, traced by measure_spawn (-m), whose
    smaps at the exit stop Tools/bench/footprint.py sums (anonymous, swap, and what the process
    alone dirtied in shared mappings); separate runs, so the ptrace stops never touch a timing.
  hello-reference-static (the same hello with the Swift runtime linked statically) is measured
  like a command, as a line without a budget; ratios divide by the dynamic hello-reference.

Why interleaved: the budgets are ratios to hello-reference's median, so the reference runs right
before every measured process, in the same run; drift in machine load (another build, thermal
state) then hits both sides of the ratio alike. The order of the extensions rotates each round.
A few warm-up runs per command come first and are not counted (page cache, first-touch costs).

The screen broadcast (--broadcast-peer) comes last: `main call start` hosts a call, `broadcast
start` streams 1920x1080 NV12 at 60 fps into it for --broadcast-seconds, both started in the
background through measure_spawn (-o keeps their JSON, -t is a time limit), `main call end` ends the
call; main's final statistics and the extension's are judged against §8, and main's copy rate is
compared with Tools/bench/memcpy_reference.c copying as many frames in the same run.

After the timed rounds, the C floor (Tools/bench/floor.py, shared and static libraries), the
top-50 chat list read inside a process (Tools/bench/chatlist.py, storage-bench) and, with
--ingest-messages N, main ingesting N messages alone and while 5 extensions read, in a container
of its own (Tools/bench/ingest.py).

With --interface-launches N (Scripts/bench passes it), main's interface is measured on a
pseudo-terminal before the broadcast (Tools/bench/interface.py): launch to the first frame
against `main status`, key to frame, opening the big chat, a selection and a page of scrolling
in it, opening a chat with 10,000 unread at its divider; then main's edits and deletions timed
inside one process (Tools/bench/actions.py).

Every run writes its result file (Tools/bench/results.py: Benchmarks/results/, and for a full run
Benchmarks/latest.json); the budgets come from Benchmarks/budgets.toml (Tools/bench/budgets.py).

Exit status: 1 if any measured command exits non-zero (or its JSON does not parse), or the
broadcast fails; with --fail-over-budget also 1 if any line is OVER (or UNDER); else 0.
"""

from __future__ import annotations

import argparse
import datetime
import json
import os
import sys
import tempfile

from bench.actions import measure_message_actions
from bench.broadcast import judge_broadcast, measure_broadcast
from bench.budgets import budget_table, command_budget, time_verdict
from bench.chatlist import measure_chat_list
from bench.commands import DESKTOP_POSTED, REFERENCE, STATIC_REFERENCE, summarize, validate
from bench.desktop_bus import LISTENER_EXIT_LIMIT_S, BusUnavailable, DesktopBus
from bench.floor import measure_floor
from bench.footprint import FOOTPRINT_RUNS, measure_footprints
from bench.frames import measure_frames
from bench.import_export import measure_import
from bench.ingest import measure_ingest
from bench.interface import measure_interface
from bench.machine import machine_description
from bench.meter import Failure, Meter
from bench.results import write_result
from bench.search import measure_search
from bench.table import print_table


EXTENSIONS = ["share", "notify-service", "widget", "intents", "broadcast"]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--bin-dir", required=True, help="folder with the built executables (swift build --show-bin-path)")
    parser.add_argument("--container", required=True, help="the fixture's app group container")
    parser.add_argument("--runs", type=int, default=30, help="measured runs per command (default 30)")
    parser.add_argument("--warmup", type=int, default=3, help="uncounted runs per command first (default 3)")
    parser.add_argument("--fixture-info", help="JSON file written by Tools/bench/with_fixture.py describing the fixture")
    parser.add_argument("--build", default="release", help="how the binaries were built (for the report)")
    parser.add_argument("--json", action="store_true", help="print the report as JSON instead of a table")
    parser.add_argument("--fail-over-budget", action="store_true", help="exit 1 if any line is OVER budget")
    parser.add_argument("--kind", default="partial", choices=["full", "quick", "partial"],
                        help="what the result file calls the run; Scripts/bench passes full (the §8 fixture and every "
                        "part: also written to Benchmarks/latest.json) or quick (default partial)")
    parser.add_argument("--only", nargs="*", choices=EXTENSIONS, help="measure only these extensions")
    parser.add_argument("--pushes", help="JSON {fresh: [push files], cached: push file, desktop: [push files]} for "
                        "notify-service deliveries (desktop: each posted to the bench's own notification server)")
    parser.add_argument("--search", help="a word of a seeded message, for intents search-messages")
    parser.add_argument("--broadcast-peer", help="a user chat of the current account: measure a screen broadcast "
                        "into a call with it (main call start + broadcast start)")
    parser.add_argument("--broadcast-seconds", type=int, default=30,
                        help="how long the broadcast streams (default 30, §8's figure)")
    parser.add_argument("--interface-launches", type=int, default=0,
                        help="measure main's interface on a pty with this many launches (Tools/bench/interface.py; "
                        "the container needs its big chat on top); 0: not measured")
    parser.add_argument("--interface-unread", type=int, default=10_000,
                        help="unread messages the interface opens its second chat with (the fixture's --unread-chat)")
    parser.add_argument("--ingest-messages", type=int, default=0,
                        help="measure main ingesting this many messages alone and with 5 readers (Tools/bench/ingest.py, "
                        "in a container of its own); 0: not measured")
    parser.add_argument("--ingest-peers", type=int, default=2000, help="chats the ingest spreads its messages over (default 2,000)")
    parser.add_argument("--ingest-rounds", type=int, default=3, help="ingest rounds, each alone and with readers (default 3)")
    parser.add_argument("--import-messages", type=int, default=0,
                        help="import two generated Telegram Desktop exports of this many messages (text only, and "
                             "every variant in realistic shares), and main seed as many (Tools/bench/import_export.py, "
                             "issues 16 and 28: 1,000,000 in <= 20 s, <= 200 MiB each; 0: skip)")
    parser.add_argument("--search-rare", help="the seed's rare word: time it and --search beside it (Tools/bench/search.py)")
    parser.add_argument("--search-rare-messages", type=int, default=5, help="how many messages hold the rare word")
    parser.add_argument("--search-large", type=int, default=0,
                        help="also time both words in a container of their own seeded with this many messages; 0: not")
    args = parser.parse_args(argv)
    if args.runs < 1:
        parser.error("--runs must be at least 1")
    if args.broadcast_seconds < 1:
        parser.error("--broadcast-seconds must be at least 1")

    bin_dir = os.path.abspath(args.bin_dir)
    container = os.path.abspath(args.container)
    fixture = None
    if args.fixture_info:
        with open(args.fixture_info, encoding="utf-8") as f:
            fixture = json.load(f)

    # Same environment for every process; drop variables that would change identity or container,
    # and the session bus: only the desktop-posted line posts, to the bench's own bus (a developer's
    # desktop gets no bench notifications, and the other lines measure no D-Bus connection).
    env = {k: v for k, v in os.environ.items()
           if k not in ("TELEGRAM_BUNDLE_ID", "APP_GROUP_CONTAINER", "DBUS_SESSION_BUS_ADDRESS", "TELEGRAM_DESKTOP_NOTIFICATIONS")}
    env["APP_GROUP_CONTAINER"] = container  # hello-reference reads (and prints) it, like an extension

    extensions = args.only or EXTENSIONS
    # name -> argvs (a run uses the next one in turn) and the extension whose budgets apply (None:
    # a line for comparison, not judged).
    commands = {REFERENCE: [[os.path.join(bin_dir, REFERENCE)]],
                STATIC_REFERENCE: [[os.path.join(bin_dir, STATIC_REFERENCE)]]}
    budget_of: dict[str, str | None] = {STATIC_REFERENCE: None}
    for ext in extensions:
        name = f"{ext} bootstrap --json"
        commands[name] = [[os.path.join(bin_dir, ext), "bootstrap", "--json", "--container", container]]
        budget_of[name] = ext
    if args.pushes and "notify-service" in extensions:
        with open(args.pushes, encoding="utf-8") as f:
            pushes = json.load(f)
        deliver = [os.path.join(bin_dir, "notify-service"), "--json", "--container", container]
        # Each run a different chat, whose avatar is not cached yet: decrypt, enrich, draw, write.
        if pushes.get("fresh"):
            name = "notify-service push (avatar drawn)"
            commands[name] = [deliver + [path] for path in pushes["fresh"]]
            budget_of[name] = "notify-service"
        if pushes.get("cached"):
            name = "notify-service push (avatar cached)"
            commands[name] = [deliver + [pushes["cached"]]]
            budget_of[name] = "notify-service"
        # Each run a different chat again (its own pushes, so the line above keeps its own), and the
        # notification posted to the desktop: the bench's bus and server (Tools/bench/desktop_bus.py).
        if pushes.get("desktop"):
            commands[DESKTOP_POSTED] = [deliver + [path] for path in pushes["desktop"]]
            budget_of[DESKTOP_POSTED] = "notify-service"
    # The extensions' common reads over the big account (issue 4): the share sheet's peer picker
    # and a Siri message search.
    if "share" in extensions:
        name = "share peers --json"
        commands[name] = [[os.path.join(bin_dir, "share"), "peers", "--json", "--container", container]]
        budget_of[name] = "share"
    # The widget's timeline (widget-data only, no database) and its configuration list (the top 50
    # of the chat list read-only, avatars drawn into the MediaBox on the first run, reused after).
    if "widget" in extensions:
        for name, argv in (("widget timeline --json", ["timeline", "--json"]),
                           ("widget configure --json", ["configure", "--json"])):
            commands[name] = [[os.path.join(bin_dir, "widget")] + argv + ["--container", container]]
            budget_of[name] = "widget"
    if "intents" in extensions and args.search:
        name = "intents search-messages --json"
        commands[name] = [[os.path.join(bin_dir, "intents"), "search-messages", "--query", args.search, "--json",
                           "--container", container]]
        budget_of[name] = "intents"

    report: dict = {
        "date": datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M:%S UTC"),
        "machine": machine_description(),
        "build": args.build,
        "fixture": fixture,
        "runs": args.runs,
        "warmup": args.warmup,
        "budgets": budget_table(),
    }

    failures: dict[str, Failure] = {}
    notes: dict[str, list[str]] = {}
    measured = [name for name in commands if name != REFERENCE]
    samples, footprints = measure_all(args, commands, failures, notes, measured, env, fixture, report)
    return judge(args, commands, failures, notes, measured, budget_of, samples, footprints, report)


def start_desktop_bus(commands: dict, failures: dict, env: dict) -> tuple[DesktopBus | None, dict]:
    """The bench's session bus when the desktop-posted line is measured; the environments per command
    that differ from env (that line's: the bus's address)."""
    if DESKTOP_POSTED not in commands:
        return None, {}
    try:
        bus = DesktopBus(env)
    except BusUnavailable as problem:
        failures[DESKTOP_POSTED] = Failure(commands[DESKTOP_POSTED][0], 1, f"the bench's session bus: {problem}")
        return None, {}
    return bus, {DESKTOP_POSTED: dict(env, DBUS_SESSION_BUS_ADDRESS=bus.address)}


def stop_desktop_bus(bus: DesktopBus, bin_dir: str, container: str, notes: dict, report: dict) -> None:
    report["desktopBus"] = done = bus.stop(os.path.join(bin_dir, "notify-service"), container)
    notes.setdefault(DESKTOP_POSTED, []).append(
        f"the bench's notification server answered {done['notifyCalls']} Notify calls, {done['withImage']} with "
        f"image-data; {done['listenersRunning']} notify-service listen running when the bus stopped, "
        f"{done['listenersKilled']} left {LISTENER_EXIT_LIMIT_S:.0f} s later (killed)")


def measure_all(args, commands: dict, failures: dict, notes: dict, measured: list[str], env: dict,
                fixture: dict | None, report: dict) -> tuple[dict, dict]:
    """Validates and times the commands, then the parts; fills failures, notes and report; returns
    the samples and footprints per command."""
    bin_dir = os.path.abspath(args.bin_dir)
    container = os.path.abspath(args.container)
    with tempfile.TemporaryDirectory(prefix="bench-runner.") as workdir:
        meter = Meter(workdir)
        report["measurement"] = meter.method
        # Up only while the commands are timed: nothing of it is left during the parts after them.
        bus, envs = start_desktop_bus(commands, failures, env)
        try:
            samples, footprints = measure_commands(args, commands, failures, notes, measured,
                                                   lambda name: envs.get(name, env), fixture, meter, workdir)
        finally:
            if bus:
                stop_desktop_bus(bus, bin_dir, container, notes, report)
        report["floor"] = measure_floor(meter, workdir, container, min(args.runs, 10), env)
        report["frames"] = measure_frames(args.bin_dir)
        report["chatList"] = measure_chat_list(bin_dir, container, env)
        if args.ingest_messages > 0:
            if not args.json:
                print(f"ingest: {args.ingest_rounds} round(s) of {args.ingest_messages:,} messages, alone and with 5 readers ...",
                      file=sys.stderr, flush=True)
            report["ingest"] = measure_ingest(bin_dir, env, args.ingest_peers, args.ingest_messages, args.ingest_rounds,
                                              args.search or "tickets")
        if args.import_messages > 0:
            if not args.json:
                print(f"import: two generated exports of {args.import_messages:,} messages (text, every variant), and main seed of as many ...",
                      file=sys.stderr, flush=True)
            report["import"] = measure_import(bin_dir, args.import_messages)
        if args.search_rare and args.search:
            report["search"] = measure_search(meter, bin_dir, container, env, args.runs, args.search, args.search_rare,
                                              args.search_rare_messages, (fixture or {}).get("messages", 0), args.search_large)
        # Before the broadcast, whose `main call start` becomes the app; each launch quits (lock released).
        if args.interface_launches > 0:
            report["interface"] = measure_interface(bin_dir, container, args.interface_launches, unread=args.interface_unread)
            # After the interface, which reads the big chat these edit and delete in.
            report["messageActions"] = measure_message_actions(bin_dir, container, env)
        # Last, so that nothing else competes with the 30 s stream (and the call leaves nothing behind).
        if args.broadcast_peer and "broadcast" in (args.only or EXTENSIONS):
            if not args.json:
                print(f"broadcast: streaming {args.broadcast_seconds} s of 1920x1080 at 60 fps ...",
                      file=sys.stderr, flush=True)
            report["broadcast"] = measure_broadcast(meter, workdir, bin_dir, container, env,
                                                    args.broadcast_peer, args.broadcast_seconds)
            judge_broadcast(report["broadcast"])
    return samples, footprints


def measure_commands(args, commands: dict, failures: dict, notes: dict, measured: list[str], env_for,
                     fixture: dict | None, meter: Meter, workdir: str) -> tuple[dict, dict]:
    """Each command validated once, then timed in interleaved rounds and its footprint at exit
    measured, in env_for(name); returns the samples and footprints per command."""
    for name, argvs in commands.items():
        if name in failures:
            continue
        if not os.access(argvs[0][0], os.X_OK):
            failures[name] = Failure(argvs[0], 127, f"not found or not executable: {argvs[0][0]}")
            continue
        # A fresh-avatar command validates on a spare push so every measured run still draws.
        probe = argvs.pop() if len(argvs) > 1 else argvs[0]
        notes[name], failure = validate(name, probe, env_for(name), fixture)
        if failure:
            failures[name] = failure
    turn = {name: 0 for name in commands}

    def next_argv(name: str) -> list[str]:
        argvs = commands[name]
        argv = argvs[turn[name] % len(argvs)]
        turn[name] += 1
        return argv

    samples: dict[str, list[tuple[float, int]]] = {name: [] for name in commands}
    footprints: dict[str, dict] = {}
    live = [name for name in measured if name not in failures]
    if REFERENCE not in failures:
        for name in [REFERENCE] + live:  # warm-up, not recorded
            for _ in range(args.warmup):
                try:
                    meter.run(next_argv(name), env_for(name))
                except Failure as failure:
                    failures.setdefault(name, failure)
        live = [name for name in live if name not in failures]
        for round_index in range(args.runs):
            shift = round_index % max(len(live), 1)
            for measured_name in live[shift:] + live[:shift]:
                for name in (REFERENCE, measured_name):
                    if name in failures:
                        continue
                    try:
                        samples[name].append(meter.run(next_argv(name), env_for(name)))
                    except Failure as failure:
                        failures[name] = failure
            if not args.json:
                print(f"\rround {round_index + 1}/{args.runs}", end="", file=sys.stderr, flush=True)
        if not args.json:
            print(file=sys.stderr)
        # Memory at exit, in runs of their own: the ptrace stops would perturb the timed runs.
        footprints = measure_footprints(meter, workdir, [REFERENCE] + live, next_argv, env_for)
    return samples, footprints


def judge(args, commands: dict, failures: dict, notes: dict, measured: list[str], budget_of: dict, samples: dict,
          footprints: dict, report: dict) -> int:
    """The verdicts against the budgets, the result file and the printed report; the exit status."""

    def failure_doc(failure: Failure) -> dict:
        return {"argv": failure.argv, "exitCode": failure.exit_code, "stderr": failure.stderr}

    reference = {"command": REFERENCE, "argv": commands[REFERENCE][0]}
    if REFERENCE in failures:
        reference["failure"] = failure_doc(failures[REFERENCE])
    elif samples[REFERENCE]:
        reference.update(summarize(samples[REFERENCE]))
        reference["footprintAtExitMiB"] = footprints.get(REFERENCE)
    report["reference"] = reference
    report["footprintRuns"] = FOOTPRINT_RUNS
    ref_median = reference.get("wallMs", {}).get("median")

    rows = []
    all_ok = REFERENCE not in failures
    any_over = False
    for name in measured:
        ext = budget_of[name]
        row: dict = {"command": name, "argv": commands[name][0], "notes": notes.get(name, [])}
        if len(commands[name]) > 1:
            row["argvVariants"] = len(commands[name])
        if name in failures:
            row["failure"] = failure_doc(failures[name])
            row["verdict"] = "FAILED"
            all_ok = False
        elif samples[name]:
            row.update(summarize(samples[name]))
            row["footprintAtExitMiB"] = footprints.get(name)
            if (row["footprintAtExitMiB"] or {}).get("failed"):
                row["notes"].append(f"footprint not measured: {row['footprintAtExitMiB']['failed']}")
            ratio = row["wallMs"]["median"] / ref_median if ref_median else None
            row["ratio"] = ratio
            if ext is None:  # a line for comparison (the static hello), not judged
                row["timeVerdict"], row["verdict"] = "-", "-"
                rows.append(row)
                continue
            budget = command_budget(name, ext)
            row["timeBudgetRatio"], row["timeGoalRatio"] = budget.ratio, budget.goal
            row["timeVerdict"], time_ok = time_verdict(ratio, budget)
            row["rssBudgetMiB"] = budget.rss_mib
            rss_ok = row["peakRssMiB"]["median"] <= budget.rss_mib
            row["rssVerdict"] = "PASS" if rss_ok else "OVER"
            row["verdict"] = "PASS" if (time_ok and rss_ok) else "OVER"
            any_over = any_over or not (time_ok and rss_ok)
        else:
            row["verdict"] = "NOT RUN"
            all_ok = False
        rows.append(row)
    report["commands"] = rows
    frames = report.get("frames") or {}
    if "failed" in frames:
        all_ok = False
    any_over = any_over or frames.get("verdict") == "OVER"
    interface = report.get("interface") or {}
    if "failed" in interface:
        all_ok = False
    any_over = any_over or interface.get("verdict") == "OVER"
    for part in ("chatList", "ingest", "import", "search", "messageActions"):
        result = report.get(part) or {}
        if "failed" in result:
            all_ok = False
        any_over = any_over or result.get("verdict") == "OVER"
    broadcast = report.get("broadcast")
    if broadcast:
        all_ok = all_ok and broadcast["verdict"] != "FAILED"
        any_over = any_over or broadcast["verdict"] == "OVER BUDGET"
    report["overall"] = ("FAILED (a command failed)" if not all_ok
                         else "OVER BUDGET" if any_over else "ALL WITHIN BUDGET")

    write_result(report, args.kind if not args.only else "partial")
    if args.json:
        json.dump(report, sys.stdout, indent=2)
        print()
    else:
        print_table(report)

    if not all_ok:
        return 1
    if any_over and args.fail_over_budget:
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env python3
"""Scripts/bench_runner.py — time whole processes against the hello-reference, per ARCHITECTURE.md §8.

Normally started by Scripts/bench, which builds the release binaries and makes the fixture.
Standard library only, so it runs wherever python3 does.

How a process is measured:
  * spawned with posix_spawn (no shell), stdout to /dev/null, stderr to a file (kept only to
    report failures), stdin from /dev/null;
  * wall time = from immediately before the spawn to immediately after wait4() returns, i.e.
    exec + dynamic loading + the command + exit, as a user would experience it;
  * peak RSS = wait4()'s ru_maxrss, the child's high-water mark (KiB on Linux).
  The spawn is done by Scripts/bench_spawn.c, a ~1 MiB C helper this runner compiles on the fly
  (cc, gcc, or the Swift toolchain's clang), because on Linux execve() folds the replaced address
  space's peak RSS into ru_maxrss: a child spawned straight from Python reports at least Python's
  own 13-16 MiB. Without a C compiler the runner falls back to os.posix_spawn + os.wait4 and
  says that the RSS figures are floored at its own RSS.
  * footprint at exit (issue 15): 3 more runs of each command, traced by bench_spawn (-m), whose
    smaps at the exit stop Scripts/bench_footprint.py sums (anonymous, swap, and what the process
    alone dirtied in shared mappings); separate runs, so the ptrace stops never touch a timing.
  hello-reference-static (the same hello with the Swift runtime linked statically) is measured
  like a command, as a line without a budget; ratios divide by the dynamic hello-reference.

Why interleaved: the budgets are ratios to hello-reference's median, so the reference runs right
before every measured process, in the same run; drift in machine load (another build, thermal
state) then hits both sides of the ratio alike. The order of the extensions rotates each round.
A few warm-up runs per command come first and are not counted (page cache, first-touch costs).

The screen broadcast (--broadcast-peer) comes last: `main call start` hosts a call, `broadcast
start` streams 1920x1080 NV12 at 60 fps into it for --broadcast-seconds, both started in the
background through bench_spawn (-o keeps their JSON, -t is a time limit), `main call end` ends the
call; main's final statistics and the extension's are judged against §8, and main's copy rate is
compared with Scripts/bench_memcpy.c copying as many frames in the same run.

After the timed rounds, the C floor (Scripts/bench_floor.py, shared and static libraries), the
top-50 chat list read inside a process (Scripts/bench_chatlist.py, storage-bench) and, with
--ingest-messages N, main ingesting N messages alone and while 5 extensions read, in a container
of its own (Scripts/bench_ingest.py).

With --interface-launches N (Scripts/bench passes it), main's interface is measured on a
pseudo-terminal before the broadcast (Scripts/bench_interface.py): launch to the first frame
against `main status`, key to frame, opening the big chat, a page of scrolling.

Exit status: 1 if any measured command exits non-zero (or its JSON does not parse), or the
broadcast fails; with --fail-over-budget also 1 if any line is OVER (or UNDER); else 0.
"""

from __future__ import annotations

import argparse
import datetime
import json
import os
import platform
import shutil
import statistics
import subprocess
import sys
import tempfile

from bench_broadcast import judge_broadcast, measure_broadcast, print_broadcast
from bench_budgets import budget_table, command_budget, time_verdict
from bench_chatlist import measure_chat_list, print_chat_list
from bench_floor import measure_floor, print_floor
from bench_footprint import FOOTPRINT_RUNS, footprint_text, measure_footprints
from bench_frames import measure_frames, print_frames
from bench_import import measure_import, print_import
from bench_ingest import measure_ingest, print_ingest
from bench_interface import measure_interface, print_interface
from bench_process import Failure, Spawner, read_text
from bench_search import measure_search, print_search

EXTENSIONS = ["share", "notify-service", "widget", "intents", "broadcast"]
REFERENCE = "hello-reference"
# The same hello with the Swift runtime linked statically (issue 15): a line of the report, no budget.
STATIC_REFERENCE = "hello-reference-static"



# ---------------------------------------------------------------------------------------------
# Machine description


def _run_text(argv: list[str], cwd: str | None = None) -> str:
    try:
        out = subprocess.run(argv, capture_output=True, text=True, timeout=60, cwd=cwd)
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
    repo = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    return {
        "uname": _run_text(["uname", "-a"]) if shutil.which("uname") else " ".join(os.uname()),
        "nproc": usable_cpus,
        "cpuModel": model,
        "memTotalGiB": round(mem_kib / 1024 / 1024, 1),
        "loadAverage": read_text("/proc/loadavg").split()[:3],
        "swiftVersion": _run_text(["swift", "--version"]),
        "python": platform.python_version(),
        "gitCommit": _run_text(["git", "rev-parse", "--short", "HEAD"], cwd=repo),
    }


def _check_push(doc: dict, argv: list[str]) -> Failure | None:
    if doc.get("status") != "delivered":
        return Failure(argv, 0, f"push not delivered: status {doc.get('status')!r}, reason {doc.get('reason')!r}")
    if not doc.get("attachments"):
        return Failure(argv, 0, "delivered without an avatar attachment")
    return None


def _check_widget(name: str, doc: dict, argv: list[str]) -> Failure | None:
    """The fixture's current account has chats and main has published them: the timeline must show
    them (not an empty or locked state), and configure must list."""
    if name.startswith("widget timeline") and (doc.get("state") != "chats" or not (doc.get("entries") or [{}])[0].get("chats")):
        return Failure(argv, 0, f"timeline shows no chats: state {doc.get('state')!r}, reason {doc.get('reason')!r}")
    if name.startswith("widget configure") and (doc.get("status") != "ok" or not doc.get("peers")):
        return Failure(argv, 0, f"configure listed nothing: status {doc.get('status')!r}")
    return None


def validate(name: str, argv: list[str], env: dict, fixture: dict | None) -> tuple[list[str], Failure | None]:
    """Run once with output captured: the command must succeed and (extensions) print the contract's
    JSON. Returns notes about mismatches with the fixture (reported, not fatal)."""
    proc = subprocess.run(argv, env=env, capture_output=True, text=True, stdin=subprocess.DEVNULL)
    if proc.returncode != 0:
        return [], Failure(argv, proc.returncode, proc.stderr)
    if name in (REFERENCE, STATIC_REFERENCE):
        return [], None
    try:
        doc = json.loads(proc.stdout)
    except json.JSONDecodeError as error:
        return [], Failure(argv, 0, f"stdout is not JSON ({error}): {proc.stdout[:400]!r}\n{proc.stderr}")
    notes = []
    if not isinstance(doc, dict):
        return [], Failure(argv, 0, f"stdout JSON is not an object: {proc.stdout[:400]!r}")
    if not name.endswith("bootstrap --json"):  # a command's own output, checked by its own rule
        if name.startswith("widget"):
            return [], _check_widget(name, doc, argv)
        return [], None if name.startswith(("share", "intents")) else _check_push(doc, argv)
    for key in ("processType", "bundleId", "currentAccountId", "postboxReadOnly", "messageCount", "totalMilliseconds"):
        if key not in doc:
            notes.append(f"missing key {key!r}")
    if fixture:
        if doc.get("currentAccountId") != fixture.get("currentAccountId"):
            notes.append(f"currentAccountId {doc.get('currentAccountId')!r} != fixture's {fixture.get('currentAccountId')!r}")
        # main push stores one message per push written for notify-service.
        expected = fixture.get("messages", 0) + fixture.get("pushedMessages", 0)
        if "messageCount" in doc and doc["messageCount"] != expected:
            notes.append(f"messageCount {doc['messageCount']} != fixture's {expected}")
        # The account's own user is a peer too, so N seeded peers may read as N + 1.
        if "peerCount" in doc and doc["peerCount"] not in (fixture.get("peers"), fixture.get("peers", 0) + 1):
            notes.append(f"peerCount {doc['peerCount']} != fixture's {fixture.get('peers')}")
        if len(doc.get("accounts", [])) != fixture.get("accounts"):
            notes.append(f"{len(doc.get('accounts', []))} accounts != fixture's {fixture.get('accounts')}")
    if doc.get("postboxReadOnly") is False:
        notes.append("postboxReadOnly is false with a current account")
    if doc.get("locked") is True:
        notes.append("reports locked (no passcode was set)")
    return notes, None


def percentile(values: list[float], fraction: float) -> float:
    """Linear interpolation between closest ranks (numpy's default)."""
    ordered = sorted(values)
    if len(ordered) == 1:
        return ordered[0]
    position = (len(ordered) - 1) * fraction
    low = int(position)
    high = min(low + 1, len(ordered) - 1)
    return ordered[low] + (ordered[high] - ordered[low]) * (position - low)


def summarize(samples: list[tuple[float, int]]) -> dict:
    times = [t for t, _ in samples]
    rss_mib = [r / 1024.0 for _, r in samples]
    return {
        "runs": len(samples),
        "wallMs": {
            "median": statistics.median(times),
            "p90": percentile(times, 0.9),
            "min": min(times),
            "max": max(times),
        },
        "peakRssMiB": {"median": statistics.median(rss_mib), "max": max(rss_mib)},
    }


# ---------------------------------------------------------------------------------------------
# Report


def fmt(value, pattern="{:.2f}") -> str:
    return "-" if value is None else pattern.format(value)


def ratio_text(ratio: float) -> str:
    """A budget's ratio as written in the issue: 1.25, 1.5, 1.0."""
    text = f"{ratio:.2f}"
    return text[:-1] if text.endswith("0") else text


def print_table(report: dict) -> None:
    m = report["machine"]
    print(f"date:     {report['date']}")
    print(f"machine:  {m['uname']}")
    print(f"cpus:     {m['nproc']} x {m['cpuModel']}; memory {m['memTotalGiB']} GiB; load avg {' '.join(m['loadAverage'])}")
    print(f"swift:    {m['swiftVersion'].splitlines()[0] if m['swiftVersion'] else '?'}")
    print(f"build:    {report['build']}; commit {m['gitCommit']}; python {m['python']}")
    fx = report.get("fixture")
    if fx:
        big = f" ({fx['bigChatMessages']:,} in one chat)" if fx.get("bigChatMessages") else ""
        print(f"fixture:  {fx['accounts']} accounts; current one {fx['peers']:,} peers / {fx['messages']:,} messages{big}")
        reported = fx.get("seedReportedSeconds")
        print(f"seed:     {fx['messages']:,} messages in {fx['seedWallSeconds']:.2f} s wall "
              f"({fx['seedMessagesPerSecond']:,.0f} messages/s; main seed reported "
              f"{fmt(reported, '{:.2f} s')})")
    print(f"runs:     {report['runs']} per command (+{report['warmup']} warm-up), interleaved with {REFERENCE}")
    print(f"measured: {report.get('measurement', '?')}")
    print()

    header = (f"{'command':<38} {'median ms':>9} {'p90 ms':>8} {'x hello':>7} {'budget':>7} {'goal':>6} {'time':>15} "
              f"{'peak RSS':>8} {'max':>6} {'footprint':>9} {'RSS budget':>11}  verdict")
    print(header)
    print(f"{'':<38} {'':>9} {'':>8} {'':>7} {'':>7} {'':>6} {'':>15} {'MiB':>8} {'MiB':>6} {'at exit':>9}")
    print("-" * len(header))
    ref = report["reference"]
    if "wallMs" in ref:
        print(f"{ref['command']:<38} {ref['wallMs']['median']:>9.2f} {ref['wallMs']['p90']:>8.2f} {1.0:>7.2f} "
              f"{'':>7} {'':>6} {'(reference)':>15} {ref['peakRssMiB']['median']:>8.1f} {ref['peakRssMiB']['max']:>6.1f} "
              f"{footprint_text(ref.get('footprintAtExitMiB')):>9} {'-':>11}  -")
    for row in report["commands"]:
        if row.get("failure"):
            print(f"{row['command']:<38} {'FAILED: exit ' + str(row['failure']['exitCode']):>34}")
            continue
        w, r = row["wallMs"], row["peakRssMiB"]
        budget = f"<={ratio_text(row['timeBudgetRatio'])}x" if row.get("timeBudgetRatio") else "-"
        goal = f"{ratio_text(row['timeGoalRatio'])}x" if row.get("timeGoalRatio") else "-"
        rss_budget = f"<= {row['rssBudgetMiB']:g} {row['rssVerdict']}" if "rssBudgetMiB" in row else "-"
        print(f"{row['command']:<38} {w['median']:>9.2f} {w['p90']:>8.2f} {fmt(row['ratio']):>7} {budget:>7} {goal:>6} "
              f"{row['timeVerdict']:>15} {r['median']:>8.1f} {r['max']:>6.1f} "
              f"{footprint_text(row.get('footprintAtExitMiB')):>9} {rss_budget:>11}  {row['verdict']}")
    print()
    for row in report["commands"]:
        for note in row.get("notes", []):
            print(f"note: {row['command']}: {note}")
        if row.get("failure"):
            f = row["failure"]
            print(f"FAILED: {' '.join(f['argv'])}\n  exit code: {f['exitCode']}")
            for line in (f["stderr"] or "(no stderr)").rstrip().splitlines()[:40]:
                print(f"  stderr: {line}")
    if report["reference"].get("failure"):
        f = report["reference"]["failure"]
        print(f"FAILED: {' '.join(f['argv'])} (exit {f['exitCode']}): {f['stderr'].strip()}")
    print_floor(report)
    print_chat_list(report)
    print_ingest(report)
    print_import(report)
    print_search(report)
    print_frames(report)
    print_interface(report)
    print("time: median wall time of the whole process / hello-reference's median, same run; goal: issue 15's aim. "
          "peak RSS: ru_maxrss of the whole process.")
    print(f"footprint at exit: Anonymous + Swap + the shared mappings' Private_Dirty, from the process's smaps read at its "
          f"exit stop (ptrace), median of {report.get('footprintRuns', '?')} runs of their own (BENCHMARKS.md).")
    if report.get("broadcast"):
        print()
        print_broadcast(report)
    print(f"overall: {report['overall']}")


# ---------------------------------------------------------------------------------------------


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--bin-dir", required=True, help="folder with the built executables (swift build --show-bin-path)")
    parser.add_argument("--container", required=True, help="the fixture's app group container")
    parser.add_argument("--runs", type=int, default=30, help="measured runs per command (default 30)")
    parser.add_argument("--warmup", type=int, default=3, help="uncounted runs per command first (default 3)")
    parser.add_argument("--fixture-info", help="JSON file written by Scripts/bench describing the fixture")
    parser.add_argument("--build", default="release", help="how the binaries were built (for the report)")
    parser.add_argument("--json", action="store_true", help="print the report as JSON instead of a table")
    parser.add_argument("--fail-over-budget", action="store_true", help="exit 1 if any line is OVER budget")
    parser.add_argument("--only", nargs="*", choices=EXTENSIONS, help="measure only these extensions")
    parser.add_argument("--pushes", help="JSON {fresh: [push files], cached: push file} for notify-service deliveries")
    parser.add_argument("--search", help="a word of a seeded message, for intents search-messages")
    parser.add_argument("--broadcast-peer", help="a user chat of the current account: measure a screen broadcast "
                        "into a call with it (main call start + broadcast start)")
    parser.add_argument("--broadcast-seconds", type=int, default=30,
                        help="how long the broadcast streams (default 30, §8's figure)")
    parser.add_argument("--interface-launches", type=int, default=0,
                        help="measure main's interface on a pty with this many launches (Scripts/bench_interface.py; "
                        "the container needs its big chat on top); 0: not measured")
    parser.add_argument("--ingest-messages", type=int, default=0,
                        help="measure main ingesting this many messages alone and with 5 readers (Scripts/bench_ingest.py, "
                        "in a container of its own); 0: not measured")
    parser.add_argument("--ingest-peers", type=int, default=2000, help="chats the ingest spreads its messages over (default 2,000)")
    parser.add_argument("--ingest-rounds", type=int, default=3, help="ingest rounds, each alone and with readers (default 3)")
    parser.add_argument("--import-messages", type=int, default=0,
                        help="import a generated Telegram Desktop export of this many messages, and main seed as many "
                             "(Scripts/bench_import.py, issue 16: 1,000,000 in <= 20 s, <= 200 MiB; 0: skip)")
    parser.add_argument("--search-rare", help="the seed's rare word: time it and --search beside it (Scripts/bench_search.py)")
    parser.add_argument("--search-rare-messages", type=int, default=5, help="how many messages hold the rare word")
    parser.add_argument("--search-large", type=int, default=0,
                        help="also time both words in a container of their own seeded with this many messages; 0: not")
    args = parser.parse_args()
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

    # Same environment for every process; drop variables that would change identity or container.
    env = {k: v for k, v in os.environ.items() if k not in ("TELEGRAM_BUNDLE_ID", "APP_GROUP_CONTAINER")}
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
    for name, argvs in commands.items():
        if not os.access(argvs[0][0], os.X_OK):
            failures[name] = Failure(argvs[0], 127, f"not found or not executable: {argvs[0][0]}")
            continue
        # A fresh-avatar command validates on a spare push so every measured run still draws.
        probe = argvs.pop() if len(argvs) > 1 else argvs[0]
        notes[name], failure = validate(name, probe, env, fixture)
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
    with tempfile.TemporaryDirectory(prefix="bench-runner.") as workdir:
        spawner = Spawner(workdir)
        report["measurement"] = spawner.method
        live = [name for name in measured if name not in failures]
        if REFERENCE not in failures:
            for name in [REFERENCE] + live:  # warm-up, not recorded
                for _ in range(args.warmup):
                    try:
                        spawner.run(next_argv(name), env)
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
                            samples[name].append(spawner.run(next_argv(name), env))
                        except Failure as failure:
                            failures[name] = failure
                if not args.json:
                    print(f"\rround {round_index + 1}/{args.runs}", end="", file=sys.stderr, flush=True)
            if not args.json:
                print(file=sys.stderr)
            # Memory at exit, in runs of their own: the ptrace stops would perturb the timed runs.
            footprints = measure_footprints(spawner, workdir, [REFERENCE] + live, next_argv, env)
        report["floor"] = measure_floor(spawner, workdir, container, min(args.runs, 10), env)
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
                print(f"import: a generated export of {args.import_messages:,} messages, and main seed of as many ...",
                      file=sys.stderr, flush=True)
            report["import"] = measure_import(bin_dir, args.import_messages)
        if args.search_rare and args.search:
            report["search"] = measure_search(spawner, bin_dir, container, env, args.runs, args.search, args.search_rare,
                                              args.search_rare_messages, (fixture or {}).get("messages", 0), args.search_large)
        # Before the broadcast, whose `main call start` becomes the app; each launch quits (lock released).
        if args.interface_launches > 0:
            report["interface"] = measure_interface(bin_dir, container, args.interface_launches)
        # Last, so that nothing else competes with the 30 s stream (and the call leaves nothing behind).
        if args.broadcast_peer and "broadcast" in extensions:
            if not args.json:
                print(f"broadcast: streaming {args.broadcast_seconds} s of 1920x1080 at 60 fps ...",
                      file=sys.stderr, flush=True)
            report["broadcast"] = measure_broadcast(spawner, workdir, bin_dir, container, env,
                                                    args.broadcast_peer, args.broadcast_seconds)
            judge_broadcast(report["broadcast"])

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
    for part in ("chatList", "ingest", "import", "search"):
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

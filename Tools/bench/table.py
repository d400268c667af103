"""Tools/bench/table.py — the runner's report as the table people read (--json prints the report itself)."""

from __future__ import annotations

from bench.actions import print_message_actions
from bench.broadcast import print_broadcast
from bench.chatlist import print_chat_list
from bench.commands import REFERENCE
from bench.floor import print_floor
from bench.footprint import footprint_text
from bench.frames import print_frames
from bench.import_export import print_import
from bench.ingest import print_ingest
from bench.interface import print_interface
from bench.search import print_search


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
    print_message_actions(report)
    print("time: median wall time of the whole process / hello-reference's median, same run; goal: issue 15's aim. "
          "peak RSS: ru_maxrss of the whole process.")
    print(f"footprint at exit: Anonymous + Swap + the shared mappings' Private_Dirty, from the process's smaps read at its "
          f"exit stop (ptrace), median of {report.get('footprintRuns', '?')} runs of their own (BENCHMARKS.md).")
    if report.get("broadcast"):
        print()
        print_broadcast(report)
    print(f"overall: {report['overall']}")

#!/usr/bin/env python3
"""Tools/bench/actions.py — an edit and a deletion applied by main, timed inside one process (issue 29).

Part of Tools/bench/runner.py, and runnable alone (`Scripts/bench --actions` does that) on a
container made by Scripts/bench. `storage-bench message-actions --json` (Sources/Executables/
StorageBench) launches as main does to write (the writer lock taken: no `main run` may be
running), then in the fixture's big chat (the top of the chat list, 100,000 messages) edits the
account's newest EDITS messages and deletes the next DELETIONS (for me), each through AppCore's
MessageActions — what the chat's `e` and `d` call — in one durable transaction: the Postbox's
rows, the chat list, the read state and the search index, synced to disk before it returns.
The figure is the call's time; the process's launch is not in it. Budget: the median of each
≤ [message_actions] applied_ms; p90 and max are reported beside it.

That the change reaches the open chat and the widget data within the app's next tick is checked
by a test, not timed here (Tests/IntegrationTests/MessageUpdatePushTests.swift).
The part changes the big chat (newest messages edited, some deleted): run it after the parts
that read that chat.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys

from bench.budgets import MESSAGE_ACTION_MS
from bench.part import finish_part

EDITS = 50
DELETIONS = 50


def measure_message_actions(bin_dir: str, container: str, env: dict, edits: int = EDITS, deletions: int = DELETIONS) -> dict:
    tool = os.path.join(os.path.abspath(bin_dir), "storage-bench")
    if not os.access(tool, os.X_OK):
        return {"failed": f"not built: {tool}"}
    argv = [tool, "message-actions", "--json", "--edits", str(edits), "--deletions", str(deletions),
            "--container", os.path.abspath(container)]
    proc = subprocess.run(argv, env=env, capture_output=True, text=True, stdin=subprocess.DEVNULL)
    if proc.returncode != 0:
        return {"failed": f"{' '.join(argv)} exited {proc.returncode}: {proc.stderr.strip()[-600:]}"}
    try:
        doc = json.loads(proc.stdout)
    except json.JSONDecodeError as error:
        return {"failed": f"storage-bench message-actions printed no JSON ({error}): {proc.stdout[:200]!r}"}
    result = {"argv": argv, "peerId": doc["peerId"], "chatMessages": doc["chatTopMessageId"], "budgetMs": MESSAGE_ACTION_MS,
              "lines": []}
    for key, what, count in (("edits", "an edit applied by main", doc["editCount"]),
                             ("deletions", "a deletion applied by main", doc["deletionCount"])):
        summary = doc[key]
        result["lines"].append({"key": key, "what": what, "runs": count, "median": summary["median"], "p90": summary["p90"],
                                "max": summary["max"], "budgetMs": MESSAGE_ACTION_MS,
                                "verdict": "PASS" if summary["median"] <= MESSAGE_ACTION_MS else "OVER"})
    result["verdict"] = "OVER" if any(line["verdict"] == "OVER" for line in result["lines"]) else "PASS"
    return result


def print_message_actions(report: dict) -> None:
    actions = report.get("messageActions")
    if not actions:
        return
    if "failed" in actions:
        print(f"message actions: FAILED: {actions['failed']}")
        print()
        return
    print(f"edits and deletions applied by main inside one process (storage-bench message-actions: MessageActions, "
          f"one durable transaction each, in chat {actions['peerId']} of {actions['chatMessages']:,} messages):")
    print(f"  {'what':<46} {'median ms':>9} {'p90 ms':>8} {'max ms':>8} {'samples':>7}  {'budget':<22} verdict")
    for line in actions["lines"]:
        print(f"  {line['what']:<46} {line['median']:>9.2f} {line['p90']:>8.2f} {line['max']:>8.2f} {line['runs']:>7}  "
              f"{'<= ' + format(line['budgetMs'], 'g') + ' ms':<22} {line['verdict']}")
    print()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--bin-dir", required=True, help="folder with the built storage-bench")
    parser.add_argument("--container", required=True, help="a container made by Scripts/bench (big chat on top)")
    parser.add_argument("--edits", type=int, default=EDITS, help=f"messages edited (default {EDITS})")
    parser.add_argument("--deletions", type=int, default=DELETIONS, help=f"messages deleted (default {DELETIONS})")
    parser.add_argument("--json", action="store_true", help="print the result as JSON")
    parser.add_argument("--fail-over-budget", action="store_true", help="exit 1 if a line is over budget")
    args = parser.parse_args(argv)
    env = {k: v for k, v in os.environ.items() if k not in ("TELEGRAM_BUNDLE_ID", "APP_GROUP_CONTAINER")}
    result = measure_message_actions(args.bin_dir, args.container, env, max(args.edits, 1), max(args.deletions, 1))
    return finish_part("messageActions", result, print_message_actions, args.json, args.fail_over_budget)


if __name__ == "__main__":
    sys.exit(main())

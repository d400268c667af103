"""Tools/bench/chatlist.py — the top-50 chat list read inside a process (docs/architecture.md §8).

Part of Tools/bench/runner.py. `storage-bench --json` (Sources/Executables/StorageBench, a tool
like display-bench) bootstraps as an extension does — the current account's Postbox opened
read-only — and reads the top 50 chat list entries, each with its peer, read state and top
message decrypted, in one read transaction: once (cold: the first read in the process, what an
extension that shows the list once pays) and then READS more times (warm: the app reading it
again). PROCESSES processes; the median of each figure over them is reported. Budget: ≤ 1 ms,
judged on the warm median and on the cold read alike, since an extension only ever does the
cold one.
"""

from __future__ import annotations

import json
import os
import statistics
import subprocess

from bench.budgets import TOP_CHAT_LIST_MS

PROCESSES = 3
READS = 1000


def measure_chat_list(bin_dir: str, container: str, env: dict) -> dict:
    tool = os.path.join(bin_dir, "storage-bench")
    if not os.access(tool, os.X_OK):
        return {"failed": f"not built: {tool}"}
    argv = [tool, "--json", "--reads", str(READS), "--container", container]
    docs = []
    for _ in range(PROCESSES):
        proc = subprocess.run(argv, env=env, capture_output=True, text=True, stdin=subprocess.DEVNULL)
        if proc.returncode != 0:
            return {"failed": f"{' '.join(argv)} exited {proc.returncode}: {proc.stderr.strip()[:400]}"}
        try:
            docs.append(json.loads(proc.stdout))
        except json.JSONDecodeError as error:
            return {"failed": f"storage-bench printed no JSON ({error}): {proc.stdout[:200]!r}"}
    first = docs[0]
    if first["entries"] < min(first["count"], 50) or first["topMessages"] < first["entries"]:
        return {"failed": f"storage-bench read {first['entries']} entries and {first['topMessages']} top messages "
                          f"of {first['count']} asked: the fixture's chat list is smaller than the read"}

    def median(key: str, sub: str | None = None) -> float:
        return statistics.median(d["timings"][key][sub] if sub else d["timings"][key] for d in docs)

    result = {
        "argv": argv, "processes": PROCESSES, "reads": READS, "entries": first["entries"],
        "topMessages": first["topMessages"], "coldMs": median("coldMs"),
        "warmMs": {"median": median("warmMs", "median"), "p90": median("warmMs", "p90")},
        "budgetMs": TOP_CHAT_LIST_MS,
    }
    result["coldVerdict"] = "PASS" if result["coldMs"] <= TOP_CHAT_LIST_MS else "OVER"
    result["warmVerdict"] = "PASS" if result["warmMs"]["median"] <= TOP_CHAT_LIST_MS else "OVER"
    result["verdict"] = "PASS" if result["coldVerdict"] == result["warmVerdict"] == "PASS" else "OVER"
    return result


def print_chat_list(report: dict) -> None:
    chat_list = report.get("chatList")
    if not chat_list:
        return
    if "failed" in chat_list:
        print(f"top-50 chat list: FAILED: {chat_list['failed']}")
        print()
        return
    c, budget = chat_list, chat_list["budgetMs"]
    messages = (report.get("fixture") or {}).get("messages")
    size = f"{messages:,} messages" if messages else "the fixture"
    short = " (§8's figure is at 200,000: --quick)" if messages and messages < 200_000 else ""
    print(f"top-50 chat list inside a process (storage-bench on {size}{short}: {c['entries']} entries with peers, "
          f"read states and top messages decrypted, one read transaction; median of {c['processes']} processes):")
    print(f"  {'first read in the process (cold)':<46} {c['coldMs']:7.3f} ms  budget <= {budget:g} ms  {c['coldVerdict']}")
    print(f"  {'next ' + str(c['reads']) + ' reads (warm), median':<46} {c['warmMs']['median']:7.3f} ms  "
          f"budget <= {budget:g} ms  {c['warmVerdict']}  (p90 {c['warmMs']['p90']:.3f} ms)")
    print()

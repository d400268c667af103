"""Tools/bench/frames.py — Display's full frame against its budget (Benchmarks/budgets.toml: display).

Part of Tools/bench/runner.py, and runnable alone (`Scripts/bench --frames` does that):
`display-bench --json` lays out and draws a 200x60 screen (a split of two 1,000-row lists under
a sheet with a list) and diffs it against the previous frame, timing each frame in-process; the
reference, timed in the same process and the same run, is a plain copy of the same cells. Several
processes are run and the median of their medians reported, so one unlucky process does not
decide the figure.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys

from bench.budgets import FRAME_BUDGET_MICROSECONDS
from bench.part import finish_part

PROCESSES = 5
FRAMES = 2000


def measure_frames(bin_dir: str, processes: int = PROCESSES, frames: int = FRAMES) -> dict:
    tool = os.path.join(bin_dir, "display-bench")
    if not os.path.exists(tool):
        return {"skipped": f"{tool} is not built"}
    results = []
    for _ in range(processes):
        run = subprocess.run([tool, "--json", "--frames", str(frames)], capture_output=True, text=True)
        if run.returncode != 0:
            return {"failed": f"display-bench exited {run.returncode}: {run.stderr.strip()}"}
        results.append(json.loads(run.stdout))

    def median_of(key: str, field: str = "median") -> float:
        return statistics.median(result[key][field] for result in results)

    frame = median_of("frameMicroseconds")
    report = {
        "size": f"{results[0]['width']}x{results[0]['height']}",
        "processes": processes,
        "framesPerProcess": frames,
        "frameMicroseconds": frame,
        "frameP90Microseconds": median_of("frameMicroseconds", "p90"),
        "drawMicroseconds": median_of("drawMicroseconds"),
        "diffMicroseconds": median_of("diffMicroseconds"),
        "referenceMicroseconds": median_of("referenceMicroseconds"),
        "ratio": statistics.median(result["ratio"] for result in results),
        "changedCellsPerFrame": results[0]["changedCellsPerFrame"],
        "budgetMicroseconds": FRAME_BUDGET_MICROSECONDS,
    }
    report["verdict"] = "PASS" if frame <= FRAME_BUDGET_MICROSECONDS else "OVER"
    return report


def print_frames(report: dict) -> None:
    frames = report.get("frames") or {}
    if "skipped" in frames or "failed" in frames:
        print(f"display frame: not measured ({frames.get('skipped') or frames.get('failed')})")
        return
    if not frames:
        return
    print(f"display frame ({frames['size']}, split of two 1,000-row lists under a sheet; median of "
          f"{frames['processes']} processes x {frames['framesPerProcess']} frames):")
    print(f"  layout + draw + diff   {frames['frameMicroseconds']:8.1f} us  (p90 {frames['frameP90Microseconds']:.1f}; "
          f"draw {frames['drawMicroseconds']:.1f}, diff {frames['diffMicroseconds']:.1f}; "
          f"{frames['changedCellsPerFrame']} cells changed)")
    print(f"  reference: cell copy   {frames['referenceMicroseconds']:8.1f} us  -> {frames['ratio']:.1f} x reference; "
          f"budget <= {frames['budgetMicroseconds']:.0f} us: {frames['verdict']}")
    print()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--bin-dir", required=True, help="folder with the built display-bench")
    parser.add_argument("--json", action="store_true", help="print the result as JSON")
    parser.add_argument("--fail-over-budget", action="store_true", help="exit 1 if the frame is over budget")
    parser.add_argument("--processes", type=int, default=PROCESSES, help=f"display-bench processes (default {PROCESSES})")
    parser.add_argument("--frames", type=int, default=FRAMES, help=f"frames per process (default {FRAMES})")
    args = parser.parse_args()
    frames = measure_frames(args.bin_dir, max(args.processes, 1), max(args.frames, 1))
    return finish_part("frames", frames, print_frames, args.json, args.fail_over_budget)


if __name__ == "__main__":
    sys.exit(main())

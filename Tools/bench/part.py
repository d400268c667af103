"""Tools/bench/part.py — the end of a part run on its own (python3 -m bench.frames, bench.interface, ...)."""

from __future__ import annotations

import datetime
import json
import sys

from bench.machine import machine_description
from bench.results import write_result


def finish_part(key: str, result: dict, printer, as_json: bool, fail_over_budget: bool, build: str | None = None) -> int:
    """The result printed as a table or as JSON under `key`, its result file written, and the exit
    status: 1 when it failed or was skipped, or is over budget and that was asked to fail."""
    report = {key: result, "machine": machine_description(), "build": build,
              "date": datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M:%S UTC")}
    if "failed" in result or "skipped" in result:
        report["overall"] = "FAILED"
    else:
        report["overall"] = "ALL WITHIN BUDGET" if result.get("verdict") == "PASS" else "OVER BUDGET"
    write_result(report, key)
    if as_json:
        json.dump({key: result}, sys.stdout, indent=2)
        print()
    else:
        printer({key: result})
    if "failed" in result or "skipped" in result:
        return 1
    return 1 if fail_over_budget and result["verdict"] != "PASS" else 0

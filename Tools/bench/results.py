"""Tools/bench/results.py — every bench run's result file: each figure with its budget and verdict.

Written to Benchmarks/results/<UTC time>-<commit>.json (git-ignored: this machine's history of
runs); a full run (the whole §8 fixture, every part) also writes Benchmarks/latest.json, the
committed one that BENCHMARKS.md quotes. A figure is one row: what, the value, its unit, the
budget ({"atMost": x} or {"atLeast": x}, null for a figure reported without one) and the verdict
("PASS", "PASS (goal met)", "OVER", "UNDER", "FAILED", or "-" when not judged). The runner's
--json report has the samples behind each figure; this file stays small enough to commit.
"""

from __future__ import annotations

import datetime
import json
import os
import sys

from common.git import REPO_ROOT

RESULTS_DIR = os.path.join(REPO_ROOT, "Benchmarks", "results")
LATEST_PATH = os.path.join(REPO_ROOT, "Benchmarks", "latest.json")
FORMAT = 1


def _figure(figure: str, value, unit: str, verdict: str = "-", at_most=None, at_least=None) -> dict:
    budget = {"atMost": at_most} if at_most is not None else {"atLeast": at_least} if at_least is not None else None
    return {"figure": figure, "value": round(value, 4) if isinstance(value, float) else value, "unit": unit,
            "budget": budget, "verdict": verdict}


def _failed(part: str, doc: dict) -> list[dict]:
    why = doc.get("failed") or doc.get("skipped")
    return [{"figure": part, "value": None, "unit": None, "budget": None,
             "verdict": "FAILED" if "failed" in doc else "NOT RUN", "detail": str(why)[:400]}]


def command_figures(report: dict) -> list[dict]:
    rows = []
    ref = report.get("reference") or {}
    if "wallMs" in ref:
        rows.append(_figure(f"{ref['command']}: wall time", ref["wallMs"]["median"], "ms"))
        rows.append(_figure(f"{ref['command']}: peak RSS", ref["peakRssMiB"]["median"], "MiB"))
    for row in report.get("commands", []):
        name = row["command"]
        if "wallMs" not in row:
            rows.append({"figure": name, "value": None, "unit": None, "budget": None, "verdict": row.get("verdict"),
                         "detail": (row.get("failure") or {}).get("stderr", "")[:400]})
            continue
        rows.append(_figure(f"{name}: wall time", row["wallMs"]["median"], "ms"))
        rows.append(_figure(f"{name}: time", row.get("ratio"), "x hello-reference", row.get("timeVerdict", "-"),
                            at_most=row.get("timeBudgetRatio")))
        rows.append(_figure(f"{name}: peak RSS", row["peakRssMiB"]["median"], "MiB", row.get("rssVerdict", "-"),
                            at_most=row.get("rssBudgetMiB")))
        footprint = (row.get("footprintAtExitMiB") or {}).get("median")
        if footprint is not None:
            rows.append(_figure(f"{name}: footprint at exit", footprint, "MiB"))
    return rows


def chat_list_figures(c: dict) -> list[dict]:
    return [_figure("top-50 chat list, cold", c["coldMs"], "ms", c["coldVerdict"], at_most=c["budgetMs"]),
            _figure("top-50 chat list, warm median", c["warmMs"]["median"], "ms", c["warmVerdict"], at_most=c["budgetMs"])]


def ingest_figures(i: dict) -> list[dict]:
    b, v = i["budgets"], i["verdicts"]
    return [_figure("ingest alone", i["alone"]["messagesPerSecond"], "messages/s"),
            _figure("ingest with 5 readers", i["withReaders"]["messagesPerSecond"], "messages/s", v["messagesPerSecond"],
                    at_least=b["messagesPerSecond"]),
            _figure("ingest busy errors", i["busyErrors"], "errors", v["busyErrors"], at_most=b["busyErrors"]),
            _figure("ingest largest WAL", i["withReaders"]["walMaxMiB"], "MiB", v["walMiB"], at_most=b["walMiB"])]


def import_figures(r: dict) -> list[dict]:
    i, budget = r["import"], r["budget"]
    plain = r.get("plainVerdict", r["verdict"])
    rows = [_figure(f"import of {r['messages']:,} messages", i["seconds"], "s", plain, at_most=budget["seconds"]),
            _figure("import peak RSS", i["peakRssMiB"], "MiB", plain, at_most=budget["peakRssMiB"])]
    mixed = r.get("mixed")
    if mixed:
        m = mixed["import"]
        rows += [_figure(f"import of {r['messages']:,} messages, every variant", m["seconds"], "s", mixed["verdict"],
                         at_most=budget["seconds"]),
                 _figure("import peak RSS, every variant", m["peakRssMiB"], "MiB", mixed["verdict"], at_most=budget["peakRssMiB"])]
    return rows + [_figure(f"main seed of {r['messages']:,} messages", r["seed"]["seconds"], "s")]


def search_figures(s: dict) -> list[dict]:
    rows = []
    for size in s["sizes"]:
        if "failed" in size:
            rows += _failed(f"search at {size['messages']:,} messages", size)
            continue
        for label, w in size["words"].items():
            rows.append(_figure(f"search at {size['messages']:,} messages: {label}", w["ratio"], "x hello-reference",
                                w["verdict"], at_most=w["budgetRatio"]))
    return rows


def frames_figures(f: dict) -> list[dict]:
    return [_figure(f"display frame {f['size']}", f["frameMicroseconds"], "us", f["verdict"],
                    at_most=f["budgetMicroseconds"])]


def interface_figures(ui: dict) -> list[dict]:
    rows = [_figure("interface: main status, whole process", ui["statusMs"]["median"], "ms")]
    rows += [_figure(f"interface: {row['what']}", row["median"], "ms", row["verdict"], at_most=row["budgetMs"])
             for row in ui["lines"]]
    return rows


def message_action_figures(actions: dict) -> list[dict]:
    return [_figure(line["what"], line["median"], "ms", line["verdict"], at_most=line["budgetMs"]) for line in actions["lines"]]


def broadcast_figures(b: dict) -> list[dict]:
    if b.get("verdict") == "FAILED":
        return [{"figure": "broadcast", "value": None, "unit": None, "budget": None, "verdict": "FAILED",
                 "detail": "; ".join(f["stderr"][:200] for f in b.get("failures", []))}]
    stats, ext, v = b.get("stats") or {}, b.get("broadcast") or {}, b.get("verdicts", {})
    rss = (b.get("broadcastProcess") or {}).get("peakRssMiB")
    rows = [_figure("broadcast fps, main", stats.get("averageFps"), "fps", v.get("mainFps", "-"), at_least=b["fpsThreshold"]),
            _figure("broadcast fps, extension", ext.get("achievedFps"), "fps", v.get("broadcastFps", "-"),
                    at_least=b["fpsThreshold"]),
            _figure("broadcast torn frames accepted", stats.get("checksumFailures"), "frames", v.get("tornAccepted", "-"),
                    at_most=b.get("tornBudget", 0)),
            _figure("broadcast peak RSS", rss, "MiB", v.get("broadcastRss", "-"), at_most=b.get("rssBudgetMiB"))]
    if "copyRatio" in b:
        rows.append(_figure("broadcast copy rate / memcpy", b["copyRatio"], "ratio"))
    return rows


PARTS = [("chatList", chat_list_figures), ("ingest", ingest_figures), ("import", import_figures),
         ("search", search_figures), ("frames", frames_figures), ("interface", interface_figures),
         ("messageActions", message_action_figures), ("broadcast", broadcast_figures)]


def figures(report: dict) -> list[dict]:
    rows = command_figures(report)
    for key, extract in PARTS:
        part = report.get(key)
        if not part:
            continue
        if "failed" in part or "skipped" in part:
            rows += _failed(key, part)
        else:
            rows += extract(part)
    return rows


def to_text(result: dict) -> str:
    """JSON with a line per key and a line per figure: small, and a run's diff against the last reads
    figure by figure."""
    head = [f" {json.dumps(key)}: {json.dumps(value)}" for key, value in result.items() if key != "figures"]
    figures_text = ",\n".join(f"  {json.dumps(row)}" for row in result["figures"])
    return "{\n" + ",\n".join(head) + ',\n "figures": [\n' + figures_text + "\n ]\n}\n"


def write_result(report: dict, kind: str) -> str:
    """Writes the run's result file (and, for a full run, Benchmarks/latest.json); returns its path.
    kind: "full", "quick", or the one part run ("frames", "interface", ...)."""
    machine = report["machine"]
    now = datetime.datetime.now(datetime.timezone.utc)
    result = {
        "format": FORMAT,
        "date": report.get("date") or now.strftime("%Y-%m-%d %H:%M:%S UTC"),
        "commit": machine["gitCommit"],
        "workingTreeChanged": machine.get("gitDirty"),
        "kind": kind,
        "machine": {key: machine.get(key) for key in ("nproc", "cpuModel", "kernel", "loadAverage", "memTotalGiB")},
        "swift": (machine.get("swiftVersion") or "").splitlines()[0] if machine.get("swiftVersion") else None,
        "build": report.get("build"),
        "fixture": report.get("fixture"),
        "runs": report.get("runs"),
        "overall": report.get("overall"),
        "budgets": "Benchmarks/budgets.toml",
        "figures": figures(report),
    }
    os.makedirs(RESULTS_DIR, exist_ok=True)
    stem = os.path.join(RESULTS_DIR, f"{now.strftime('%Y%m%dT%H%M%SZ')}-{machine['gitCommit']}")
    path, n = f"{stem}.json", 1
    while os.path.exists(path):  # two part runs in one second
        n += 1
        path = f"{stem}-{n}.json"
    text = to_text(result)
    with open(path, "w", encoding="utf-8") as f:
        f.write(text)
    if kind == "full":
        with open(LATEST_PATH, "w", encoding="utf-8") as f:
            f.write(text)
    print(f"bench: result written to {os.path.relpath(path, REPO_ROOT)}"
          f"{' and Benchmarks/latest.json' if kind == 'full' else ''}", file=sys.stderr)
    return path

"""Tools/faults/figures.py — cases added up per protocol, the verdict, and the report as people read it."""

from __future__ import annotations

import re
from collections import Counter

from faults.case import CATEGORIES, Case

EXAMPLES = 3


def case_record(case: Case) -> dict:
    return {"id": case.id, "protocol": case.protocol, "side": case.side, "fault": case.fault, "reached": case.reached,
            "setAside": case.set_aside,
            "outcome": case.outcome, "detail": case.detail, "injected": case.injected,
            "findings": case.findings, "notes": case.notes, "seconds": round(case.seconds, 2)}


class Tally:
    def __init__(self):
        self.protocols: dict[str, dict] = {}

    def row(self, protocol: str) -> dict:
        if protocol not in self.protocols:
            self.protocols[protocol] = {
                "cases": 0, "reached": 0, "notReached": 0, "fullDisk": 0, "clean": 0,
                "setAside": 0, "setAsideWithFindings": 0, "setAsideExamples": [],
                "bySide": Counter(), "outcomes": Counter(), "classes": Counter(),
                **{c: 0 for c in CATEGORIES}, "findings": [],
            }
        return self.protocols[protocol]

    def add(self, record: dict) -> None:
        """One case (case_record's dict: the full-disk run's cases come from another process)."""
        row = self.row(record["protocol"])
        row["cases"] += 1
        row["bySide"][record["side"]] += 1
        row["outcomes"][record["outcome"] or "none"] += 1
        if record["side"] == "full-disk":
            row["fullDisk"] += 1
        elif record["fault"] == "clean":
            row["clean"] += 1
        else:
            row["classes"][record["fault"].split(":")[0]] += 1
        if record["reached"]:
            row["reached"] += 1
        else:
            row["notReached"] += 1
        if record.get("setAside"):
            # A pipe's or an eventfd's write failed too: nothing the disk could do; not judged.
            row["setAside"] += 1
            if record["findings"]:
                row["setAsideWithFindings"] += 1
                if len(row["setAsideExamples"]) < EXAMPLES:
                    row["setAsideExamples"].append(record)
            return
        for category in record["findings"]:
            row[category] += 1  # cases, not messages: one case counts once per category
        if record["findings"]:
            row["findings"].append(record)

    def totals(self) -> dict:
        total = {c: sum(r[c] for r in self.protocols.values()) for c in CATEGORIES}
        total["cases"] = sum(r["cases"] for r in self.protocols.values())
        total["reached"] = sum(r["reached"] for r in self.protocols.values())
        return total

    def to_json(self) -> dict:
        out = {}
        for name, row in self.protocols.items():
            out[name] = {k: (dict(v) if isinstance(v, Counter) else v) for k, v in row.items()}
        return out

    @property
    def failed(self) -> bool:
        return any(self.totals()[c] for c in CATEGORIES)


def text(result: dict) -> str:
    """The report from the run's JSON (so a --json result can be printed again: python3 -m
    faults.figures RESULT.json)."""
    protocols, totals = result["protocols"], result["totals"]
    failed = any(totals[c] for c in CATEGORIES)
    lines = [
        f"faults: {result['mode']} mode, seed {result['seed']}, {result['seconds']:.0f} s, commit {result['commit']}, "
        f"{result['cores']} cores, {result['machine']}, strace {result['straceVersion']}",
        "protocol         cases (injected / not reached / set aside / full disk / clean)   lost dup misrep integ hang crash person fsyncIgn",
    ]
    for name, row in protocols.items():
        injected = row["cases"] - row["fullDisk"] - row["clean"]
        lines.append(f"  {name:15} {row['cases']:5} ({injected - row['notReached'] - row.get('setAside', 0):5} / {row['notReached']:4} / "
                     f"{row.get('setAside', 0):4} / {row['fullDisk']:3} / {row['clean']:2})"
                     f"              {row['lost']:4} {row['duplicated']:3} {row['misreported']:6} {row['integrity']:5} "
                     f"{row['hang']:4} {row['crash']:5} {row['person']:6} {row['fsyncIgnored']:8}")
    t = totals
    lines.append(f"  {'total':15} {t['cases']:5}" + " " * 47 +
                 f"{t['lost']:4} {t['duplicated']:3} {t['misreported']:6} {t['integrity']:5} {t['hang']:4} {t['crash']:5} "
                 f"{t['person']:6} {t['fsyncIgnored']:8}")
    set_aside = sum(r.get("setAside", 0) for r in protocols.values())
    if set_aside:
        lines.append(f"set aside: {set_aside} cases whose injection also failed a pipe's, eventfd's, device's or /proc file's call "
                     f"(never ENOSPC or EIO in life); {sum(r.get('setAsideWithFindings', 0) for r in protocols.values())} of them "
                     "had findings, not counted: " + "; ".join(
                         f"{e['id']} {next(iter(e['findings']))}" for r in protocols.values() for e in r.get("setAsideExamples", [])[:1]))
    lines.append("injection points per class (cases): " + ", ".join(
        f"{k} {v}" for k, v in sorted(sum((Counter(r["classes"]) for r in protocols.values()), Counter()).items())))
    for name, row in protocols.items():
        if not row["findings"]:
            continue
        lines.append(f"{name}: findings in {len(row['findings'])} cases")
        by_message = Counter()
        first: dict[str, dict] = {}
        for record in row["findings"]:
            for category, messages in record["findings"].items():
                for message in messages:
                    # Temp names (.tempkey.new-<pid>-<n>) made generic, so equal findings group.
                    key = re.sub(r"\.(tmp|new)-\d+-\d+", r".\1-<pid>-<n>", f"{category}: {message}")
                    by_message[key] += 1
                    first.setdefault(key, record)
        for key, n in by_message.most_common(12):
            example = first[key]
            lines.append(f"  {n:4}× {key}")
            lines.append(f"        e.g. {example['id']} (failed: {', '.join(example['injected'][:3]) or 'nothing injected'}; "
                         f"said {example['outcome']}{': ' + example['detail'] if example['detail'] else ''})")
    if result.get("kept"):
        lines.append(f"kept: {len(result['kept'])} case directories under {result['work']}")
    if failed:
        bad = [f"{c} {totals[c]}" for c in CATEGORIES if totals[c]]
        lines.append(f"FAIL: {', '.join(bad)} (cases); reproduce one with Scripts/faults --case ID --keep")
    else:
        lines.append("PASS: 0 lost, 0 duplicated, 0 misreported, 0 integrity failures, 0 hangs, 0 crashes, "
                     "0 needing a person, 0 failed fsyncs passed over")
    return "\n".join(lines)


def set_aside_pseudo_files(result: dict) -> dict:
    """Applies the /proc and /sys rule (syscalls.is_not_a_file) to the findings of a result made
    before it: their cases move to the set-aside count. (Cases without findings are not listed in
    a result, so those that failed only such a call stay counted as injected.)"""
    for row in result["protocols"].values():
        kept = []
        for record in row["findings"]:
            if any(call.split("(", 1)[-1].startswith(("/proc/", "/sys/")) for call in record["injected"]):
                record["setAside"] = True
                row["setAside"] = row.get("setAside", 0) + 1
                row["setAsideWithFindings"] = row.get("setAsideWithFindings", 0) + 1
                row.setdefault("setAsideExamples", []).append(record)
                for category in record["findings"]:
                    row[category] -= 1
            else:
                kept.append(record)
        row["findings"] = kept
    return with_totals(result)


def with_totals(result: dict) -> dict:
    """The totals and the verdict, summed from the protocols' rows."""
    rows = result["protocols"].values()
    result["totals"] = {c: sum(r[c] for r in rows) for c in CATEGORIES}
    result["totals"]["cases"] = sum(r["cases"] for r in rows)
    result["totals"]["reached"] = sum(r["reached"] for r in rows)
    result["pass"] = not any(result["totals"][c] for c in CATEGORIES)
    return result


def merge(results: list[dict]) -> dict:
    """Runs of disjoint protocols (run side by side) as one: their protocols together, totals summed."""
    merged = dict(results[0])
    merged["protocols"] = {}
    for result in results:
        for name, row in result["protocols"].items():
            if name in merged["protocols"]:
                old = merged["protocols"][name]
                for key, value in row.items():
                    if isinstance(value, (int, float)) and not isinstance(value, bool):
                        old[key] = old.get(key, 0) + value
                    elif isinstance(value, list):
                        old[key] = old.get(key, []) + value
                    elif isinstance(value, dict):
                        old[key] = dict(Counter(old.get(key, {})) + Counter(value))
            else:
                merged["protocols"][name] = row
    merged["plans"] = [p for r in results for p in r.get("plans", [])]
    merged["kept"] = [k for r in results for k in r.get("kept", [])]
    merged["seconds"] = max(r["seconds"] for r in results)
    return with_totals(merged)


if __name__ == "__main__":
    # python3 -m faults.figures RESULT.json [MORE.json …] [--json] [--pseudo-files]: the report
    # again, of one run or of runs of disjoint protocols made side by side (--pseudo-files: with
    # the /proc and /sys rule applied to a result made before it).
    import json
    import sys
    paths = [a for a in sys.argv[1:] if not a.startswith("--")]
    results = []
    for path in paths:
        with open(path) as f:
            results.append(json.load(f))
    result = merge(results) if len(results) > 1 else results[0]
    if "--pseudo-files" in sys.argv:
        result = set_aside_pseudo_files(result)
    print(json.dumps(result, indent=2, sort_keys=True) if "--json" in sys.argv else text(result))

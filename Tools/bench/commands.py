"""Tools/bench/commands.py — the runner's commands: each checked once before it is timed, and its samples summarised."""

from __future__ import annotations

import json
import statistics
import subprocess

from bench.meter import Failure

REFERENCE = "hello-reference"
# The same hello with the Swift runtime linked statically: a line of the report, no budget.
STATIC_REFERENCE = "hello-reference-static"
# A push whose notification is posted to the desktop (issue 30), on the bench's own bus.
DESKTOP_POSTED = "notify-service push (desktop posted)"


def _check_push(doc: dict, argv: list[str]) -> Failure | None:
    if doc.get("status") != "delivered":
        return Failure(argv, 0, f"push not delivered: status {doc.get('status')!r}, reason {doc.get('reason')!r}")
    if not doc.get("attachments"):
        return Failure(argv, 0, "delivered without an avatar attachment")
    return None


def _check_desktop(doc: dict, argv: list[str]) -> Failure | None:
    """Delivered as any push, and posted to the bench's notification server."""
    desktop = doc.get("desktop") or {}
    if desktop.get("outcome") not in ("posted", "replaced"):
        return Failure(argv, 0, f"not posted to the desktop: outcome {desktop.get('outcome')!r}, "
                       f"reason {desktop.get('reason')!r}, detail {desktop.get('detail')!r}")
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
        if name.startswith(("share", "intents")):
            return [], None
        return [], _check_push(doc, argv) or (_check_desktop(doc, argv) if name == DESKTOP_POSTED else None)
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
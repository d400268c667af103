"""Tools/chaos/verify.py — after the rounds: one clean drain, then what the container holds.

Part of Tools/chaos/run.py. Reads everything back, without trusting anything the run itself noted:
  * texts: `main messages --peer P --json` for every chat the run wrote to; each text counted;
  * `requests/pending/`, `applying/` and `claimed/` (must be empty after the drain), `staging/` (drafts of
    extensions killed before committing: never sent, removed by main after 24 h);
  * `requests/rejected/<id>/reason`, first line, grouped (ids and the container path made
    generic so that equal reasons group);
  * the ids of applied requests, as the account's Postbox records them: `main requests --json`;
  * integrity: SQLite's integrity check of the Postbox and the shared data (`main check --json`),
    and `main status`.
"""

from __future__ import annotations

import json
import os
import re
from collections import Counter

from chaos.apps import Apps, wait_for_line
from chaos.channel import Channel

DRAIN_SECONDS = 2
RECOVERED_PREFIX = "already applied"


def final_drain(apps: Apps) -> str | None:
    """`main run` once, undisturbed: it drains the queue at launch. None, or what went wrong."""
    main = apps.start("main", ["run", "--duration", str(DRAIN_SECONDS)])
    if wait_for_line(main, "ready pid=", 60) is None:
        main.wait(10)
        return f"the final `main run` never became ready (status {main.returncode}): {main.stderr().strip()[-300:]}"
    code = main.wait(60)
    if code != 0:
        return f"the final `main run --duration {DRAIN_SECONDS}` ended with status {code}: {main.stderr().strip()[-300:]}"
    return None


def stored_texts(apps: Apps, peers: list[int]) -> tuple[Counter, str | None]:
    counts: Counter = Counter()
    for peer in peers:
        proc = apps.run("main", ["messages", "--peer", str(peer), "--limit", "1000000", "--json"], timeout=120)
        if proc.returncode != 0:
            return counts, f"main messages --peer {peer} failed (status {proc.returncode}): {proc.stderr().strip()[-300:]}"
        for row in json.loads(proc.stdout()):
            counts[row["text"]] += 1
    return counts, None


_ANY_REQUEST_ID = re.compile(r"[0-9a-f]{32}")


def generic_reason(reason: str, container: str) -> str:
    return _ANY_REQUEST_ID.sub("<id>", reason.replace(container, "<container>"))


def rejected_entries(channel: Channel, container: str) -> list[dict]:
    entries = []
    for name in channel.names("rejected"):
        path = channel.path("rejected", name)
        entry = {"id": name, "reason": None, "contents": []}
        if os.path.isdir(path):
            entry["contents"] = sorted(os.listdir(path))
            try:
                with open(os.path.join(path, "reason"), encoding="utf-8", errors="replace") as f:
                    entry["reason"] = (f.read().splitlines() or [""])[0]
            except FileNotFoundError:
                pass
        else:
            entry["contents"] = ["(not a directory)"]
        entry["generic"] = generic_reason(entry["reason"], container) if entry["reason"] is not None else None
        entries.append(entry)
    return entries


def applied_request_ids(apps: Apps, account_id: int) -> tuple[set[str] | None, str | None]:
    proc = apps.run("main", ["requests", "--account", str(account_id), "--json"], timeout=60)
    if proc.returncode != 0:
        return None, f"main requests failed (status {proc.returncode}): {proc.stderr().strip()[-300:]}"
    try:
        return set(json.loads(proc.stdout())["applied"]), None
    except (ValueError, KeyError, TypeError) as error:
        return None, f"main requests --json has no applied ids ({error})"


def integrity(apps: Apps, account_id: int) -> dict[str, str]:
    proc = apps.run("main", ["check", "--account", str(account_id), "--json"], timeout=120)
    try:
        report = json.loads(proc.stdout())
        return {"postbox": report["postbox"], "sharedData": report["sharedData"]}
    except (ValueError, KeyError, TypeError):
        reason = f"cannot check: main check exited {proc.returncode}: {proc.stderr().strip()[-300:]}"
        return {"postbox": reason, "sharedData": reason}


def message_count(apps: Apps) -> tuple[int | None, str | None]:
    proc = apps.run("main", ["status", "--json"], timeout=60)
    if proc.returncode != 0:
        return None, f"main status failed (status {proc.returncode}): {proc.stderr().strip()[-300:]}"
    try:
        return int(json.loads(proc.stdout())["store"]["messageCount"]), None
    except (ValueError, KeyError, TypeError) as error:
        return None, f"main status --json has no store.messageCount ({error})"


def leftovers(channel: Channel) -> dict[str, list[str]]:
    # removing/ exists only in builds that park finished entries there before deleting them.
    found = {name: channel.names(name) for name in ("pending", "applying", "claimed", "staging", "removing")}
    # Acks nobody collected (queued requests' answers; main prunes them after 24 h) and the temp
    # files of atomic writes a kill interrupted, in acks/ and in rejected/<id>/.
    acks = channel.names("acks")
    found["acks"] = [n for n in acks if not n.startswith(".")]
    found["tempFiles"] = [n for n in acks if ".tmp-" in n]
    for entry in channel.names("rejected"):
        path = channel.path("rejected", entry)
        if os.path.isdir(path):
            found["tempFiles"] += [f"{entry}/{n}" for n in os.listdir(path) if ".tmp-" in n]
    return found

"""Tools/bench/pushes.py — the pushes notify-service delivers, written beforehand by `main push` (the push server).

One push per chat, so that each measured run draws an avatar it has not drawn yet, and one chat's
push delivered again and again (its avatar cached).
"""

from __future__ import annotations

import json
import os

from bench.main_command import MainCommand, StepFailed


def push_count(runs: int) -> int:
    """N runs + 3 warm-up + 3 footprint runs (Tools/bench/footprint.py) + 1 validation + 1 cached + 1 spare."""
    return runs + 9


def write_pushes(main: MainCommand, workdir: str, chats: list[dict], count: int) -> str:
    """The path of the runner's --pushes file, {fresh: [push files], cached: push file}, for the
    first `count` unmuted user chats of `main chats --json`."""
    users = [row["peerId"] for row in chats if row["kind"] == "user" and not row["muted"]]
    if len(users) < count:
        raise StepFailed([f"bench: only {len(users)} unmuted user chats for {count} pushes"], 1)
    files = []
    for peer in users[:count]:
        path = os.path.join(workdir, f"push-{peer}.json")
        with open(path, "w", encoding="utf-8") as f:
            f.write(main.run("push", "--peer", str(peer), "--text", f"Bench push for chat {peer}"))
        files.append(path)
    path = os.path.join(workdir, "pushes.json")
    with open(path, "w", encoding="utf-8") as f:
        json.dump({"fresh": files[1:], "cached": files[0]}, f)
    return path

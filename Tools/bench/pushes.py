"""Tools/bench/pushes.py — the pushes notify-service delivers, written beforehand by `main push` (the push server).

One push per chat, so that each measured run draws an avatar it has not drawn yet, and one chat's
push delivered again and again (its avatar cached). The desktop-posted line (issue 30) has chats of
its own, so that it too draws a new avatar each run and the avatar-drawn line keeps its own.
"""

from __future__ import annotations

import json
import os

from bench.main_command import MainCommand, StepFailed


def push_count(runs: int) -> int:
    """N runs + 3 warm-up + 3 footprint runs (Tools/bench/footprint.py) + 1 validation + 1 cached + 1 spare."""
    return runs + 9


def write_pushes(main: MainCommand, workdir: str, chats: list[dict], count: int) -> tuple[str, int]:
    """The path of the runner's --pushes file, {fresh: [push files], cached: push file, desktop:
    [push files]}, for the first 2 x `count` - 1 unmuted user chats of `main chats --json`, and how
    many pushes were written (each stores its message in the account)."""
    users = [row["peerId"] for row in chats if row["kind"] == "user" and not row["muted"]]
    total = 2 * count - 1
    if len(users) < total:
        raise StepFailed([f"bench: only {len(users)} unmuted user chats for {total} pushes"], 1)
    files = []
    for peer in users[:total]:
        path = os.path.join(workdir, f"push-{peer}.json")
        with open(path, "w", encoding="utf-8") as f:
            f.write(main.run("push", "--peer", str(peer), "--text", f"Bench push for chat {peer}"))
        files.append(path)
    path = os.path.join(workdir, "pushes.json")
    with open(path, "w", encoding="utf-8") as f:
        json.dump({"cached": files[0], "fresh": files[1:count], "desktop": files[count:]}, f)
    return path, total

"""Tools/chaos/channel.py — the request channel's directories, seen from outside.

Part of Tools/chaos/run.py. Reads `requests/` (container-layout.md, "the request channel") to aim
kills at the moments that matter: a kill landed by watching the queue falls inside main's apply,
acknowledgement, clean-up or move to `rejected/`, which a blind delay hits only by luck, because
those steps take microseconds to a few milliseconds of a launch that takes tens.
"""

from __future__ import annotations

import os
import random
import re
import time

from common.processes import Child

REQUEST_ID = re.compile(r"^[0-9a-f]{32}$")


class Channel:
    def __init__(self, container: str):
        self.root = os.path.join(container, "telegram-data", "requests")

    def path(self, *parts: str) -> str:
        return os.path.join(self.root, *parts)

    def names(self, directory: str) -> list[str]:
        try:
            return sorted(os.listdir(self.path(directory)))
        except FileNotFoundError:
            return []

    def pending_ids(self) -> list[str]:
        return [n for n in self.names("pending") if REQUEST_ID.match(n)]

    def plant_junk(self, rng: random.Random) -> str:
        """A well-named request whose file is not sealed with the device key: main must refuse it
        (a real refusal, the control for the `rejected/` figures). Built beside `pending/` and
        renamed in, as an extension commits, so main never sees it half written."""
        request_id = f"{int(time.time() * 1000):016x}{rng.getrandbits(64):016x}"
        staging = self.path("staging", request_id)
        os.makedirs(staging, exist_ok=True)
        # Two shapes with stable reasons: a sealed file that does not open with the device key
        # (tampered or foreign), and a file that is not a request file at all.
        junk = b"TGRQ\x01" if rng.random() < 0.5 else b"JUNK\x01"
        with open(os.path.join(staging, "request"), "wb") as f:
            f.write(junk + rng.randbytes(rng.randint(40, 200)))
        os.rename(staging, self.path("pending", request_id))
        return request_id


# What a watched kill waits for before it strikes (then after 0 to a few ms, or at once).
TRIGGERS = ("ack", "request-gone", "pending-gone", "rejected")


def watch_and_kill(main: Child, channel: Channel, rng: random.Random, trigger: str, delay: float, timeout: float) -> str:
    """Polls `requests/` until `trigger` happens, waits `delay`, kills main. Returns what fired:
    the trigger's name, "timeout" (killed anyway), or "exited" (main was already gone)."""
    before_acks = set(channel.names("acks"))
    before_rejected = set(channel.names("rejected"))
    pending = channel.pending_ids()
    # A request picked at random, so kills land anywhere in a drain, not only in its first request.
    target = channel.path("pending", rng.choice(pending), "request") if pending else None
    deadline = time.monotonic() + timeout
    fired = "timeout"
    while time.monotonic() < deadline:
        if not main.alive():
            return "exited"
        if trigger == "request-gone":
            # The tightest loop: the request file's removal is microseconds before its directory's.
            if target is None or not os.path.exists(target):
                fired = trigger
                break
            continue
        if trigger == "ack" and set(channel.names("acks")) - before_acks:
            fired = trigger
            break
        if trigger == "pending-gone" and len(channel.pending_ids()) < len(pending):
            fired = trigger
            break
        if trigger == "rejected" and set(channel.names("rejected")) - before_rejected:
            fired = trigger
            break
    if delay > 0:
        end = time.monotonic() + delay
        while time.monotonic() < end:
            pass
    main.kill9()
    return fired

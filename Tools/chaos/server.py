"""Tools/chaos/server.py — `Scripts/chaos --server`: the same kills with the account on the test
server, so that they also land between a messages.sendMessage and its answer.

The test server (Tools/mtproto-server, in the .build-python virtualenv Scripts/setup makes) runs
with its state in the run's folder and stores each sendMessage at once but answers it late
(--answer-late), so a kill of `main run` in between loses the answer, as a kill or a power cut in
the field does. Two Telethon users message the account first (the server introduces them, with
the access_hash a send needs). At the end the account's messages are settled (`main sync` until
none waits for the server) and the server's own database is read: every text the account
submitted must be there exactly once, and here exactly once, none still waiting.
"""

from __future__ import annotations

import json
import os
import sqlite3
import time
from collections import Counter

from chaos.apps import Apps

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SERVER_DIR = os.path.join(REPO, "Tools", "mtproto-server")
PYTHON = os.path.join(REPO, ".build-python", "bin", "python3")
PUBLIC_KEY = os.path.join(SERVER_DIR, "keys", "test-server.pub.pem")
CODE = "13579"
ACCOUNT = ("+999 70 1 0001", "Chaos", "Monkey")
OTHERS = [("+999 70 2 0002", "Grace", "Hopper"), ("+999 70 3 0003", "Alan", "Turing")]


class ServerError(Exception):
    pass


class ChaosServer:
    """The test server for one run, its state in `work`; `answer_late` seconds before it answers sendMessage."""

    def __init__(self, apps: Apps, work: str, answer_late: float):
        if not os.path.exists(PYTHON):
            raise ServerError(f"no {PYTHON}: run Scripts/setup (it makes the virtualenv the test server runs in)")
        self.apps, self.work = apps, work
        self.state = os.path.join(work, "server-state")
        os.makedirs(self.state, exist_ok=True)
        accounts = [a for phone, first, last in [ACCOUNT, *OTHERS] for a in ("--account", f"{phone}:{first}:{last}")]
        self.proc = apps.spawner.start([PYTHON, os.path.join(SERVER_DIR, "server.py"), "--port", "0", "--state", self.state,
                                        "--login-code", CODE, "--answer-late", f"messages.sendMessage={answer_late}", *accounts],
                                       apps.env, os.path.join(work, "server.out"), os.path.join(work, "server.err"), new_session=True)
        self.port = self._ready(30)
        self.address = f"127.0.0.1:{self.port}"

    def _ready(self, timeout: float) -> int:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            for line in self.proc.stdout().splitlines():
                try:
                    message = json.loads(line)
                except ValueError:
                    continue
                if message.get("ready"):
                    return int(message["port"])
            if not self.proc.alive():
                break
            time.sleep(0.02)
        raise ServerError(f"the test server did not start: {self.proc.stderr().strip()[-400:]}")

    def telethon(self, phone: str, command: str, args: list[str]) -> dict:
        session = os.path.join(self.work, "telethon-" + phone.replace(" ", "").replace("+", ""))
        proc = self.apps.spawner.start([PYTHON, os.path.join(SERVER_DIR, "telethon_chat.py"), command, "--server", self.address,
                                        "--session-file", session, "--json", "--timeout", "30", *args],
                                       self.apps.env, os.devnull, os.path.join(self.work, "telethon.err"), new_session=True)
        proc.wait(120)
        if proc.returncode != 0:
            raise ServerError(f"telethon_chat.py {command} for {phone} failed ({proc.returncode}): {proc.stderr().strip()[-300:]}")
        return json.loads(proc.stdout() or "{}")

    def prepare(self) -> tuple[int, int, list[int]]:
        """The account logged in on the server and told of two users: its local id, its user id
        on the server, and the users' ids."""
        login = self.apps.run("main", ["login", "--server", self.address, "--public-key", PUBLIC_KEY, "--phone", ACCOUNT[0],
                                       "--code", CODE, "--json"], timeout=120)
        if login.returncode != 0:
            raise ServerError(f"main login --server failed ({login.returncode}): {login.stderr().strip()[-300:]}")
        account = json.loads(login.stdout())
        for phone, _, _ in OTHERS:
            self.telethon(phone, "login", ["--phone", phone, "--code", CODE])
            self.telethon(phone, "send", ["--to", ACCOUNT[0].replace(" ", ""), "--text", f"hello from {phone}"])
        sync = self.apps.run("main", ["sync", "--json"], timeout=120)
        if sync.returncode != 0:
            raise ServerError(f"main sync failed ({sync.returncode}): {sync.stderr().strip()[-300:]}")
        peers = [row["peerId"] for row in json.loads(self.apps.run("main", ["chats", "--json"]).stdout()) if row["kind"] == "user"]
        if len(peers) < len(OTHERS):
            raise ServerError(f"the account knows {len(peers)} users after its sync, not {len(OTHERS)}")
        return int(account["accountId"]), int(account["userId"]), peers

    def settle(self, peers: list[int], tries: int = 10) -> int:
        """`main sync` until no message of the account waits for the server; how many still wait."""
        waiting = 0
        for _ in range(tries):
            # Sent one after another, each answered late: a thousand take minutes.
            self.apps.run("main", ["sync"], timeout=1200)
            waiting = sum(1 for peer in peers for row in self._rows(peer) if row.get("unsent") and not row["unsent"].get("failure"))
            if waiting == 0:
                break
        return waiting

    def refused(self, peers: list[int]) -> list[str]:
        return [f"{row['text']!r}: {row['unsent']['failure']}" for peer in peers for row in self._rows(peer)
                if row.get("unsent") and row["unsent"].get("failure")]

    def _rows(self, peer: int) -> list[dict]:
        proc = self.apps.run("main", ["messages", "--peer", str(peer), "--limit", "1000000", "--json"], timeout=120)
        return json.loads(proc.stdout()) if proc.returncode == 0 else []

    def server_texts(self, user_id: int) -> Counter:
        """The account's own messages as the server's database holds them."""
        db = sqlite3.connect(os.path.join(self.state, "messages.sqlite3"))
        try:
            return Counter(text for (text,) in db.execute("SELECT text FROM messages WHERE owner = ? AND out = 1", (user_id,)))
        finally:
            db.close()

    def retries(self) -> int:
        """sendMessages the server answered as retries (the same random_id again)."""
        return self.proc.stderr().count("a retry, answered id")


def judge(submissions, local: Counter, on_server: Counter, ours: str, waiting: int, refused: list[str], retries: int) -> dict:
    """The server half of the figures, for the texts starting with `ours` (this run's); `failures`
    lists what breaks the bar."""
    lost = [s.text for s in submissions if s.outcome in ("sent", "queued") and on_server.get(s.text, 0) == 0]
    twice = sorted(text for text, n in on_server.items() if n > 1 and text.startswith(ours))
    local_twice = sorted(text for text, n in local.items() if n > 1 and text.startswith(ours))
    failures = []
    if lost:
        failures.append(f"{len(lost)} answered sent or queued but not on the server: {lost[:5]}")
    if twice:
        failures.append(f"{len(twice)} on the server more than once: {twice[:5]}")
    if local_twice:
        failures.append(f"{len(local_twice)} here more than once: {local_twice[:5]}")
    if waiting:
        failures.append(f"{waiting} still waiting for the server after settling")
    if refused:
        failures.append(f"{len(refused)} refused by the server: {refused[:5]}")
    return {"onServer": sum(n for text, n in on_server.items() if text.startswith(ours)), "lostOnServer": lost,
            "twiceOnServer": twice, "waiting": waiting, "refused": refused, "retriesAnswered": retries, "failures": failures}

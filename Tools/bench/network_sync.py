"""Tools/bench/network_sync.py — accounts on the test server, measured (part of `Scripts/bench
--network`, after Tools/bench/network.py's connect and ping):

  * catching up: the test server (Tools/mtproto-server, with --state) holds MESSAGES messages
    another account sent while ours was away (written by Tools/mtproto-server/fill.py into the
    stopped server's state); `main sync` on a copy of the container as it was before them fetches
    them with updates.getDifference (a slice of 100 per answer, as Telegram's) into the Postbox.
    The reference is Telethon fetching the same differences from the same pts on the same server
    (Tools/mtproto-server/telethon_chat.py catch-up): it parses each answer and keeps nothing.
    Both are whole processes (spawn to exit), interleaved, CATCH_UP_RUNS times; the figure is our
    messages per second into the Postbox and the ratio of the times;
  * key → message on the other side: two containers, two accounts, each `main` on a pty of its
    own (160x48, as Tools/bench/interface.py drives it), each with their chat open. A random word
    is typed into A's composer, and the time runs from just before A's Enter to the read on B's
    terminal that completes the word (B's screen shows the message). DELIVERIES times, each from
    idle terminals. The reference is two Telethon clients doing the same through the same server
    (Tools/bench/telethon_delivery.py: send to the receiver's NewMessage handler). The two are
    measured in DELIVERY_BLOCKS alternating blocks, so a machine whose speed drifts during the run
    (this one's does, by a quarter between minutes) weighs on both alike;
  * the first interactive frame with the network: `main` launched on B's container (its account
    on the server, the server up) to the first frame with its chat list, against `main status`'s
    whole process, interleaved; the [interface] first-frame budget, as for an offline account
    (the connection starts after the first frame).
Budgets: Benchmarks/budgets.toml [network].
"""

from __future__ import annotations

import json
import os
import resource
import secrets
import select
import shutil
import statistics
import string
import subprocess
import tempfile
import time

from bench.budgets import INTERFACE_BUDGETS, NETWORK_BUDGETS
from bench.interface import Terminal, key_sequences, spawn_wait_ms
from bench.meter import Failure
from bench.test_server import PUBLIC_KEY, PYTHON, SERVER_DIR, TestServer

MESSAGES = 100_000
CATCH_UP_RUNS = 3
DELIVERIES = 20
DELIVERY_BLOCKS = 4
LAUNCHES = 5
CODE = "24680"
READER = ("+999 72 1 0001", "Bench", "Reader")
SENDER = ("+999 72 2 0002", "Bench", "Sender")
# The reference's two accounts: Telethon's keys never touch ours.
TELETHON = [("+999 72 3 0003", "Tele", "Sender"), ("+999 72 4 0004", "Tele", "Reader")]
DELIVERY_LIMIT_S = 10.0
QUIET_S = 0.15


def app_environment() -> dict:
    """This process's environment without what would point the app at another container, bundle
    or desktop session."""
    return {k: v for k, v in os.environ.items() if k not in ("TELEGRAM_BUNDLE_ID", "APP_GROUP_CONTAINER", "DBUS_SESSION_BUS_ADDRESS")}


def _run(argv: list[str], timeout: float = 120, env: dict | None = None) -> str:
    proc = subprocess.run(argv, capture_output=True, text=True, stdin=subprocess.DEVNULL, timeout=timeout, env=env or app_environment())
    if proc.returncode != 0:
        raise RuntimeError(f"{' '.join(argv[:3])} exited {proc.returncode}: {proc.stderr.strip()[-400:]}")
    return proc.stdout


def _timed(argv: list[str], timeout: float) -> tuple[float, float, str]:
    """The whole process: wall seconds, CPU seconds (user + system), stdout."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    started = time.monotonic()
    out = _run(argv, timeout)
    wall = time.monotonic() - started
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime), out


def _accounts(*accounts: tuple[str, str, str]) -> list[str]:
    return [a for phone, first, last in accounts for a in ("--account", f"{phone}:{first}:{last}")]


def _login(main: str, container: str, address: str, phone: str) -> None:
    _run([main, "login", "--server", address, "--public-key", PUBLIC_KEY, "--phone", phone, "--code", CODE,
          "--json", "--container", container])


def _telethon_chat(address: str, session: str, command: str, *args: str, timeout: float = 120) -> list[str]:
    return [PYTHON, os.path.join(SERVER_DIR, "telethon_chat.py"), command, "--server", address, "--session-file", session,
            "--json", "--timeout", str(int(timeout)), *args]


def measure_catch_up(bin_dir: str, messages: int = MESSAGES, runs: int = CATCH_UP_RUNS) -> dict:
    main = os.path.join(bin_dir, "main")
    with tempfile.TemporaryDirectory(prefix="bench-catch-up-") as work:
        state, base, session = os.path.join(work, "state"), os.path.join(work, "base"), os.path.join(work, "telethon")
        arguments = ("--state", state, "--login-code", CODE, "--difference-too-long", str(messages * 2),
                     *_accounts(READER, SENDER))
        server = TestServer(work, arguments)
        try:
            address = f"127.0.0.1:{server.port}"
            _login(main, base, address, READER[0])
            _run([main, "sync", "--json", "--container", base])  # the state the container catches up from
            pts = json.loads(_run(_telethon_chat(address, session, "login", "--phone", READER[0].replace(" ", ""),
                                                 "--code", CODE)))["pts"]
        finally:
            server.stop()
        filled = json.loads(_run([PYTHON, os.path.join(SERVER_DIR, "fill.py"), "--state", state, "--from", SENDER[0],
                                  "--to", READER[0], "--count", str(messages), "--json"], timeout=600))
        server = TestServer(work, arguments, port=server.port)  # the container knows the datacenter's port
        ours, theirs, telethon_loop, ours_cpu, theirs_cpu = [], [], [], [], []
        try:
            for run in range(runs):
                container = os.path.join(work, f"run-{run}")
                shutil.copytree(base, container, symlinks=True)
                seconds, cpu, out = _timed([main, "sync", "--json", "--container", container], 1800)
                report = json.loads(out)
                if report.get("newMessages") != messages:
                    raise RuntimeError(f"main sync stored {report.get('newMessages')} new messages, not {messages}: {out[-400:]}")
                ours.append(seconds)
                ours_cpu.append(cpu)
                shutil.rmtree(container)
                seconds, cpu, out = _timed(_telethon_chat(address, session, "catch-up", "--pts", str(pts), timeout=1800), 1800)
                report = json.loads(out)
                if report.get("messages") != messages:
                    raise RuntimeError(f"Telethon's catch-up read {report.get('messages')} messages, not {messages}")
                theirs.append(seconds)
                theirs_cpu.append(cpu)
                telethon_loop.append(report["seconds"])
        finally:
            server.stop()
    ratio = statistics.median(ours) / statistics.median(theirs)
    cpu_ratio = statistics.median(ours_cpu) / statistics.median(theirs_cpu)
    within = ratio <= NETWORK_BUDGETS["catchUpRatio"] and cpu_ratio <= NETWORK_BUDGETS["catchUpCpuRatio"]
    return {"messages": messages, "runs": runs, "fillSeconds": filled["seconds"],
            "swiftSeconds": statistics.median(ours), "messagesPerSecond": messages / statistics.median(ours),
            "swiftCpuSeconds": statistics.median(ours_cpu), "cpuMessagesPerSecond": messages / statistics.median(ours_cpu),
            "telethonSeconds": statistics.median(theirs), "telethonLoopSeconds": statistics.median(telethon_loop),
            "telethonCpuSeconds": statistics.median(theirs_cpu),
            "telethonMessagesPerSecond": messages / statistics.median(theirs), "ratio": ratio, "cpuRatio": cpu_ratio,
            "verdict": "PASS" if within else "OVER"}


class Pair:
    """Two `main` interfaces on ptys, A's keys written, both terminals read."""

    def __init__(self, main: str, containers: list[str], work: str):
        self.terminals = []
        for n, container in enumerate(containers):
            env = app_environment()
            env.pop("LINES", None)
            env.pop("COLUMNS", None)
            env.update(TERM="xterm-256color", APP_GROUP_CONTAINER=container)
            self.terminals.append(Terminal([main], env, os.path.join(work, f"main-{n}.err")))

    def settle(self) -> None:
        """Reads both until neither has written for QUIET_S."""
        while True:
            ready = select.select([t.master for t in self.terminals], [], [], QUIET_S)[0]
            if not ready:
                return
            for terminal in self.terminals:
                if terminal.master in ready:
                    terminal.stream += terminal.read_once()

    def deliver(self, word: bytes) -> float:
        """ms from just before A's Enter to the read that completes `word` on B's terminal."""
        a, b = self.terminals
        os.write(a.master, word)
        self.settle()
        seen = bytearray()
        started = time.monotonic_ns()
        os.write(a.master, b"\r")
        deadline = time.monotonic() + DELIVERY_LIMIT_S
        while time.monotonic() < deadline:
            ready = select.select([a.master, b.master], [], [], max(deadline - time.monotonic(), 0))[0]
            if a.master in ready:
                a.stream += a.read_once()
            if b.master in ready:
                seen += b.read_once()
                if word in seen:
                    came = time.monotonic_ns()
                    b.stream += seen
                    return (came - started) / 1e6
        raise b._fail(f"{word.decode()!r} typed in A did not show on B's terminal within {DELIVERY_LIMIT_S:.0f} s")

    def kill(self) -> None:
        for terminal in self.terminals:
            terminal.kill()


def _word() -> bytes:
    # Random letters: no run of them is already on B's screen, so ncurses writes the word whole.
    return "".join(secrets.choice(string.ascii_lowercase) for _ in range(12)).encode()


def measure_delivery(bin_dir: str, deliveries: int = DELIVERIES, launches: int = LAUNCHES) -> dict:
    main = os.path.join(bin_dir, "main")
    keys = key_sequences()
    with tempfile.TemporaryDirectory(prefix="bench-delivery-") as work:
        server = TestServer(work, ("--login-code", CODE, *_accounts(READER, SENDER, *TELETHON)))
        try:
            address = f"127.0.0.1:{server.port}"
            containers = [os.path.join(work, "a"), os.path.join(work, "b")]
            _login(main, containers[0], address, SENDER[0])
            _login(main, containers[1], address, READER[0])
            # The chat on both sides: the reader writes first (Telethon with a key of its own), both sync.
            session = os.path.join(work, "reader")
            _run(_telethon_chat(address, session, "login", "--phone", READER[0].replace(" ", ""), "--code", CODE))
            _run(_telethon_chat(address, session, "send", "--to", SENDER[0].replace(" ", ""), "--text", "hello"))
            for container in containers:
                _run([main, "sync", "--json", "--container", container])
            first_frame = _first_frames(main, containers[1], work, launches)
            pair = Pair(main, containers, work)
            try:
                for terminal in pair.terminals:
                    terminal.first_frame(SENDER[1].encode() if terminal is pair.terminals[1] else READER[1].encode())
                pair.settle()
                for terminal in pair.terminals:
                    os.write(terminal.master, keys["enter"])  # the only chat, selected: open it
                pair.settle()
                pair.deliver(_word())  # a warm-up: the first send also resolves and caches
                ours, reference = [], []
                for block in range(DELIVERY_BLOCKS):
                    count = deliveries // DELIVERY_BLOCKS + (1 if block < deliveries % DELIVERY_BLOCKS else 0)
                    ours += [pair.deliver(_word()) for _ in range(count)]
                    reference += json.loads(_run([PYTHON, os.path.join(os.path.dirname(os.path.abspath(__file__)), "telethon_delivery.py"),
                                                  "--server", address, "--sender", TELETHON[0][0].replace(" ", ""),
                                                  "--receiver", TELETHON[1][0].replace(" ", ""), "--code", CODE,
                                                  "--count", str(count)], timeout=300))["ms"]
                    pair.settle()
            finally:
                pair.kill()
        finally:
            server.stop()
    ratio = statistics.median(ours) / statistics.median(reference)
    return {"deliveries": deliveries, "swiftMs": statistics.median(ours), "swiftMaxMs": max(ours),
            "telethonMs": statistics.median(reference), "ratio": ratio,
            "verdict": "PASS" if ratio <= NETWORK_BUDGETS["deliveryRatio"] else "OVER", "firstFrame": first_frame}


def _first_frames(main: str, container: str, work: str, launches: int) -> dict:
    """`main` on the container (its account on the server) to its first interactive frame,
    interleaved with `main status`'s whole process; the interface's first-frame budget."""
    env = app_environment()
    env.pop("LINES", None)
    env.pop("COLUMNS", None)
    env.update(TERM="xterm-256color", APP_GROUP_CONTAINER=container)
    frames, status = [], []
    for n in range(launches + 1):  # the first is a warm-up
        terminal = Terminal([main], env, os.path.join(work, "first-frame.err"))
        try:
            ms = terminal.first_frame(SENDER[1].encode())
            terminal.quit(key_sequences()["quit"])
        finally:
            terminal.kill()
        took = spawn_wait_ms([main, "status"], env, os.path.join(work, "status.err"))
        if n:
            frames.append(ms)
            status.append(took)
    ratio = statistics.median(frames) / statistics.median(status)
    return {"launches": launches, "ms": statistics.median(frames), "statusMs": statistics.median(status), "ratio": ratio,
            "verdict": "PASS" if ratio <= INTERFACE_BUDGETS["firstFrameRatio"] else "OVER"}


def measure_accounts(bin_dir: str, messages: int = MESSAGES) -> dict:
    """Both parts; {"failed": why} if one could not run."""
    try:
        return {"catchUp": measure_catch_up(bin_dir, messages), "delivery": measure_delivery(bin_dir)}
    except (Failure, RuntimeError, subprocess.TimeoutExpired, json.JSONDecodeError, KeyError) as error:
        return {"failed": str(error)}


def print_accounts(n: dict) -> None:
    if "failed" in n:
        print(f"accounts on the server: FAILED: {n['failed']}")
        return
    c, d, b = n["catchUp"], n["delivery"], NETWORK_BUDGETS
    f = d["firstFrame"]
    print("accounts on the test server (medians):")
    print(f"  {'catch-up: ' + format(c['messages'], ',') + ' messages (getDifference)':<40} {c['swiftSeconds']:8.2f} s  "
          f"{c['messagesPerSecond']:8.0f} msg/s into the Postbox  Telethon {c['telethonSeconds']:.2f} s "
          f"({c['telethonMessagesPerSecond']:.0f} msg/s, its loop {c['telethonLoopSeconds']:.2f} s)  {c['ratio']:5.2f}x  "
          f"budget <= {b['catchUpRatio']:g}x  ({c['runs']} runs each)")
    cpu_label = "  the client's own CPU"
    print(f"  {cpu_label:<40} {c['swiftCpuSeconds']:8.2f} s  {c['cpuMessagesPerSecond']:8.0f} msg/s  Telethon "
          f"{c['telethonCpuSeconds']:.2f} s  {c['cpuRatio']:5.2f}x  budget <= {b['catchUpCpuRatio']:g}x  {c['verdict']}")
    print(f"  {'key -> message on the other side':<40} {d['swiftMs']:8.2f} ms  (max {d['swiftMaxMs']:.1f})  Telethon "
          f"{d['telethonMs']:.2f} ms  {d['ratio']:5.2f}x  budget <= {b['deliveryRatio']:g}x  {d['verdict']}  "
          f"({d['deliveries']} messages each)")
    print(f"  {'first interactive frame, server account':<40} {f['ms']:8.2f} ms  main status {f['statusMs']:.2f} ms  "
          f"{f['ratio']:5.2f}x  budget <= {INTERFACE_BUDGETS['firstFrameRatio']:g}x  {f['verdict']}  ({f['launches']} launches)")

#!/usr/bin/env python3
"""Tools/bench/interface.py — main's interface through a pseudo-terminal (issue 14; docs/architecture.md §8).

Part of Tools/bench/runner.py, and runnable alone (`Scripts/bench --interface` does that) on a
container made by Scripts/bench: its current account has a chat with 100,000 messages pinned at
the top of the chat list (`main seed --big-chat`), which is the row selected at launch, and under
it a chat whose newest 10,000 messages are incoming and unread (`main seed --unread-chat`).

The real `main` (no arguments, the container in APP_GROUP_CONTAINER, as a person starts it) runs
on a pty of 160x48 (TIOCSWINSZ; LINES and COLUMNS removed from the environment, so ncurses asks
the pty) with TERM=xterm-256color: the split layout, chat list left, chat right. Keys are written
to the pty's master as that terminfo entry says the keys send (application cursor mode, which
ncurses turns on).

How a frame is found: ncurses writes one screen update (one doupdate) in one or a few write()s
back to back. The runner reads the master until no byte has come for a quiet window (30 ms: the
reads inside one key's update were seen at most 0.5 ms apart; at launch the launch screen and
the chat list came 20 ms apart, two updates, told apart by the title).
A frame's time is that of its LAST byte: taken right after the read that returned it, not when
the quiet window ran out, so the window only decides where a frame ends, never its figure. After
each key the runner first waits until the terminal has been quiet for SETTLE_S, setting aside any
late bytes (the app's one-second tick redrawing, say), so each key starts from an idle app.

What is measured, per launch (LAUNCHES of them, one more first as a warm-up):
  * launch to the first interactive frame: from just before posix_spawn to the last byte of the
    first burst after which the output holds the big chat's title, i.e. the chat list drawn with
    data (a launch screen drawn before it does not count), the root ready for keys;
  * `main status`'s whole process (posix_spawn to wait4, stdout to /dev/null, the same spawn
    path and environment), run right before or right after each launch (alternating), so both
    sides of the 2x budget see the same machine;
  * key to frame: Down then Up in the chat list (the selection moves and back), then Tab through
    every root tab back to Chats (each tab's first appearance in the process: its content read);
  * Enter on the top row: the 100,000-message chat opens in the detail column. Before each
    launch `main push` (the push server) adds one incoming message, so the launch's first open
    finds it unread and marks it read, as opening a chat with news does; later opens find it read.
    The two are reported apart;
  * right after the second open, a selection (issue 29): ↑ from the empty composer selects the
    newest message, SELECTION_MOVES ↑ move it up (the view follows), as many ↓ back; one line;
    then Enter on that newest message, a reply to the message halfway back (`main seed
    --big-chat` makes it one, 50,000 back in the 100,000-message chat): the jump to it, read from
    the Postbox and selected, judged as an open (issue 36); Backspace back, Esc to the composer;
  * the composer's completion open (issue 36): `:` and Tab open the emoji picker, then each key
    narrowing it is a key to frame; Esc and Backspace leave the composer empty again;
  * PageUp in that chat (one page of history older; pages are read from the Postbox as it goes):
    pages 1-10 of both opens, and pages 31-40 of the second, reported apart (deep in the history);
  * Esc back, and the next open;
  * ↓ and Enter: the chat with UNREAD unread opens at its "N unread messages" divider, marking
    what is in view read (a write on the frame's path). Before each launch, `intents
    set-attribute --unread` queues its newest UNREAD messages unread again, which the `main push`
    above applies as it launches, so every launch opens it with UNREAD (the count is read with
    `main chats` and reported); Esc, and Ctrl-Q quits (the writer lock released before the next launch).
After the launches, keys in a chat of photos while they decode, per picture mode (symbols, kitty,
sixel; Tools/bench/interface_photos.py, issue 30), each key's frame told apart from the pictures'
own later redraws.
Each key's frame must not be empty, the first frame and each open must carry the chat's title
(the unread chat's frame its divider), else the run fails. With pyte installed, `--screens DIR` writes the first launch's screens as
text, to see that every frame timed is the screen it claims.
"""

from __future__ import annotations

import argparse
import curses
import fcntl
import json
import os
import select
import signal
import statistics
import struct
import subprocess
import sys
import tempfile
import termios
import time

from bench.budgets import INTERFACE_BUDGETS
from bench.interface_photos import CELL_PIXELS, MODES, PHOTOS, make_photo_chat, measure_photo_keys
from bench.meter import Failure
from bench.part import finish_part
from common.processes import read_text

COLUMNS, ROWS = 160, 48
TERM = "xterm-256color"
LAUNCHES = 10
QUIET_S = 0.030
SETTLE_S = 0.150
FIRST_FRAME_LIMIT_S = 30.0
FRAME_LIMIT_S = 3.0
# PageUps after each open: the first open's 10, the second's 40 (the chat reads 100 older
# messages from the Postbox every few pages, and what it has in memory grows as it goes up).
PAGES_PER_OPEN = (10, 40)
MOVES_PER_LAUNCH = 5
# In the big chat's second open: ↑ selects the newest message, then this many ↑ and as many ↓
# move the selection (the view follows it) back to the newest.
SELECTION_MOVES = 12
# Unread messages the second chat of the list ends with (`main seed --unread-chat`).
UNREAD = 10_000


def key_sequences() -> dict[str, bytes]:
    """What the terminal sends for each key, from terminfo (keypad transmit mode is on)."""
    null = os.open(os.devnull, os.O_WRONLY)  # setupterm wants a descriptor; its size is not used here
    try:
        curses.setupterm(TERM, null)
    finally:
        os.close(null)
    return {"down": curses.tigetstr("kcud1"), "up": curses.tigetstr("kcuu1"), "pageUp": curses.tigetstr("kpp"),
            "tab": b"\t", "enter": b"\r", "escape": b"\x1b", "backspace": b"\x7f",
            "quit": b"\x11"}  # Ctrl-Q: quits at once (q asks first)


class Terminal:
    """One `main` on a pty: spawn, read frames, write keys, quit."""

    def __init__(self, argv: list[str], env: dict, err_path: str, pixels: tuple[int, int] = (0, 0)):
        """pixels: the window's size in pixels (ws_xpixel, ws_ypixel; 0: unknown, as most ptys say)."""
        self.argv, self.err_path = argv, err_path
        master, slave = os.openpty()
        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", ROWS, COLUMNS, *pixels))
        actions = [(os.POSIX_SPAWN_DUP2, slave, 0), (os.POSIX_SPAWN_DUP2, slave, 1),
                   (os.POSIX_SPAWN_OPEN, 2, err_path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)]
        self.master, self.stream = master, bytearray()
        self.spawned_ns = time.monotonic_ns()
        self.pid = os.posix_spawn(argv[0], argv, env, file_actions=actions, setsid=True)
        os.close(slave)
        self.exit_code: int | None = None

    def _fail(self, what: str) -> Failure:
        self.kill()
        return Failure(self.argv, self.exit_code if self.exit_code is not None else -1,
                       f"{what}\n{read_text(self.err_path)}")

    def read_burst(self, limit_s: float) -> tuple[int | None, bytes]:
        """Bytes until QUIET_S passes without one (waiting up to limit_s for the first): the time
        of the last byte (monotonic ns) and the bytes; (None, b"") if nothing came."""
        chunks = self.read_chunks(limit_s)
        return (chunks[-1][0] if chunks else None), b"".join(chunk for _, chunk in chunks)

    def read_chunks(self, limit_s: float) -> list[tuple[int, bytes]]:
        """As read_burst, each read apart: [(monotonic ns right after the read, its bytes)]."""
        deadline = time.monotonic() + limit_s
        chunks, last = [], None
        while True:
            wait = QUIET_S if last is not None else max(deadline - time.monotonic(), 0)
            if not select.select([self.master], [], [], wait)[0]:
                break
            try:
                chunk = os.read(self.master, 1 << 16)
            except OSError:  # EIO: the child closed the pty (it exited)
                chunk = b""
            if not chunk:
                raise self._fail("main closed the terminal (exited) while a frame was expected")
            last = time.monotonic_ns()
            chunks.append((last, chunk))
            self.stream += chunk
        return chunks

    def first_frame(self, title: bytes) -> float:
        """ms from spawn to the last byte of the burst that completes the chat list with data."""
        deadline = time.monotonic() + FIRST_FRAME_LIMIT_S
        while time.monotonic() < deadline:
            last, _ = self.read_burst(max(deadline - time.monotonic(), 0))
            if last is not None and title in self.stream:
                return (last - self.spawned_ns) / 1e6
        raise self._fail(f"no frame with the chat list ({title.decode()!r}) within {FIRST_FRAME_LIMIT_S:.0f} s")

    def settle(self) -> None:
        """Reads until the terminal has been quiet for SETTLE_S (what comes is kept in the stream only)."""
        while select.select([self.master], [], [], SETTLE_S)[0]:
            self.stream += self.read_once()

    def read_once(self) -> bytes:
        """One read of what main wrote (the caller knows some is there); fails if main exited."""
        try:
            chunk = os.read(self.master, 1 << 16)
        except OSError:  # EIO: the child closed the pty
            chunk = b""
        if not chunk:
            raise self._fail("main exited")
        return chunk

    def key(self, name: str, sequence: bytes, must_show: bytes | None = None) -> tuple[float, int]:
        """Writes a key; ms from just before the write to the last byte of the frame it caused."""
        self.settle()
        start = time.monotonic_ns()
        os.write(self.master, sequence)
        last, data = self.read_burst(FRAME_LIMIT_S)
        if last is None:
            raise self._fail(f"no frame within {FRAME_LIMIT_S:.0f} s after {name}")
        if must_show is not None and must_show not in data:
            raise self._fail(f"the frame after {name} does not show {must_show.decode()!r}")
        return (last - start) / 1e6, len(data)

    def quit(self, sequence: bytes) -> None:
        self.settle()
        os.write(self.master, sequence)
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline:
            pid, status = os.waitpid(self.pid, os.WNOHANG)
            if pid:
                self.exit_code = os.waitstatus_to_exitcode(status)
                break
            if select.select([self.master], [], [], 0.05)[0]:
                try:
                    self.stream += os.read(self.master, 1 << 16)
                except OSError:
                    pass
        else:
            raise self._fail("main did not quit within 10 s of Ctrl-Q")
        if self.exit_code != 0:
            raise Failure(self.argv, self.exit_code, read_text(self.err_path))

    def kill(self) -> None:
        try:
            os.close(self.master)
        except OSError:
            pass
        if self.exit_code is None:
            try:
                os.kill(self.pid, signal.SIGKILL)
                self.exit_code = os.waitstatus_to_exitcode(os.waitpid(self.pid, 0)[1])
            except ProcessLookupError:
                pass


def spawn_wait_ms(argv: list[str], env: dict, err_path: str) -> float:
    """A whole process, as the interface is spawned: posix_spawn to wait4, stdout to /dev/null."""
    actions = [(os.POSIX_SPAWN_OPEN, 0, os.devnull, os.O_RDONLY, 0),
               (os.POSIX_SPAWN_OPEN, 1, os.devnull, os.O_WRONLY, 0),
               (os.POSIX_SPAWN_OPEN, 2, err_path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)]
    start = time.monotonic_ns()
    pid = os.posix_spawn(argv[0], argv, env, file_actions=actions)
    status = os.waitpid(pid, 0)[1]
    elapsed = (time.monotonic_ns() - start) / 1e6
    if os.waitstatus_to_exitcode(status) != 0:
        raise Failure(argv, os.waitstatus_to_exitcode(status), read_text(err_path))
    return elapsed


def run_json(argv: list[str], env: dict):
    run = subprocess.run(argv, env=env, capture_output=True, text=True, stdin=subprocess.DEVNULL)
    if run.returncode != 0:
        raise Failure(argv, run.returncode, run.stderr)
    return json.loads(run.stdout)


def screen_text(stream: bytes) -> str | None:
    """The screen the bytes leave, as text, when pyte is installed."""
    try:
        import pyte
    except ImportError:
        return None
    screen = pyte.Screen(COLUMNS, ROWS)
    pyte.ByteStream(screen).feed(stream)
    return "\n".join(line.rstrip() for line in screen.display)


def one_launch(main: str, env: dict, workdir: str, chat: dict, tabs: int, keys: dict, samples: dict,
               screens: dict | None, pushes: int) -> None:
    title = chat["title"].encode()
    unread_title = chat["unreadChat"]["title"].encode()
    terminal = Terminal([main], env, os.path.join(workdir, "interface.err"))

    def shot(name: str) -> None:
        if screens is not None and name not in screens:
            screens[name] = screen_text(bytes(terminal.stream))

    try:
        samples["firstFrame"].append(terminal.first_frame(title))
        shot("1-first-frame")
        for _ in range(MOVES_PER_LAUNCH):
            for name in ("down", "up"):
                samples["move"].append(terminal.key(name, keys[name]))
                shot(f"2-{name}")
        for n in range(tabs):
            samples["tab"].append(terminal.key("Tab", keys["tab"]))
            shot(f"3-tab-{n + 1}")
        for n, pages in enumerate(PAGES_PER_OPEN):
            samples["openUnread" if n == 0 else "openRead"].append(terminal.key("Enter", keys["enter"], must_show=title))
            shot(f"4-open-{n + 1}")
            if n == 1:
                # A selection in the 100,000-message chat, back to the newest, then the composer.
                for name in ["up"] * (SELECTION_MOVES + 1) + ["down"] * SELECTION_MOVES:
                    samples["selection"].append(terminal.key(name, keys[name]))
                    shot(f"4-selection-{name}")
                # The fixture's newest is a reply to the message halfway back, under this run's
                # `pushes` bench pushes: ↑ to it, Enter jumps there, ⌫ back.
                for _ in range(pushes):
                    terminal.key("up", keys["up"])
                samples["replyJump"].append(terminal.key("Enter", keys["enter"], must_show="⌫ back".encode()))
                shot("4-reply-jump")
                terminal.key("Backspace", keys["backspace"])
                terminal.key("Escape", keys["escape"])
                # The emoji picker open over the composer: each key narrowing it.
                terminal.key(":", b":")
                terminal.key("Tab", keys["tab"], must_show=b"Emoji")
                for character in "ro":
                    samples["completion"].append(terminal.key(character, character.encode()))
                shot("4-completion")
                terminal.key("Escape", keys["escape"])
                terminal.key("Backspace", keys["backspace"])
            for p in range(pages):
                page = terminal.key("PageUp", keys["pageUp"])
                if p < 10:
                    samples["page"].append(page)
                elif p >= 30:
                    samples["deepPage"].append(page)
                if p < 2 or p == pages - 1:
                    shot(f"5-page-{p + 1}")
            terminal.key("Escape", keys["escape"])
        # The next row: the chat with UNREAD unread messages opens at its divider (marking what
        # is in view read: the next launch's set-attribute marks them unread again).
        terminal.key("Down", keys["down"])
        samples["openDivider"].append(terminal.key("Enter", keys["enter"], must_show=b"unread messages"))
        shot("6-open-unread")
        if unread_title not in terminal.stream:
            raise terminal._fail(f"the chat opened is not {unread_title.decode()!r}")
        terminal.key("Escape", keys["escape"])
        terminal.quit(keys["quit"])
    finally:
        terminal.kill()


def summarize(values: list[float]) -> dict:
    ordered = sorted(values)
    return {"runs": len(values), "median": statistics.median(values),
            "p90": ordered[min(len(ordered) - 1, round(0.9 * (len(ordered) - 1)))],
            "min": ordered[0], "max": ordered[-1]}


REPORT_LINES = [  # key in samples, what, budget key
    ("firstFrame", "launch to first interactive frame", "firstFrame"),
    ("move", "key to frame: Down/Up in the chat list", "key"),
    ("tab", "key to frame: Tab to the next tab", "key"),
    ("openUnread", "Enter: open the chat (1 unread, marked read)", "openChat"),
    ("openRead", "Enter: open the chat (already read)", "openChat"),
    ("selection", "key to frame: ↑/↓ moving the selection in the {messages:,}-message chat", "key"),
    ("replyJump", "Enter on a reply: to the message it answers, halfway back", "openChat"),
    ("completion", "key to frame: typing in the open emoji picker", "key"),
    ("openDivider", "Enter: open a chat with {unread:,} unread at its divider", "openChat"),
    ("page", "PageUp: one page of that chat, pages 1-10", "page"),
    ("deepPage", "PageUp: pages 31-40 (deep in the history)", "page"),
]


def unread_chat(main: str, row: dict) -> dict:
    """The second chat of the list, the fixture's chat ending with unread incoming messages."""
    if row["unreadCount"] == 0:
        raise Failure([main, "chats"], 1, f"the second chat of the list ({row['title']!r}) has no unread messages: "
                      "make the fixture with `main seed --unread-chat N` (Scripts/bench does)")
    return {"peerId": row["peerId"], "title": row["title"], "newest": row["topMessageId"]}


def mark_unread(main: str, env: dict, chat: dict, unread: int, err_path: str) -> None:
    """The chat's newest `unread` messages (all incoming in the fixture) unread again, as Siri's
    "mark as unread" asks: queued by `intents set-attribute` (main is not running) and applied by
    the next writer launch (the `main push` that follows). Cheaper than a fresh chat per launch,
    and the launch's own open is untouched by it."""
    intents = os.path.join(os.path.dirname(main), "intents")
    first = max(chat["newest"] - unread + 1, 1)
    spawn_wait_ms([intents, "set-attribute", "--message", f"{chat['peerId']}_0_{first}", "--unread"], env, err_path)


def unread_count(main: str, env: dict, peer_id: int) -> int:
    rows = run_json([main, "chats", "--limit", "2", "--json"], env)
    return next(row["unreadCount"] for row in rows if row["peerId"] == peer_id)


def measure_interface(bin_dir: str, container: str, launches: int = LAUNCHES, screens_dir: str | None = None,
                      unread: int = UNREAD) -> dict:
    main = os.path.join(os.path.abspath(bin_dir), "main")
    if not os.access(main, os.X_OK):
        return {"skipped": f"{main} is not built"}
    # No session bus: main's interface never posts to a desktop (and a developer's gets nothing).
    env = {k: v for k, v in os.environ.items() if k not in ("TELEGRAM_BUNDLE_ID", "LINES", "COLUMNS", "DBUS_SESSION_BUS_ADDRESS")}
    env.update(APP_GROUP_CONTAINER=os.path.abspath(container), TERM=TERM)
    report: dict = {"size": f"{COLUMNS}x{ROWS}", "term": TERM, "launches": launches,
                    "quietMs": QUIET_S * 1000, "budgets": INTERFACE_BUDGETS}
    try:
        keys = key_sequences()
        status = run_json([main, "status", "--json"], env)
        chat, second = run_json([main, "chats", "--limit", "2", "--json"], env)
        # Fixture message ids run 1...N in each chat, so the newest id is the chat's size.
        report["chat"] = {"peerId": chat["peerId"], "title": chat["title"], "messages": chat["topMessageId"]}
        chat["unreadChat"] = unread_chat(main, second)
        report["unreadChat"] = {"peerId": second["peerId"], "title": second["title"], "messages": second["topMessageId"],
                                "unreadAsked": unread, "unreadOpened": []}
        tabs = len(status["rootTabs"])
        # Issue 30: the third chat gets photos (Tools/bench/interface_photos.py).
        photo_chat = run_json([main, "chats", "--limit", "3", "--json"], env)[2]
        samples: dict[str, list] = {key: [] for key, _, _ in REPORT_LINES}
        samples["status"] = []
        screens: dict | None = {} if screens_dir else None
        with tempfile.TemporaryDirectory(prefix="bench-interface.") as workdir:
            err = os.path.join(workdir, "status.err")
            # Queued, applied by the first launch's `main push` below.
            make_photo_chat(main, env, workdir, photo_chat["peerId"])
            for n in range(launches + 1):  # the first is a warm-up
                # News in the chat for this launch's first open (the push server's side).
                # The unread chat's newest `unread` messages unread again (the last launch read a
                # screen of them), applied by that push's launch.
                mark_unread(main, env, chat["unreadChat"], unread, err)
                run_json([main, "push", "--peer", str(chat["peerId"]), "--text", f"Bench interface {n}"], env)
                opened_with = unread_count(main, env, chat["unreadChat"]["peerId"])
                round_samples: dict[str, list] = {key: [] for key in samples}
                status_first = n % 2 == 0
                if status_first:
                    round_samples["status"].append(spawn_wait_ms([main, "status"], env, err))
                one_launch(main, env, workdir, chat, tabs, keys, round_samples, screens if n == 1 else None, pushes=n + 1)
                if not status_first:
                    round_samples["status"].append(spawn_wait_ms([main, "status"], env, err))
                if n > 0:
                    for key, values in round_samples.items():
                        samples[key] += values
                    report["unreadChat"]["unreadOpened"].append(opened_with)
                print(f"\rinterface: launch {n + 1}/{launches + 1}", end="", file=sys.stderr, flush=True)
            print(file=sys.stderr)
            photo_launches = max(1, launches // 3)
            print(f"interface: {photo_launches} launch(es) per picture mode in the photo chat", file=sys.stderr, flush=True)
            photos = measure_photo_keys(main, env, workdir, keys, chat["title"].encode(), photo_chat, photo_launches,
                                        Terminal, (COLUMNS * CELL_PIXELS[0], ROWS * CELL_PIXELS[1]))
    except Failure as failure:
        report["failed"] = f"{' '.join(failure.argv)} (exit {failure.exit_code}): {failure.stderr.strip()[-2000:]}"
        return report
    if screens_dir and screens:
        os.makedirs(screens_dir, exist_ok=True)
        for name, text in screens.items():
            with open(os.path.join(screens_dir, f"{name}.txt"), "w", encoding="utf-8") as f:
                f.write(text if text is not None else "(pyte is not installed)\n")
    report["statusMs"] = summarize(samples["status"])
    report["frameBytes"] = {key: statistics.median(b for _, b in samples[key]) for key, _, _ in REPORT_LINES if key != "firstFrame"}
    rows = []
    for key, what, budget_key in REPORT_LINES:
        values = [s if isinstance(s, float) else s[0] for s in samples[key]]
        row = {"key": key, "what": what.format(messages=report["chat"]["messages"], unread=unread), **summarize(values)}
        if budget_key == "firstFrame":
            row["budgetMs"] = INTERFACE_BUDGETS["firstFrameRatio"] * report["statusMs"]["median"]
            row["ratio"] = row["median"] / report["statusMs"]["median"]
        else:
            row["budgetMs"] = INTERFACE_BUDGETS[budget_key + "Ms"]
        row["verdict"] = "PASS" if row["median"] <= row["budgetMs"] else "OVER"
        rows.append(row)
    report["photoChat"] = {"peerId": photo_chat["peerId"], "title": photo_chat["title"], "photos": PHOTOS}
    for mode in MODES:
        got = photos[mode]
        row = {"key": f"photoKeys-{mode}", "budgetMs": INTERFACE_BUDGETS["pictureKeyMs"],
               "what": f"key to frame: ↑/PageUp among {PHOTOS} photos decoding ({mode})", **summarize(got["keys"]),
               "burstMedianMs": statistics.median(got["burstMs"]), "redrawsAfter": got["redrawsAfter"],
               "pictureFrames": got["pictureFrames"]}
        row["verdict"] = "PASS" if row["median"] <= row["budgetMs"] else "OVER"
        rows.append(row)
    report["lines"] = rows
    report["verdict"] = "OVER" if any(r["verdict"] == "OVER" for r in rows) else "PASS"
    return report


WHAT_WIDTH = 66


def print_interface(report: dict) -> None:
    ui = report.get("interface") or {}
    if not ui:
        return
    if "skipped" in ui or "failed" in ui:
        print(f"interface: not measured ({ui.get('skipped') or ui.get('failed')})")
        print()
        return
    chat = ui["chat"]
    print(f"interface (main on a {ui['size']} pty, TERM={ui['term']}; {ui['launches']} launches after a warm-up, each "
          f"next to a main status; chat {chat['title']!r}, {chat['messages']:,} messages; frame = its last byte):")
    print(f"  {'what':<{WHAT_WIDTH}} {'median ms':>9} {'p90 ms':>8} {'max ms':>8} {'samples':>7}  {'budget':<22} verdict")
    s = ui["statusMs"]
    print(f"  {'main status, whole process':<{WHAT_WIDTH}} {s['median']:>9.2f} {s['p90']:>8.2f} {s['max']:>8.2f} {s['runs']:>7}  "
          f"{'(reference)':<22} -")
    for row in ui["lines"]:
        budget = (f"<= 2 x status = {row['budgetMs']:.1f}" if row["key"] == "firstFrame" else f"<= {row['budgetMs']:.0f} ms")
        extra = f"  ({row['ratio']:.2f} x status)" if "ratio" in row else ""
        print(f"  {row['what']:<{WHAT_WIDTH}} {row['median']:>9.2f} {row['p90']:>8.2f} {row['max']:>8.2f} {row['runs']:>7}  "
              f"{budget:<22} {row['verdict']}{extra}")
    u = ui["unreadChat"]
    print(f"  the unread chat {u['title']!r} ({u['messages']:,} messages) opened with {min(u['unreadOpened']):,} to "
          f"{max(u['unreadOpened']):,} unread (asked {u['unreadAsked']:,}; each launch's open reads a screen of them, "
          f"intents set-attribute --unread marks them unread again before the next)")
    if ui.get("photoChat"):
        p = ui["photoChat"]
        seen = "; ".join(f"{r['key'].split('-', 1)[1]}: {r['pictureFrames']} of {r['runs']} key frames drew pictures, "
                         f"{r['redrawsAfter']} picture redraws after them set apart (to the burst's end "
                         f"{r['burstMedianMs']:.1f} ms median)" for r in ui["lines"] if r["key"].startswith("photoKeys-"))
        print(f"  the photo chat {p['title']!r} ({p['photos']} photos shared into it): {seen}")
    sizes = ", ".join(f"{k} {v:,.0f}" for k, v in ui["frameBytes"].items())
    print(f"  bytes per frame (median): {sizes}; quiet window {ui['quietMs']:.0f} ms ends a frame, not counted in it")
    print()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--bin-dir", required=True, help="folder with the built main")
    parser.add_argument("--container", required=True, help="a container made by Scripts/bench (big chat on top)")
    parser.add_argument("--launches", type=int, default=LAUNCHES, help=f"measured launches (default {LAUNCHES})")
    parser.add_argument("--quiet-ms", type=float, default=30.0,
                        help="silence that ends a frame (default 30); changes where frames end, not their figures")
    parser.add_argument("--unread", type=int, default=UNREAD,
                        help=f"unread messages the second chat is opened with (default {UNREAD:,}; the fixture's --unread-chat)")
    parser.add_argument("--screens", metavar="DIR", help="with pyte installed: the first launch's screens as text")
    parser.add_argument("--json", action="store_true", help="print the result as JSON")
    parser.add_argument("--fail-over-budget", action="store_true", help="exit 1 if a line is over budget")
    args = parser.parse_args(argv)
    global QUIET_S
    QUIET_S = args.quiet_ms / 1000
    ui = measure_interface(args.bin_dir, args.container, max(args.launches, 1), args.screens, max(args.unread, 1))
    return finish_part("interface", ui, print_interface, args.json, args.fail_over_budget)


if __name__ == "__main__":
    sys.exit(main())

"""Tools/powercut/composer.py — the composer scene: a person typing into `main run`'s interface
(in tmux, on the mount) while the power goes.

The other scenes send through share and intents; this one sends the way a person does, and the
composer orders its work differently (the message is committed, handed to the connection, then
made durable, and only then shown with its clock; Docs: docs/network.md). What binds is what the
screen showed before the cut, read from tmux's pane: a message shown with its clock (◷) is owed
exactly once, one shown sent (✓) must be on the server once; one typed but never shown may be
lost, never doubled.
"""

from __future__ import annotations

import os
import subprocess
import threading
import time
from dataclasses import dataclass

COLUMNS, ROWS = 160, 48
PENDING, SENT = "◷", "✓"


class ComposerError(Exception):
    """The interface did not come up or did not open the chat: a scene that could not be played."""


@dataclass
class Typed:
    """A message typed into the composer and sent with Enter."""
    text: str
    peer: int
    # sent (✓ shown before the cut), queued (◷ shown: owed exactly once), unseen; after-cut never
    # applies: what binds is the screen, read before the cut.
    outcome: str = "unseen"
    extension: str = "composer"
    main_state: str = "interface"
    detail: str = ""
    proc: None = None
    verb: str = "showed"

    @property
    def reported(self) -> bool:
        return self.outcome in ("sent", "queued")


class Composer:
    """`main run` on a tmux pane of its own server (socket `name`), and a reader of that pane."""

    def __init__(self, bin_dir: str, container: str, err_path: str, env: dict, name: str):
        self.name, self.env = name, env
        self.captures: list[tuple[float, list[str]]] = []
        self._stop = threading.Event()
        self._reader: threading.Thread | None = None
        main = os.path.join(bin_dir, "main")
        # exec: the pane's process is main itself, so the kill after the cut is main's.
        command = f"exec {_quote(main)} run --container {_quote(container)} 2>{_quote(err_path)}"
        self._tmux("new-session", "-d", "-x", str(COLUMNS), "-y", str(ROWS), command)

    def _tmux(self, *args: str) -> str:
        proc = subprocess.run(["tmux", "-L", self.name, *args], env=self.env, capture_output=True, text=True, timeout=10)
        if proc.returncode != 0:
            raise ComposerError(f"tmux {args[0]} failed: {proc.stderr.strip()}")
        return proc.stdout

    def pane(self) -> list[str]:
        return self._tmux("capture-pane", "-p").splitlines()

    def wait_for(self, what: str, predicate, timeout: float = 20) -> list[str]:
        deadline = time.monotonic() + timeout
        lines: list[str] = []
        while time.monotonic() < deadline:
            lines = self.pane()
            if predicate(lines):
                return lines
            time.sleep(0.02)
        raise ComposerError(f"the interface did not show {what} within {timeout:.0f} s; it showed:\n" + "\n".join(lines))

    def open_chat(self, title: str) -> None:
        """Searches the chat list for `title` and opens the first chat found."""
        self.wait_for("the chat list", lambda lines: any(title in line for line in lines))
        self.keys("/")
        self.wait_for("the search field", lambda lines: any(line.startswith(" / ") for line in lines))
        self.text(title)
        self.wait_for("the chat among the results", lambda lines: sum(title in line for line in lines) >= 2)
        self.keys("Down")
        self.keys("Enter")
        self.wait_for(f"the chat with {title} open", lambda lines: bool(lines) and title in lines[0]
                      and any("⏎ send" in line for line in lines[-3:]))

    def keys(self, *names: str) -> None:
        self._tmux("send-keys", *names)

    def text(self, text: str) -> None:
        self._tmux("send-keys", "-l", text)

    def send(self, text: str) -> None:
        self.text(text)
        self.keys("Enter")

    def watch(self) -> None:
        """Reads the pane over and over on a thread of its own, each reading timed when it ended."""
        def loop() -> None:
            while not self._stop.is_set():
                try:
                    lines = self.pane()
                except (ComposerError, subprocess.SubprocessError):
                    return
                self.captures.append((time.monotonic(), lines))
                time.sleep(0.005)
        self._reader = threading.Thread(target=loop, daemon=True)
        self._reader.start()

    def judge(self, typed: list[Typed], cut_monotonic: float) -> None:
        """Each message's strongest status on a screen read completely before the cut."""
        for _, lines in (c for c in self.captures if c[0] < cut_monotonic):
            for message in typed:
                for line in lines:
                    if "You: " + message.text not in line:
                        continue
                    if SENT in line:
                        message.outcome = "sent"
                    elif PENDING in line and message.outcome != "sent":
                        message.outcome = "queued"
                    elif "not sent" in line:
                        message.detail = "shown as not sent"

    def stop(self) -> None:
        """Kills main (SIGKILL: the machine is off) and the tmux server."""
        self._stop.set()
        if self._reader:
            self._reader.join(5)
        try:
            pid = int(self._tmux("display-message", "-p", "#{pane_pid}").strip())
            os.kill(pid, 9)
        except (ComposerError, ValueError, ProcessLookupError, subprocess.SubprocessError):
            pass
        subprocess.run(["tmux", "-L", self.name, "kill-server"], env=self.env, capture_output=True, timeout=10)


def _quote(path: str) -> str:
    return "'" + path.replace("'", "'\\''") + "'"

"""Tools/bench/desktop_bus.py — a private session bus with a notification server, for the desktop-posted push line.

Part of Tools/bench/runner.py. `notify-service push (desktop posted)` measures a push whose
notification is posted to the desktop (issue 30), so it needs a session bus on which something owns
org.freedesktop.Notifications. The bench starts its own: `dbus-daemon --session --nofork` on a
socket in a folder of its own, and Tools/bench/notification_server.c (libdbus, compiled here with
pkg-config dbus-1's flags) owning the name and answering at once. Only that line gets the bus's
address in DBUS_SESSION_BUS_ADDRESS: every other line runs without one, so a developer's desktop
never receives bench notifications and the older lines measure what they always did.

The first post starts `notify-service listen` (one per container, detached: it waits on the bus
for clicks and replies). It exits when the bus goes away, which `stop` checks: it stops the daemon,
waits for the listeners of the container to exit, kills by pid those that are left, and says how
many there were.
"""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import tempfile
import time

from common.c_compiler import compile_c
from common.processes import Spawner, read_text

SERVER_SOURCE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "notification_server.c")
START_LIMIT_S = 10.0
# How long the listeners get to notice that the bus is gone (they wake at least every 250 ms).
LISTENER_EXIT_LIMIT_S = 3.0


class BusUnavailable(Exception):
    """Why the bench could not start its bus or server (the line is then reported as failed)."""


def _wait_for(path: str, predicate, child, what: str) -> str:
    deadline = time.monotonic() + START_LIMIT_S
    while time.monotonic() < deadline:
        text = read_text(path)
        if predicate(text):
            return text
        if not child.alive():
            raise BusUnavailable(f"{what} exited {child.returncode}: {child.stderr().strip()[-400:]}")
        time.sleep(0.01)
    raise BusUnavailable(f"{what} not ready within {START_LIMIT_S:.0f} s")


def listener_pids(notify_service: str, container: str) -> list[int]:
    """`notify-service listen --container CONTAINER` processes of this container, by their command line."""
    binary = os.path.realpath(notify_service)
    pids = []
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/cmdline", "rb") as f:
                argv = [part.decode(errors="replace") for part in f.read().split(b"\0")[:-1]]
        except OSError:
            continue
        if argv[1:4] == ["listen", "--container", container] and os.path.realpath(argv[0]) == binary:
            pids.append(int(entry))
    return pids


class DesktopBus:
    """Started on construction (raises BusUnavailable); `address` for DBUS_SESSION_BUS_ADDRESS; `stop` once."""

    def __init__(self, env: dict):
        if not shutil.which("dbus-daemon"):
            raise BusUnavailable("no dbus-daemon (Debian: dbus-daemon; Scripts/setup installs it)")
        pkg = subprocess.run(["pkg-config", "--cflags", "--libs", "dbus-1"], capture_output=True, text=True)
        if pkg.returncode != 0:
            raise BusUnavailable(f"pkg-config dbus-1: {pkg.stderr.strip()} (Debian: libdbus-1-dev)")
        self.folder = tempfile.mkdtemp(prefix="bench-bus.")
        self.spawner = Spawner()
        flags = pkg.stdout.split()
        server, problem = compile_c(SERVER_SOURCE, os.path.join(self.folder, "notification_server"),
                                    [f for f in flags if not f.startswith("-l")], [f for f in flags if f.startswith("-l")])
        if server is None:
            self._remove()
            raise BusUnavailable(problem)
        # The daemon and the server see no session of the developer's.
        base = {k: v for k, v in env.items() if k != "DBUS_SESSION_BUS_ADDRESS"}
        try:
            address_path = os.path.join(self.folder, "address")
            self.daemon = self.spawner.start(
                [shutil.which("dbus-daemon"), "--session", "--nofork", f"--address=unix:path={self.folder}/socket", "--print-address=1"],
                base, address_path, os.path.join(self.folder, "daemon.err"), new_session=True)
            self.address = _wait_for(address_path, lambda t: t.endswith("\n"), self.daemon, "dbus-daemon").strip()
            server_out = os.path.join(self.folder, "server.out")
            self.server = self.spawner.start([server], dict(base, DBUS_SESSION_BUS_ADDRESS=self.address), server_out,
                                             os.path.join(self.folder, "server.err"), new_session=True)
            _wait_for(server_out, lambda t: t.startswith("ready\n"), self.server, "the notification server")
        except BaseException:
            self.spawner.cleanup()
            self._remove()
            raise

    def stop(self, notify_service: str, container: str) -> dict:
        """Stops the bus and its server; what the server answered and what became of the listeners."""
        running = listener_pids(notify_service, container)
        self.daemon.signal(signal.SIGTERM)
        self.daemon.wait(5)
        self.server.wait(5)
        counts = read_text(os.path.join(self.folder, "server.out")).split()
        # "ready notify N image M close K"
        stats = {counts[i]: int(counts[i + 1]) for i in range(1, len(counts) - 1, 2) if counts[i + 1].isdigit()}
        result = {"notifyCalls": stats.get("notify"), "withImage": stats.get("image"), "closeCalls": stats.get("close"),
                  "listenersRunning": len(running)}
        deadline = time.monotonic() + LISTENER_EXIT_LIMIT_S
        left = running
        while left and time.monotonic() < deadline:
            time.sleep(0.05)
            left = listener_pids(notify_service, container)
        for pid in left:  # not gone with the bus: a bug, reported, and not left running
            try:
                os.kill(pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
        result["listenersKilled"] = len(left)
        self.spawner.cleanup()
        self._remove()
        return result

    def _remove(self) -> None:
        shutil.rmtree(self.folder, ignore_errors=True)

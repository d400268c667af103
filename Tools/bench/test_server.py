"""Tools/bench/test_server.py — the Telegram-protocol test server (Tools/mtproto-server) for a
bench: started on 127.0.0.1 in the virtualenv Scripts/setup makes, its port read from its first
line, killed at the end."""

from __future__ import annotations

import json
import os
import re
import subprocess
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SERVER_DIR = os.path.join(ROOT, "Tools", "mtproto-server")
PYTHON = os.path.join(ROOT, ".build-python", "bin", "python3")
PUBLIC_KEY = os.path.join(SERVER_DIR, "keys", "test-server.pub.pem")


class TestServer:
    """server.py on 127.0.0.1 (`port` 0: a free one, kept in .port), its output in `log_dir`."""

    def __init__(self, log_dir: str, arguments: tuple[str, ...] = ("--timing",), port: int = 0):
        self.stdout = os.path.join(log_dir, "server.out")
        self.stderr = os.path.join(log_dir, "server.err")
        with open(self.stdout, "w") as out, open(self.stderr, "a") as err:
            self.process = subprocess.Popen([PYTHON, os.path.join(SERVER_DIR, "server.py"), "--port", str(port), *arguments],
                                            stdout=out, stderr=err, stdin=subprocess.DEVNULL)
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            with open(self.stdout) as f:
                line = f.readline()
            if line.endswith("\n"):
                self.port = json.loads(line)["port"]
                return
            if self.process.poll() is not None:
                break
            time.sleep(0.05)
        self.stop()
        raise RuntimeError(f"the test server did not start: {open(self.stderr).read()[-400:]}")

    def timings(self, kind: str) -> list[int]:
        with open(self.stderr) as f:
            return [int(m.group(1)) for m in re.finditer(rf"timing {kind} (\d+) us", f.read())]

    def stop(self) -> None:
        self.process.kill()
        self.process.wait()

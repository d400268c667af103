"""Tools/bench/network.py — MTProto on loopback against the Telegram-protocol test server.

Run on its own: `Scripts/bench --network` (python3 -m bench.network --bin-dir DIR). The test
server (Tools/mtproto-server, with --timing) listens on 127.0.0.1; then, interleaved, RUNS times:
  - `main network check --pings 0 --json`: a new auth key and the first
    invokeWithLayer(initConnection(help.getConfig)), the connect a client pays once per datacenter;
  - Telethon (Tools/mtproto-server/telethon_check.py), a client proven against Telegram, doing the
    same against the same server: the reference, ratio Swift / Telethon;
and once `main network check --pings PINGS --json`: each ping's round trip against the server's own
time for that ping packet (its --timing lines), ratio of the medians. Both include the server's
Python; the ratios are what the client adds. Budgets: Benchmarks/budgets.toml [network].
"""

from __future__ import annotations

import argparse
import json
import os
import re
import statistics
import subprocess
import sys
import tempfile
import time

from bench.budgets import NETWORK_BUDGETS
from bench.part import finish_part

RUNS = 10
PINGS = 200
ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SERVER_DIR = os.path.join(ROOT, "Tools", "mtproto-server")
PYTHON = os.path.join(ROOT, ".build-python", "bin", "python3")
PUBLIC_KEY = os.path.join(SERVER_DIR, "keys", "test-server.pub.pem")


class TestServer:
    def __init__(self, log_dir: str):
        self.stdout = os.path.join(log_dir, "server.out")
        self.stderr = os.path.join(log_dir, "server.err")
        with open(self.stdout, "w") as out, open(self.stderr, "w") as err:
            self.process = subprocess.Popen([PYTHON, os.path.join(SERVER_DIR, "server.py"), "--port", "0", "--timing"],
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


def run_json(argv: list[str]) -> dict:
    proc = subprocess.run(argv, capture_output=True, text=True, stdin=subprocess.DEVNULL, timeout=120)
    if proc.returncode != 0:
        raise RuntimeError(f"{' '.join(argv)} exited {proc.returncode}: {proc.stderr.strip()[-400:]}")
    return json.loads(proc.stdout)


def measure_network(bin_dir: str, runs: int = RUNS, pings: int = PINGS) -> dict:
    main = os.path.join(bin_dir, "main")
    if not os.access(main, os.X_OK):
        return {"failed": f"not built: {main}"}
    if not os.access(PYTHON, os.X_OK):
        return {"failed": f"{PYTHON} is missing: run Scripts/setup"}
    with tempfile.TemporaryDirectory(prefix="bench-network-") as log_dir:
        try:
            server = TestServer(log_dir)
        except RuntimeError as error:
            return {"failed": str(error)}
        try:
            address = f"127.0.0.1:{server.port}"
            check = [main, "network", "check", "--server", address, "--public-key", PUBLIC_KEY,
                     "--transport", "intermediate", "--json"]
            telethon = [PYTHON, os.path.join(SERVER_DIR, "telethon_check.py"), "--server", address,
                        "--transport", "intermediate", "--json"]
            swift_ms, telethon_ms = [], []
            for _ in range(runs):
                report = run_json(check + ["--pings", "0"])
                swift_ms.append(report["connectAndKeyMilliseconds"] + report["configMilliseconds"])
                telethon_ms.append(run_json(telethon)["connect_ms"])
            before = len(server.timings("ping"))
            report = run_json(check + ["--pings", str(pings)])
            server_us = server.timings("ping")[before:]
        except (RuntimeError, subprocess.TimeoutExpired, json.JSONDecodeError, KeyError) as error:
            return {"failed": str(error)}
        finally:
            server.stop()
    rtt_ms = report["pingMilliseconds"]
    if len(server_us) < len(rtt_ms):
        return {"failed": f"the server logged {len(server_us)} ping timings for {len(rtt_ms)} pings"}
    result = {
        "runs": runs, "pings": pings, "transport": "intermediate",
        "connect": {"swiftMs": statistics.median(swift_ms), "telethonMs": statistics.median(telethon_ms)},
        "ping": {"rttMs": statistics.median(rtt_ms), "serverMs": statistics.median(server_us) / 1000},
        "budgets": NETWORK_BUDGETS,
    }
    result["connect"]["ratio"] = result["connect"]["swiftMs"] / result["connect"]["telethonMs"]
    result["ping"]["ratio"] = result["ping"]["rttMs"] / result["ping"]["serverMs"]
    result["connect"]["verdict"] = "PASS" if result["connect"]["ratio"] <= NETWORK_BUDGETS["connectRatio"] else "OVER"
    result["ping"]["verdict"] = "PASS" if result["ping"]["ratio"] <= NETWORK_BUDGETS["pingRatio"] else "OVER"
    result["verdict"] = "PASS" if result["connect"]["verdict"] == result["ping"]["verdict"] == "PASS" else "OVER"
    return result


def print_network(report: dict) -> None:
    n = report.get("network")
    if not n:
        return
    if "failed" in n:
        print(f"network: FAILED: {n['failed']}")
        return
    c, p, b = n["connect"], n["ping"], n["budgets"]
    print(f"network on loopback against the test server ({n['transport']}; medians):")
    print(f"  {'connect: auth key + first getConfig':<40} {c['swiftMs']:8.2f} ms  Telethon {c['telethonMs']:8.2f} ms  "
          f"{c['ratio']:5.2f}x  budget <= {b['connectRatio']:g}x  {c['verdict']}  ({n['runs']} runs each)")
    print(f"  {'ping round trip':<40} {p['rttMs']:8.3f} ms  server's own {p['serverMs']:6.3f} ms  "
          f"{p['ratio']:5.2f}x  budget <= {b['pingRatio']:g}x  {p['verdict']}  ({n['pings']} pings)")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--bin-dir", required=True, help="folder with the built executables")
    parser.add_argument("--runs", type=int, default=RUNS, help=f"connects per client (default {RUNS})")
    parser.add_argument("--pings", type=int, default=PINGS, help=f"pings timed (default {PINGS})")
    parser.add_argument("--build", default="release", help="how the binaries were built (for the report)")
    parser.add_argument("--json", action="store_true", help="print the result as JSON")
    parser.add_argument("--fail-over-budget", action="store_true", help="exit 1 if a line is OVER budget")
    args = parser.parse_args(argv)
    if args.runs < 1 or args.pings < 1:
        parser.error("--runs and --pings must be at least 1")
    result = measure_network(os.path.abspath(args.bin_dir), args.runs, args.pings)
    return finish_part("network", result, print_network, args.json, args.fail_over_budget, args.build)


if __name__ == "__main__":
    sys.exit(main())

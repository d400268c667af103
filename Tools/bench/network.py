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

Then the extensions' start with the network linked: every extension links TelegramCore and
MTProtoKit, and its bootstrap builds the network's initialization arguments and reads the account's
auth keys (a "network" step). Each `<ext> bootstrap --json` runs RUNS times on a one-account
container, interleaved with hello-reference, judged by the [bootstrap] budgets; the network step's
own time and each executable's size are reported beside it.

Then accounts on the server (Tools/bench/network_sync.py): catching up 100,000 messages through
getDifference, key → message on the other side between two interfaces, and the first frame of
an account on the server.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile

from bench.budgets import BOOTSTRAP_BUDGET, NETWORK_BUDGETS, time_verdict
from bench.commands import REFERENCE
from bench.meter import Failure, Meter
from bench.network_sync import MESSAGES, app_environment, measure_accounts, print_accounts
from bench.part import finish_part
from bench.test_server import PUBLIC_KEY, PYTHON, SERVER_DIR, TestServer

RUNS = 10
EXTENSIONS = ["share", "notify-service", "widget", "intents", "broadcast"]
PINGS = 200
def run_json(argv: list[str]) -> dict:
    proc = subprocess.run(argv, capture_output=True, text=True, stdin=subprocess.DEVNULL, timeout=120)
    if proc.returncode != 0:
        raise RuntimeError(f"{' '.join(argv)} exited {proc.returncode}: {proc.stderr.strip()[-400:]}")
    return json.loads(proc.stdout)


def measure_network(bin_dir: str, runs: int = RUNS, pings: int = PINGS, messages: int = MESSAGES) -> dict:
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
    try:
        result["extensions"] = measure_extension_starts(bin_dir, runs)
    except (Failure, RuntimeError, subprocess.TimeoutExpired, json.JSONDecodeError, KeyError) as error:
        return {"failed": f"extensions' start: {error}"}
    result["accounts"] = measure_accounts(bin_dir, messages)
    if "failed" in result["accounts"]:
        return {"failed": f"accounts on the server: {result['accounts']['failed']}"}
    accounts = result["accounts"]
    verdicts = [result["connect"]["verdict"], result["ping"]["verdict"]] + [e["verdict"] for e in result["extensions"].values()] + [
        accounts["catchUp"]["verdict"], accounts["delivery"]["verdict"], accounts["delivery"]["firstFrame"]["verdict"]]
    result["verdict"] = "PASS" if all(v == "PASS" for v in verdicts) else "OVER"
    return result


def measure_extension_starts(bin_dir: str, runs: int) -> dict:
    """Every extension's `bootstrap --json` against hello-reference, interleaved, on a fresh
    one-account container: median ratio, median peak RSS, the network step's median ms."""
    with tempfile.TemporaryDirectory(prefix="bench-network-ext-") as workdir:
        container = os.path.join(workdir, "container")
        env = app_environment()
        env["APP_GROUP_CONTAINER"] = container
        main = os.path.join(bin_dir, "main")
        for argv in ([main, "login", "--phone", "+15550100001", "--name", "Bench", "--container", container],
                     [main, "seed", "--peers", "50", "--messages", "500", "--container", container]):
            proc = subprocess.run(argv, capture_output=True, text=True, stdin=subprocess.DEVNULL, env=env, timeout=120)
            if proc.returncode != 0:
                raise RuntimeError(f"{' '.join(argv[:2])} exited {proc.returncode}: {proc.stderr.strip()[-400:]}")
        meter = Meter(workdir)
        hello = [os.path.join(bin_dir, REFERENCE)]
        samples = {ext: [] for ext in EXTENSIONS}
        network_ms = {ext: [] for ext in EXTENSIONS}
        reference = []
        for _ in range(runs):
            reference.append(meter.run(hello, env)[0])
            for ext in EXTENSIONS:
                argv = [os.path.join(bin_dir, ext), "bootstrap", "--json", "--container", container]
                samples[ext].append(meter.run(argv, env))
                # The step's time from a separate (unmeasured) run's report: the measured run's
                # stdout is not kept.
                report = run_json(argv)
                network_ms[ext] += [s["milliseconds"] for s in report["steps"] if s["name"] == "network"]
                if report.get("network") is None:
                    raise RuntimeError(f"{ext} bootstrap reported no network state")
        hello_ms = statistics.median(reference)
        out = {}
        for ext in EXTENSIONS:
            ratio = statistics.median(ms for ms, _ in samples[ext]) / hello_ms
            rss_mib = statistics.median(kib for _, kib in samples[ext]) / 1024
            verdict, within = time_verdict(ratio, BOOTSTRAP_BUDGET)
            within = within and rss_mib <= BOOTSTRAP_BUDGET.rss_mib
            out[ext] = {"ratio": ratio, "peakRssMib": rss_mib, "networkStepMs": statistics.median(network_ms[ext]),
                        "sizeMib": os.path.getsize(os.path.join(bin_dir, ext)) / (1 << 20),
                        "timeVerdict": verdict, "verdict": "PASS" if within else "OVER"}
        return out


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
    print(f"extensions' start with the network linked (bootstrap --json vs hello-reference; budget <= "
          f"{BOOTSTRAP_BUDGET.ratio:g}x, <= {BOOTSTRAP_BUDGET.rss_mib:g} MiB):")
    for ext, e in n.get("extensions", {}).items():
        print(f"  {ext + ' bootstrap':<40} {e['ratio']:5.2f}x  {e['peakRssMib']:5.1f} MiB  network step "
              f"{e['networkStepMs']:.3f} ms  binary {e['sizeMib']:.1f} MiB  {e['timeVerdict']}  {e['verdict']}")
    if "accounts" in n:
        print_accounts(n["accounts"])


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--bin-dir", required=True, help="folder with the built executables")
    parser.add_argument("--runs", type=int, default=RUNS, help=f"connects per client (default {RUNS})")
    parser.add_argument("--pings", type=int, default=PINGS, help=f"pings timed (default {PINGS})")
    parser.add_argument("--messages", type=int, default=MESSAGES, help=f"messages caught up (default {MESSAGES:,})")
    parser.add_argument("--build", default="release", help="how the binaries were built (for the report)")
    parser.add_argument("--json", action="store_true", help="print the result as JSON")
    parser.add_argument("--fail-over-budget", action="store_true", help="exit 1 if a line is OVER budget")
    args = parser.parse_args(argv)
    if args.runs < 1 or args.pings < 1 or args.messages < 1:
        parser.error("--runs, --pings and --messages must be at least 1")
    result = measure_network(os.path.abspath(args.bin_dir), args.runs, args.pings, args.messages)
    return finish_part("network", result, print_network, args.json, args.fail_over_budget, args.build)


if __name__ == "__main__":
    sys.exit(main())

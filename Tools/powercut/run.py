#!/usr/bin/env python3
"""Tools/powercut/run.py — the request channel across power cuts (started by Scripts/powercut).

Each life mounts the container on Tools/powercut/pcfs.py, runs a scene, and cuts the power; the
disk the cut left (only what was fsynced, or with --tear a random prefix of the rest, the last
write torn) becomes the next life's container. Scenes, at random:

  running   `main run` is up; share and intents send 1-5 messages; the cut comes 0-50 ms after
            the last answer (main may still be acknowledging or cleaning up);
  stopped   main is not running; 1-5 messages are queued; the cut comes 0-50 ms later;
  starting  messages are queued, then `main run` starts and the cut lands 0-400 ms into its
            launch, inside its drain of the queue (apply, durable commit, ack, clean-up);
  inflight  main is up and the cut lands while the extensions still work (their answers come
            after the cut, when the machine is off: only "never twice" binds them).

After each cut the processes are killed and, off the FUSE mount, one undisturbed `main run`
drains the queue (Tools/chaos/verify.py's final drain). Then every message is read back. The bar:
  lost        answered sent or queued before the cut, stored 0 times after recovery;
  duplicated  any text stored more than once;
  misreported answered rejected or failed before the cut, yet stored;
  integrity   PRAGMA integrity_check of both databases not ok;
  manual      a life that needed a person: recovery's `main run` did not come up, or left
              requests in pending/ or claimed/.
Exit 0 when all are 0, 1 otherwise, 2 when the run could not be set up.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import shutil
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from chaos import submit as chaos_submit  # noqa: E402
from chaos import verify as chaos_verify  # noqa: E402
from chaos.apps import Apps, wait_for_line  # noqa: E402
from chaos.channel import Channel  # noqa: E402
from chaos.run import SetupError, fixture  # noqa: E402
from common.git import commit  # noqa: E402

SCENES = ("running", "stopped", "starting", "inflight")
PCFS = os.path.join(os.path.dirname(os.path.abspath(__file__)), "pcfs.py")
# Debian's interpreter: python3-fusepy is installed for it, whatever python3 is first on PATH.
FUSE_PYTHON = "/usr/bin/python3"


def log(message: str) -> None:
    print(f"powercut: {message}", file=sys.stderr, flush=True)


class Mount:
    """pcfs over `backing` at `mountpoint`, its cuts written under `cut_dir`."""

    def __init__(self, backing: str, mountpoint: str, cut_dir: str, seed: int, record: str | None = None):
        self.mountpoint, self.cut_dir = mountpoint, cut_dir
        os.makedirs(mountpoint, exist_ok=True)
        os.makedirs(cut_dir, exist_ok=True)
        self.log = open(os.path.join(cut_dir, "pcfs.log"), "a")
        self.proc = subprocess.Popen([FUSE_PYTHON, PCFS, backing, mountpoint, "--cut-dir", cut_dir, "--seed", str(seed)]
                                     + (["--record", record] if record else []),
                                     stdout=self.log, stderr=subprocess.STDOUT)
        deadline = time.monotonic() + 10
        while not os.path.ismount(mountpoint):
            if self.proc.poll() is not None or time.monotonic() > deadline:
                raise SetupError(f"pcfs did not mount {mountpoint} (see {self.log.name})")
            time.sleep(0.02)

    def cut(self, tear: bool) -> str:
        try:
            os.stat(os.path.join(self.mountpoint, ".pcfs-cut-tear" if tear else ".pcfs-cut"))
        except FileNotFoundError:
            pass
        with open(os.path.join(self.cut_dir, "stats.json")) as f:
            return json.load(f)["state"]

    def unmount(self) -> None:
        subprocess.run(["fusermount", "-u", "-z", self.mountpoint], capture_output=True)
        try:
            self.proc.wait(10)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()
        self.log.close()


class Life:
    """One mount, one scene, one cut."""

    def __init__(self, run: "PowerCuts", number: int, backing: str):
        self.run, self.number, self.backing = run, number, backing
        self.rng = run.rng
        self.mount = Mount(backing, os.path.join(run.work, "mnt"), os.path.join(run.work, f"cuts-{number}"), self.rng.getrandbits(32))
        self.apps = Apps(run.bin_dir, self.mount.mountpoint, os.path.join(run.work, "io", f"life-{number}"))
        self.submissions: list[chaos_submit.Submission] = []

    def submit(self, count: int, main_state: str) -> list[chaos_submit.Submission]:
        started = []
        for _ in range(count):
            self.run.counter += 1
            sub = chaos_submit.Submission(number=self.run.counter, extension=self.rng.choice(chaos_submit.EXTENSIONS),
                                          text=f"powercut {self.run.tag} #{self.run.counter}", peer=self.rng.choice(self.run.peers),
                                          deadline=3.0, main_state=main_state)
            started.append(chaos_submit.start(self.apps, sub))
        self.submissions += started
        return started

    def scene(self, scene: str, tear: bool) -> str:
        main = None
        if scene in ("running", "inflight"):
            main = self.apps.start("main", ["run"])
            if wait_for_line(main, "ready pid=", 60) is None:
                raise SetupError(f"main run on the mount never became ready: {main.stderr().strip()[-300:]}")
        subs = self.submit(self.rng.randint(1, 5), "running" if main else "stopped")
        if scene == "inflight":
            time.sleep(self.rng.uniform(0, 0.08))
        else:
            for sub in subs:
                chaos_submit.finish(sub)
            if scene == "starting":
                main = self.apps.start("main", ["run"])
                time.sleep(self.rng.uniform(0, 0.4))
            else:
                time.sleep(self.rng.uniform(0, 0.05))
        state = self.mount.cut(tear)
        self.apps.cleanup()
        for sub in subs:
            if scene == "inflight":
                sub.outcome = "after-cut"
        self.mount.unmount()
        return state


class PowerCuts:
    def __init__(self, args: argparse.Namespace):
        self.args = args
        self.seed = args.seed if args.seed is not None else random.randrange(1 << 31)
        self.rng = random.Random(self.seed)
        self.tag = f"{self.seed:x}"
        self.work = tempfile.mkdtemp(prefix="powercut.")
        self.bin_dir = args.bin_dir
        self.counter = 0
        self.peers: list[int] = []
        self.figures = {"cuts": 0, "torn": 0, "scenes": {s: 0 for s in SCENES}, "submissions": 0,
                        "answered": {}, "lost": [], "duplicated": [], "misreported": [], "integrity": [], "manual": []}

    def setup(self) -> str:
        base = os.path.join(self.work, "life-0")
        os.makedirs(base)
        apps = Apps(self.bin_dir, base, os.path.join(self.work, "io", "setup"))
        _, self.peers, _ = fixture(apps)
        self.account_id = int(json.loads(apps.run("main", ["status", "--json"]).stdout())["accounts"][0]["id"])
        return base

    def recover(self, life: Life, state: str) -> None:
        apps = Apps(self.bin_dir, state, os.path.join(self.work, "io", f"recovery-{life.number}"))
        problem = chaos_verify.final_drain(apps)
        if problem:
            self.figures["manual"].append(f"life {life.number}: {problem}")
            return
        left = {k: v for k, v in chaos_verify.leftovers(Channel(state)).items() if k in ("pending", "claimed") and v}
        if left:
            self.figures["manual"].append(f"life {life.number}: left after recovery: {left}")
        report = chaos_verify.integrity(apps, self.account_id)
        if any(v != "ok" for v in report.values()):
            self.figures["integrity"].append(f"life {life.number}: {report}")
        counts, error = chaos_verify.stored_texts(apps, self.peers)
        if error:
            self.figures["manual"].append(f"life {life.number}: {error}")
            return
        self.judge(life, counts)

    def judge(self, life: Life, counts) -> None:
        for text, n in counts.items():
            if n > 1 and text.startswith("powercut "):
                self.figures["duplicated"].append(f"{text!r} stored {n}×")
        for sub in life.submissions:
            self.figures["submissions"] += 1
            self.figures["answered"][sub.outcome] = self.figures["answered"].get(sub.outcome, 0) + 1
            stored = counts.get(sub.text, 0)
            if sub.reported and stored == 0:
                self.figures["lost"].append(f"life {life.number}: {sub.extension} answered {sub.outcome} for {sub.text!r} ({sub.main_state}), stored 0×")
            if sub.outcome in ("rejected", "failed") and stored:
                self.figures["misreported"].append(f"life {life.number}: {sub.extension} answered {sub.outcome} ({sub.detail}) for {sub.text!r}, stored {stored}×")

    def run(self) -> dict:
        started = time.monotonic()
        backing = self.setup()
        log(f"{self.args.cuts} power cuts (seed {self.seed}, tear {self.args.tear:g}) in {self.work}")
        for number in range(1, self.args.cuts + 1):
            scene = self.rng.choice(SCENES)
            tear = self.rng.random() < self.args.tear
            life = Life(self, number, backing)
            try:
                state = life.scene(scene, tear)
            finally:
                life.apps.cleanup()
                if os.path.ismount(life.mount.mountpoint):
                    life.mount.unmount()
            self.figures["cuts"] += 1
            self.figures["torn"] += tear
            self.figures["scenes"][scene] += 1
            self.recover(life, state)
            if not self.args.keep:
                shutil.rmtree(backing, ignore_errors=True)
            backing = state
            if number % 10 == 0 or number == self.args.cuts:
                log(f"cut {number}/{self.args.cuts}: lost {len(self.figures['lost'])}, duplicated {len(self.figures['duplicated'])}, "
                    f"{time.monotonic() - started:.0f} s")
        self.figures.update(seed=self.seed, seconds=round(time.monotonic() - started, 1), commit=commit()[0])
        return self.figures


def report(figures: dict) -> str:
    lines = [f"powercut: {figures['cuts']} power cuts ({figures['torn']} torn), seed {figures['seed']}, {figures['seconds']} s, commit {figures['commit']}",
             "scenes: " + ", ".join(f"{k} {v}" for k, v in figures["scenes"].items()),
             f"submissions {figures['submissions']}: " + ", ".join(f"{k} {v}" for k, v in sorted(figures["answered"].items()))]
    for key in ("lost", "duplicated", "misreported", "integrity", "manual"):
        lines.append(f"{key}: {len(figures[key])}")
        lines += [f"  {item}" for item in figures[key][:10]]
    bad = [k for k in ("lost", "duplicated", "misreported", "integrity", "manual") if figures[k]]
    lines.append("PASS: nothing acknowledged was lost" if not bad else "FAIL: " + ", ".join(bad))
    return "\n".join(lines)


def main() -> int:
    parser = argparse.ArgumentParser(description="The request channel across power cuts.")
    parser.add_argument("--bin-dir", required=True, help="the built executables")
    parser.add_argument("--cuts", type=int, default=40)
    parser.add_argument("--seed", type=int)
    parser.add_argument("--tear", type=float, default=0.5, help="share of cuts that tear (keep a random prefix of unsynced changes)")
    parser.add_argument("--keep", action="store_true", help="keep every life's container")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    if not os.path.exists("/dev/fuse") or not os.path.exists(FUSE_PYTHON):
        print("powercut: needs /dev/fuse and Debian's python3 with python3-fusepy (Scripts/setup)", file=sys.stderr)
        return 2
    cuts = PowerCuts(args)
    try:
        figures = cuts.run()
    except SetupError as error:
        print(f"powercut: {error}", file=sys.stderr)
        return 2
    finally:
        if not args.keep:
            shutil.rmtree(cuts.work, ignore_errors=True)
    print(json.dumps(figures, indent=2) if args.json else report(figures))
    bad = any(figures[k] for k in ("lost", "duplicated", "misreported", "integrity", "manual"))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())

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
            after the cut, when the machine is off: only "never twice" binds them);
  composer  a person types 1-5 messages into `main run`'s interface (tmux) and the cut comes
            0-400 ms after the last Enter (Tools/powercut/composer.py). What the screen showed
            before the cut binds: a message shown with its clock is owed exactly once, one shown
            sent (✓) is stored, and with --server on the server, once.

After each cut the processes are killed and, off the FUSE mount, one undisturbed `main run`
drains the queue (Tools/chaos/verify.py's final drain). Then every message is read back. The bar:
  lost        answered sent or queued before the cut, stored 0 times after recovery;
  duplicated  any text stored more than once;
  misreported answered rejected or failed before the cut, yet stored;
  integrity   PRAGMA integrity_check of both databases not ok;
  manual      a life that needed a person: recovery's `main run` did not come up, or left
              requests in pending/, applying/ or claimed/.
With --server the account lives on the test server (Tools/chaos/server.py: it stores each
sendMessage at once and answers it --answer-late seconds later), which runs off the mount and
keeps its state through the cuts, as Telegram's datacenters do. The cuts then also land between a
send and its answer, and between the answer and the app's durable record of it. `main push`
stands in for the server only for an offline account, so those scenes leave it out. After the
last life the account's messages are settled (`main sync` until none waits) and the server's
database is read; the bar adds: every text answered sent or queued before its cut is on the
server exactly once, no text is there twice, none still waits, none was refused.

Exit 0 when all are 0, 1 otherwise, 2 when the run could not be set up.
"""

from __future__ import annotations

import argparse
import json
from dataclasses import dataclass
import os
import random
import shutil
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from chaos import server as chaos_server  # noqa: E402
from chaos import submit as chaos_submit  # noqa: E402
from chaos import verify as chaos_verify  # noqa: E402
from chaos.apps import Apps, wait_for_line  # noqa: E402
from chaos.channel import Channel  # noqa: E402
from chaos.run import SetupError, fixture  # noqa: E402
from common.git import commit  # noqa: E402
from common.processes import Child  # noqa: E402
from powercut.composer import Composer, ComposerError, Typed  # noqa: E402

SCENES = ("running", "stopped", "starting", "inflight", "composer")
FINDINGS = ("lost", "duplicated", "misreported", "integrity", "manual", "serverFailures")
PCFS = os.path.join(os.path.dirname(os.path.abspath(__file__)), "pcfs.py")
# Debian's interpreter: python3-fusepy is installed for it, whatever python3 is first on PATH.
FUSE_PYTHON = "/usr/bin/python3"


def log(message: str) -> None:
    print(f"powercut: {message}", file=sys.stderr, flush=True)


class Mount:
    """pcfs over `backing` at `mountpoint`, its cuts written under `cut_dir`."""

    def __init__(self, backing: str, mountpoint: str, cut_dir: str, seed: int, record: str | None = None,
                 cut_at_sync: int = 0):
        self.mountpoint, self.cut_dir = mountpoint, cut_dir
        os.makedirs(mountpoint, exist_ok=True)
        os.makedirs(cut_dir, exist_ok=True)
        self.log = open(os.path.join(cut_dir, "pcfs.log"), "a")
        self.proc = subprocess.Popen([FUSE_PYTHON, PCFS, backing, mountpoint, "--cut-dir", cut_dir, "--seed", str(seed)]
                                     + (["--record", record] if record else [])
                                     + (["--cut-at-sync", str(cut_at_sync)] if cut_at_sync else []),
                                     stdout=self.log, stderr=subprocess.STDOUT)
        deadline = time.monotonic() + 10
        while not os.path.ismount(mountpoint):
            if self.proc.poll() is not None or time.monotonic() > deadline:
                raise SetupError(f"pcfs did not mount {mountpoint} (see {self.log.name})")
            time.sleep(0.02)

    def stats(self) -> dict | None:
        """The cut's figures (its state, the monotonic time it came, the syncs served), once cut."""
        try:
            with open(os.path.join(self.cut_dir, "stats.json")) as f:
                return json.load(f)
        except FileNotFoundError:
            return None

    def cut(self, tear: bool) -> dict:
        """Cuts the power now, unless it went already (--cut-at-sync); the cut's figures."""
        try:
            os.stat(os.path.join(self.mountpoint, ".pcfs-cut-tear" if tear else ".pcfs-cut"))
        except OSError:
            pass
        return self.stats()

    def unmount(self) -> None:
        subprocess.run(["fusermount", "-u", "-z", self.mountpoint], capture_output=True)
        try:
            self.proc.wait(10)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()
        self.log.close()


@dataclass
class PushSent:
    """`main push` handed to the running app: a message stored, then its push delivered."""
    text: str
    peer: int
    proc: Child
    outcome: str = "pending"  # sent (exit 0 with the push), failed, after-cut
    detail: str = ""
    main_state: str = "running"
    extension: str = "main push"

    @property
    def reported(self) -> bool:
        return self.outcome == "sent"


class Life:
    """One mount, one scene, one cut."""

    def __init__(self, run: "PowerCuts", number: int, backing: str, cut_at_sync: int = 0):
        self.run, self.number, self.backing = run, number, backing
        self.rng = run.rng
        self.mount = Mount(backing, os.path.join(run.work, "mnt"), os.path.join(run.work, f"cuts-{number}"),
                           self.rng.getrandbits(32), cut_at_sync=cut_at_sync)
        self.apps = Apps(run.bin_dir, self.mount.mountpoint, os.path.join(run.work, "io", f"life-{number}"))
        self.submissions: list = []
        self.readers: list[Child] = []
        self.call = False

    def text(self) -> str:
        self.run.counter += 1
        return f"powercut {self.run.tag} #{self.run.counter}"

    def submit(self, count: int, main_state: str) -> list[chaos_submit.Submission]:
        started = []
        for _ in range(count):
            text = self.text()
            sub = chaos_submit.Submission(number=self.run.counter, extension=self.rng.choice(chaos_submit.EXTENSIONS),
                                          text=text, peer=self.rng.choice(self.run.peers), deadline=3.0, main_state=main_state)
            started.append(chaos_submit.start(self.apps, sub))
        self.submissions += started
        return started

    def push_and_read(self, push: bool) -> None:
        """With main running: `main push` (handed to it; its push then delivered by
        notify-service) and the widget reading, beside the submissions."""
        peer = self.rng.choice(self.run.peers)
        if push:
            text = self.text()
            self.submissions.append(PushSent(text, peer, self.apps.start("main", ["push", "--peer", str(peer), "--text", text])))
        self.readers.append(self.apps.start("widget", ["timeline", "--json"]))
        if self.rng.random() < 0.5:
            # A group call in the running app and a screen broadcast into it: the sixth process,
            # its coordination files, frame ring and audio FIFO on the disk that loses power.
            call = self.apps.start("main", ["call", "start", "--peer", str(peer), "--duration", "3"])
            call.wait(30)
            self.readers.append(self.apps.start("broadcast", ["start", "--duration", "1"]))
            self.call = True

    @staticmethod
    def reap(procs: list[Child], timeout: float) -> None:
        deadline = time.monotonic() + timeout
        while any(proc.alive() for proc in procs) and time.monotonic() < deadline:
            time.sleep(0.002)

    def finish_push(self, push: PushSent) -> None:
        push.proc.wait(30)
        if push.proc.returncode == 0 and push.proc.stdout().strip():
            push.outcome = "sent"
            with open(os.path.join(self.apps.io_dir, f"push-{self.run.counter}.json"), "w") as f:
                f.write(push.proc.stdout())
            self.readers.append(self.apps.start("notify-service", ["--json", f.name]))
        else:
            push.outcome, push.detail = "failed", push.proc.stderr().strip()[-200:]

    def compose(self, tear: bool) -> dict:
        """The composer scene: typed messages, the cut, and what the screen showed before it."""
        peer = self.rng.choice(self.run.peers)
        composer = Composer(self.run.bin_dir, self.mount.mountpoint, os.path.join(self.apps.io_dir, "composer.err"),
                            self.apps.env, f"powercut-{os.getpid()}-{self.number}")
        typed: list[Typed] = []
        try:
            try:
                composer.open_chat(self.run.titles[peer])
                composer.watch()
                count = self.rng.randint(1, 5)
                for n in range(count):
                    typed.append(Typed(self.text() + " typed", peer))
                    composer.send(typed[-1].text)
                    time.sleep(self.rng.uniform(0, 0.15) if n + 1 < count else self.rng.uniform(0, 0.4))
            except ComposerError as error:
                self.run.figures["manual"].append(f"life {self.number}: composer: {str(error)[-600:]}")
            cut = self.mount.cut(tear)
            composer.judge(typed, cut["monotonic"])
        finally:
            composer.stop()
        self.submissions += typed
        self.apps.cleanup()
        self.mount.unmount()
        return cut

    def scene(self, scene: str, tear: bool) -> dict:
        if scene == "composer":
            return self.compose(tear)
        main = None
        try:
            if scene in ("running", "inflight"):
                main = self.apps.start("main", ["run"])
                if wait_for_line(main, "ready pid=", 60) is None:
                    raise SetupError(f"main run on the mount never became ready: {main.stderr().strip()[-300:]}")
                if scene == "running":
                    self.push_and_read(push=self.run.server is None)
            subs = self.submit(self.rng.randint(1, 5), "running" if main else "stopped")
            if scene == "inflight":
                time.sleep(self.rng.uniform(0, 0.08))
            else:
                # Reaped as they end, all at once (a cut by the file system may come meanwhile,
                # and an answer binds only if it came before the cut).
                self.reap([sub.proc for sub in self.submissions], timeout=3.0 + chaos_submit.EXTENSION_TIMEOUT_MARGIN)
                for sub in self.submissions:
                    if isinstance(sub, PushSent):
                        self.finish_push(sub)
                for sub in subs:
                    chaos_submit.finish(sub)
                if scene == "starting":
                    main = self.apps.start("main", ["run"])
                    time.sleep(self.rng.uniform(0, 0.4))
                else:
                    time.sleep(self.rng.uniform(0, 0.05))
        except SetupError:
            if self.mount.stats() is None:
                raise
            # The power went by itself (--cut-at-sync) while main launched: a scene cut short.
        cut = self.mount.cut(tear)
        self.apps.cleanup()
        self.mount.unmount()
        # Only what was answered before the cut binds: later answers came from a machine that was off.
        for sub in self.submissions:
            proc = sub.proc
            if proc is None or proc.ended is None or proc.ended >= cut["monotonic"] or sub.outcome == "pending":
                sub.outcome = "after-cut"
        return cut


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
        self.server: chaos_server.ChaosServer | None = None
        self.submissions: list = []
        self.figures = {"cuts": 0, "torn": 0, "scenes": {s: 0 for s in SCENES}, "cutAtSync": 0, "calls": 0, "submissions": 0,
                        "answered": {}, "lost": [], "duplicated": [], "misreported": [], "integrity": [], "manual": [],
                        "serverFailures": []}

    def setup(self) -> str:
        base = os.path.join(self.work, "life-0")
        os.makedirs(base)
        apps = Apps(self.bin_dir, base, os.path.join(self.work, "io", "setup"))
        if self.args.server:
            # Its state off the mount: the server keeps what it stored through every cut.
            try:
                self.server = chaos_server.ChaosServer(apps, os.path.join(self.work, "server"), self.args.answer_late)
                _, self.user_id, self.peers = self.server.prepare()
            except chaos_server.ServerError as error:
                raise SetupError(str(error))
            log(f"the account is user {self.user_id} on the test server at {self.server.address}")
        else:
            _, self.peers, _ = fixture(apps)
        self.account_id = int(json.loads(apps.run("main", ["status", "--json"]).stdout())["accounts"][0]["id"])
        # The composer scene finds a chat as a person does: by its title.
        chats = json.loads(apps.run("main", ["chats", "--limit", "1000", "--json"]).stdout())
        self.titles = {row["peerId"]: row["title"] for row in chats if row["peerId"] in self.peers}
        return base

    def recover(self, life: Life, state: str) -> None:
        apps = Apps(self.bin_dir, state, os.path.join(self.work, "io", f"recovery-{life.number}"))
        problem = chaos_verify.final_drain(apps)
        if problem:
            self.figures["manual"].append(f"life {life.number}: {problem}")
            return
        left = {k: v for k, v in chaos_verify.leftovers(Channel(state)).items() if k in ("pending", "applying", "claimed") and v}
        if left:
            self.figures["manual"].append(f"life {life.number}: left after recovery: {left}")
        if life.call:
            # What a cut call and broadcast left must not stand in the way of the next call.
            call = apps.run("main", ["call", "start", "--peer", str(self.peers[0]), "--duration", "0.5"], timeout=60)
            if call.returncode != 0:
                self.figures["manual"].append(f"life {life.number}: a new call after the cut failed ({call.returncode}): {call.stderr().strip()[-200:]}")
            self.figures["calls"] += 1
        report = chaos_verify.integrity(apps, self.account_id)
        if any(v != "ok" for v in report.values()):
            self.figures["integrity"].append(f"life {life.number}: {report}")
        counts, error = chaos_verify.stored_texts(apps, self.peers)
        if error:
            self.figures["manual"].append(f"life {life.number}: {error}")
            return
        self.judge(life, counts)

    def judge(self, life: Life, counts) -> None:
        self.submissions += life.submissions
        for text, n in counts.items():
            if n > 1 and text.startswith("powercut "):
                self.figures["duplicated"].append(f"{text!r} stored {n}×")
        for sub in life.submissions:
            self.figures["submissions"] += 1
            self.figures["answered"][sub.outcome] = self.figures["answered"].get(sub.outcome, 0) + 1
            stored = counts.get(sub.text, 0)
            if sub.reported and stored == 0:
                self.figures["lost"].append(f"life {life.number}: {sub.extension} {getattr(sub, 'verb', 'answered')} {sub.outcome} for {sub.text!r} ({sub.main_state}), stored 0×")
            if sub.outcome in ("rejected", "failed") and stored:
                self.figures["misreported"].append(f"life {life.number}: {sub.extension} answered {sub.outcome} ({sub.detail}) for {sub.text!r}, stored {stored}×")

    def live(self, number: int, backing: str, scene: str, tear: bool, cut_at_sync: int = 0) -> tuple[str, dict]:
        life = Life(self, number, backing, cut_at_sync)
        try:
            cut = life.scene(scene, tear)
        finally:
            life.apps.cleanup()
            if os.path.ismount(life.mount.mountpoint):
                life.mount.unmount()
        self.figures["cuts"] += 1
        self.figures["torn"] += tear
        self.figures["scenes"][scene] += 1
        self.figures["cutAtSync"] += bool(cut_at_sync) and cut.get("syncs") == cut_at_sync
        self.recover(life, cut["state"])
        return cut["state"], cut

    def run(self) -> dict:
        started = time.monotonic()
        backing = self.setup()
        if self.args.every_sync:
            self.every_sync(backing, started)
        else:
            log(f"{self.args.cuts} power cuts (seed {self.seed}, tear {self.args.tear:g}) in {self.work}")
            for number in range(1, self.args.cuts + 1):
                scene = self.rng.choice(self.args.scene or SCENES)
                state, _ = self.live(number, backing, scene, self.rng.random() < self.args.tear)
                if not self.args.keep:
                    shutil.rmtree(backing, ignore_errors=True)
                backing = state
                if number % 10 == 0 or number == self.args.cuts:
                    self.progress(number, self.args.cuts, started)
            if self.server:
                self.settle(backing, self.submissions)
        self.figures.update(seed=self.seed, seconds=round(time.monotonic() - started, 1), commit=commit()[0])
        return self.figures

    def settle(self, container: str, submissions: list) -> None:
        """The account's messages in `container` settled with the server (`main sync` until none
        waits), then the server's database against what each extension answered before its cut."""
        log("settling: main sync until nothing waits for the server")
        self.server.apps = Apps(self.bin_dir, container, os.path.join(self.work, "io", f"settle-{self.figures['cuts']}"))
        waiting = self.server.settle(self.peers)
        local, error = chaos_verify.stored_texts(self.server.apps, self.peers)
        if error:
            self.figures["manual"].append(f"settling: {error}")
        figures = chaos_server.judge(submissions, local, self.server.server_texts(self.user_id), f"powercut {self.tag} ",
                                     waiting, self.server.refused(self.peers), self.server.retries())
        self.figures["serverFailures"] += figures.pop("failures")
        # Every settle reads the whole server: the latest reading is the run's.
        self.figures["server"] = figures

    def every_sync(self, base: str, started: float) -> None:
        """The running scene with its power cut just before its 1st fsync, then its 2nd, …, on a
        fresh copy of the same container each time, until a life ends before its cut."""
        log(f"a power cut at every fsync of the running scene in turn (seed {self.seed}) in {self.work}")
        number = 0
        while True:
            number += 1
            # The same scene every time (the same choices), so the Nth fsync is the same call.
            self.rng = random.Random(self.seed)
            backing = os.path.join(self.work, f"base-{number}")
            shutil.copytree(base, backing, symlinks=True)
            before = len(self.submissions)
            state, cut = self.live(number, backing, "running", False, cut_at_sync=number)
            if self.server:
                self.settle(state, self.submissions[before:])
            shutil.rmtree(backing, ignore_errors=True)
            if not self.args.keep:
                shutil.rmtree(os.path.dirname(state), ignore_errors=True)
            if number % 10 == 0:
                self.progress(number, None, started)
            if cut.get("syncs", 0) < number:
                log(f"the scene made {cut.get('syncs', 0)} fsyncs: every one of them cut")
                return

    def progress(self, number: int, total: int | None, started: float) -> None:
        log(f"cut {number}{'/' + str(total) if total else ''}: lost {len(self.figures['lost'])}, duplicated {len(self.figures['duplicated'])}, "
            f"{time.monotonic() - started:.0f} s")


def report(figures: dict) -> str:
    lines = [f"powercut: {figures['cuts']} power cuts ({figures['torn']} torn, {figures['cutAtSync']} at an fsync), seed {figures['seed']}, {figures['seconds']} s, commit {figures['commit']}",
             "scenes: " + ", ".join(f"{k} {v}" for k, v in figures["scenes"].items()) + f"; with a call and a broadcast {figures['calls']}",
             f"submissions {figures['submissions']}: " + ", ".join(f"{k} {v}" for k, v in sorted(figures["answered"].items()))]
    for key in ("lost", "duplicated", "misreported", "integrity", "manual"):
        lines.append(f"{key}: {len(figures[key])}")
        lines += [f"  {item}" for item in figures[key][:10]]
    if "server" in figures:
        server = figures["server"]
        lines.append(f"on the test server: {server['onServer']} of this run's messages; not there though answered "
                     f"{len(server['lostOnServer'])}, there twice {len(server['twiceOnServer'])}, still waiting {server['waiting']}, "
                     f"refused {len(server['refused'])}; sendMessage retries answered as such {server['retriesAnswered']}")
        lines += [f"  {item}" for item in figures["serverFailures"]]
    bad = [k for k in FINDINGS if figures.get(k)]
    lines.append("PASS: nothing acknowledged was lost" if not bad else "FAIL: " + ", ".join(bad))
    return "\n".join(lines)


def main() -> int:
    parser = argparse.ArgumentParser(description="The request channel across power cuts.")
    parser.add_argument("--bin-dir", required=True, help="the built executables")
    parser.add_argument("--cuts", type=int, default=40)
    parser.add_argument("--seed", type=int)
    parser.add_argument("--tear", type=float, default=0.5, help="share of cuts that tear (keep a random prefix of unsynced changes)")
    parser.add_argument("--scene", action="append", choices=SCENES, help="only this scene (again for more); default: all, at random")
    parser.add_argument("--every-sync", action="store_true", help="instead: the running scene cut just before each of its fsyncs in turn")
    parser.add_argument("--keep", action="store_true", help="keep every life's container")
    parser.add_argument("--server", action="store_true", help="the account on the test server, off the mount")
    parser.add_argument("--answer-late", type=float, default=0.1, help="--server: seconds before the server answers a sendMessage")
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
        if cuts.server:
            cuts.server.proc.kill9()
        if not args.keep:
            shutil.rmtree(cuts.work, ignore_errors=True)
    print(json.dumps(figures, indent=2) if args.json else report(figures))
    return 1 if any(figures.get(k) for k in FINDINGS) else 0


if __name__ == "__main__":
    sys.exit(main())

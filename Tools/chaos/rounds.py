"""Tools/chaos/rounds.py — the rounds: submissions and kill -9s at random points.

Part of Tools/chaos/run.py. Each round, drawn from the run's seeded random generator:
  1. maybe 1-3 submissions while main is stopped (they queue), some killed mid-submission;
     maybe a junk request planted in `pending/` (a refusal main must make);
  2. `main run` started and killed with SIGKILL, one of three ways:
     launch — after 0-100 ms drawn to the microsecond: inside the launch and its drain of the
              queue (sometimes with a submission racing the launch);
     watch  — when the queue shows a step of the drain (an ack written, a request file gone, a
              request leaving `pending/`, an entry in `rejected/`), at once or 0-3 ms later;
     live   — once it is ready, 1-4 submissions at once that it applies while running, and main
              killed 0-100 ms later or on a step of the drain, extensions killed mid-wait too;
              half the time main is relaunched at once and killed again 0-100 ms into that
              launch, while the extensions may still be waiting for their answer.
A kill counts only when it landed (the process died of SIGKILL, not of exiting first).
"""

from __future__ import annotations

import random
import statistics
import time
from collections import Counter
from dataclasses import dataclass, field

from chaos import submit as chaos_submit
from chaos.apps import Apps, sleep_precisely, wait_for_line
from chaos.channel import TRIGGERS, Channel, watch_and_kill
from chaos.submit import EXTENSIONS, Submission
from common.processes import Child

MAIN_READY_TIMEOUT = 30.0
MAIN_EXIT_TIMEOUT = 10.0
WATCH_TIMEOUT = 0.6
DEADLINES = (0.05, 0.2, 1.0, 3.0)  # what the extensions wait for main's answer while it runs
JUNK_RATE = 0.04
EXTENSION_KILL_RATE = 0.3


@dataclass
class Tally:
    main_starts: int = 0
    main_kills: Counter = field(default_factory=Counter)  # landed kills by mode
    watch_fired: Counter = field(default_factory=Counter)  # trigger (or "timeout") → times
    main_anomalies: list[str] = field(default_factory=list)  # exits no kill of ours explains, hangs
    planted: list[str] = field(default_factory=list)

    @property
    def main_kill_total(self) -> int:
        return sum(self.main_kills.values())


class Rounds:
    def __init__(self, apps: Apps, channel: Channel, rng: random.Random, peers: list[int], tag: str):
        self.apps, self.channel, self.rng, self.peers, self.tag = apps, channel, rng, peers, tag
        self.submissions: list[Submission] = []
        self.tally = Tally()
        # Recent unkilled run times per (extension, main state): extension kills are drawn
        # within them, so they land during the submission, not after it answered.
        self.durations: dict[tuple[str, str], list[float]] = {}

    # -- submissions -----------------------------------------------------------------------

    def new_submission(self, main_state: str, deadline: float) -> Submission:
        number = len(self.submissions) + 1
        extension = self.rng.choice(EXTENSIONS)
        text = f"chaos {self.tag} #{number} {extension}"
        submission = Submission(number, extension, text, self.rng.choice(self.peers), deadline, main_state)
        self.submissions.append(submission)
        return submission

    def typical_seconds(self, extension: str, main_state: str) -> float:
        seen = self.durations.get((extension, main_state)) or self.durations.get((extension, "stopped")) or [0.04]
        return statistics.median(seen[-20:])

    def plan_kills(self, batch: list[Submission], started: float) -> list[tuple[float, Child]]:
        plan = []
        for submission in batch:
            if self.rng.random() < EXTENSION_KILL_RATE:
                delay = self.rng.uniform(0, 1.2 * self.typical_seconds(submission.extension, submission.main_state))
                plan.append((started + delay, submission.proc))
        return plan

    def run_schedule(self, plan: list[tuple[float, Child]]) -> None:
        """Kills each process at its time (absolute, monotonic), in order."""
        for at, proc in sorted(plan, key=lambda item: item[0]):
            sleep_precisely(max(0.0, at - time.monotonic()))
            proc.kill9()

    def finish_all(self, batch: list[Submission]) -> None:
        for submission in batch:
            chaos_submit.finish(submission)
            if submission.outcome in ("sent", "queued"):
                self.durations.setdefault((submission.extension, submission.main_state), []).append(submission.seconds)

    def submit_batch(self, count: int, main_state: str) -> list[Submission]:
        batch = [self.new_submission(main_state, self.rng.choice(DEADLINES)) for _ in range(count)]
        started = time.monotonic()
        for submission in batch:
            chaos_submit.start(self.apps, submission)
        self.run_schedule(self.plan_kills(batch, started))
        self.finish_all(batch)
        return batch

    # -- main --------------------------------------------------------------------------------

    def start_main(self) -> Child:
        self.tally.main_starts += 1
        return self.apps.start("main", ["run"])

    def reap_main(self, main: Child, mode: str) -> None:
        if main.alive() and not main.kill_sent:
            main.kill9()  # every round ends with main killed (or found dead: an anomaly)
        main.wait(MAIN_EXIT_TIMEOUT)
        if main.killed:
            self.tally.main_kills[mode] += 1
        elif main.hung:
            self.tally.main_anomalies.append(f"main run ({mode}) did not die within {MAIN_EXIT_TIMEOUT:g} s of SIGKILL")
        else:
            last = (main.stderr().strip().splitlines() or [""])[-1]
            self.tally.main_anomalies.append(f"main run ({mode}) exited by itself with status {main.returncode}: {last}")

    def launch_kill(self) -> None:
        main = self.start_main()
        delay = self.rng.uniform(0, 0.100)
        racing: list[Submission] = []
        if self.rng.random() < 0.3:
            # A submission racing the launch: it sees the writer lock taken, or not yet.
            racing.append(chaos_submit.start(self.apps, self.new_submission("starting", self.rng.choice(DEADLINES))))
        sleep_precisely(delay)
        main.kill9()
        self.finish_all(racing)
        self.reap_main(main, "launch")

    def watch_kill(self) -> None:
        main = self.start_main()
        trigger = self.rng.choice(TRIGGERS)
        delay = 0.0 if self.rng.random() < 0.5 else self.rng.uniform(0, 0.003)
        fired = watch_and_kill(main, self.channel, self.rng, trigger, delay, WATCH_TIMEOUT)
        self.tally.watch_fired[fired if fired in ("timeout", "exited") else trigger] += 1
        self.reap_main(main, "watch")

    def live_kill(self) -> None:
        main = self.start_main()
        if wait_for_line(main, "ready pid=", MAIN_READY_TIMEOUT) is None:
            if main.alive():
                self.tally.main_anomalies.append(f"main run printed no ready line within {MAIN_READY_TIMEOUT:g} s")
            self.reap_main(main, "live")
            return
        batch = [chaos_submit.start(self.apps, self.new_submission("running", self.rng.choice(DEADLINES)))
                 for _ in range(self.rng.randint(1, 4))]
        started = time.monotonic()
        if self.rng.random() < 0.5:
            # Killed a fine random delay after the extensions start: while it applies and answers.
            self.run_schedule(self.plan_kills(batch, started) + [(started + self.rng.uniform(0, 0.100), main)])
        else:
            # Killed on a step of the drain it does for them; the extensions wait out their answer.
            trigger = self.rng.choice(("ack", "pending-gone", "request-gone"))
            fired = self._watch_new_requests(main, trigger)
            self.tally.watch_fired[fired if fired in ("timeout", "exited") else trigger] += 1
        self.reap_main(main, "live")
        if self.rng.random() < 0.5:
            # Relaunched at once, as after a crash, while extensions may still wait for an answer:
            # whatever this main says about their requests is what they report.
            relaunched = self.start_main()
            sleep_precisely(self.rng.uniform(0, 0.100))
            relaunched.kill9()
            self.reap_main(relaunched, "relaunch")
        self.finish_all(batch)

    def _watch_new_requests(self, main: Child, trigger: str) -> str:
        """Waits (briefly) for the extensions' requests to reach `pending/`, then watches them."""
        end = time.monotonic() + 0.5
        while not self.channel.pending_ids() and time.monotonic() < end and main.alive():
            time.sleep(0.0005)
        delay = 0.0 if self.rng.random() < 0.5 else self.rng.uniform(0, 0.003)
        return watch_and_kill(main, self.channel, self.rng, trigger, delay, WATCH_TIMEOUT)

    # -- one round ---------------------------------------------------------------------------

    def round(self) -> None:
        if self.rng.random() < 0.6:
            self.submit_batch(self.rng.randint(1, 3), "stopped")
        if self.rng.random() < JUNK_RATE:
            self.tally.planted.append(self.channel.plant_junk(self.rng))
        mode = self.rng.choices(("launch", "watch", "live"), weights=(35, 35, 30))[0]
        if mode == "watch" and not self.channel.pending_ids():
            mode = "launch"  # nothing to watch: the launch itself is the target
        {"launch": self.launch_kill, "watch": self.watch_kill, "live": self.live_kill}[mode]()

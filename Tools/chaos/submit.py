"""Tools/chaos/submit.py — one extension's submission and what it answered.

Part of Tools/chaos/run.py. `share --to PEER --text T --deadline D --json` and `intents
send-message --to tg<PEER> --text T --deadline D --json` each ask main for one message. Every
text is unique, so counting a text in the chat afterwards says how often that request was applied.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field

from chaos.apps import Apps
from common.processes import Child

EXTENSIONS = ("share", "intents")

# How long an extension may take beyond its own --deadline before it counts as hung.
EXTENSION_TIMEOUT_MARGIN = 30.0


@dataclass
class Submission:
    number: int
    extension: str
    text: str
    peer: int
    deadline: float
    main_state: str  # `main run` when the extension started: stopped | starting | running
    proc: Child | None = None
    # sent | queued | rejected | killed | failed | hung (filled in by `finish`)
    outcome: str = "pending"
    request_id: str | None = None
    detail: str = ""
    seconds: float = 0.0
    stored: int = field(default=0)  # how many times the text is in the chat (filled in by verify)

    @property
    def reported(self) -> bool:
        """The extension said the message was sent or is queued: main now owes it, exactly once."""
        return self.outcome in ("sent", "queued")


def start(apps: Apps, submission: Submission, prefix: list[str] | None = None) -> Submission:
    """`prefix`: a command the extension runs under (Tools/faults puts strace there)."""
    if submission.extension == "share":
        args = ["--to", str(submission.peer)]
    else:
        args = ["send-message", "--to", f"tg{submission.peer}"]
    args += ["--text", submission.text, "--deadline", f"{submission.deadline:g}", "--json"]
    submission.proc = apps.start(submission.extension, args, prefix)
    return submission


def finish(submission: Submission) -> Submission:
    """Waits for the extension (bounded) and classifies its answer."""
    proc = submission.proc
    assert proc is not None
    proc.wait(submission.deadline + EXTENSION_TIMEOUT_MARGIN)
    submission.seconds = proc.seconds
    if proc.hung:
        submission.outcome, submission.detail = "hung", f"still running after {submission.deadline + EXTENSION_TIMEOUT_MARGIN:g} s"
    elif proc.killed:
        submission.outcome = "killed"
    else:
        _classify(submission, proc)
    return submission


def _classify(submission: Submission, proc: Child) -> None:
    try:
        answer = json.loads(proc.stdout())
    except ValueError:
        answer = {}
    submission.request_id = answer.get("requestId")
    if submission.extension == "share":
        status = answer.get("status")
        if proc.returncode == 0 and status in ("sent", "queued"):
            submission.outcome = status
            return
        if status == "rejected":
            submission.outcome, submission.detail = "rejected", str(answer.get("reason"))
            return
    else:
        code = answer.get("code")
        if proc.returncode == 0 and code == "success":
            submission.outcome = "sent"
            return
        if proc.returncode == 0 and code == "inProgress" and answer.get("reason") == "queued":
            submission.outcome = "queued"
            return
        if code == "failure" and answer.get("reason") == "rejected":
            submission.outcome, submission.detail = "rejected", str(answer.get("detail"))
            return
    last_error = (proc.stderr().strip().splitlines() or [""])[-1]
    submission.outcome = "failed"
    submission.detail = f"exit {proc.returncode}: {last_error or proc.stdout().strip()[:200]}"

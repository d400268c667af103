"""Tools/chaos/figures.py — the run's figures and the verdict, from what was read back.

Part of Tools/chaos/run.py. The bar (issue 12): nothing lost (answered sent or queued, stored 0
times), nothing duplicated (any text stored twice), nothing left in `pending/`, only real refusals
in `rejected/` — each with its reason, none of them a request main had applied — and databases
that pass their integrity check. A killed extension's text stored 0 or 1 times is fine either way.
"""

from __future__ import annotations

from collections import Counter

from chaos.submit import EXTENSIONS, Submission
from chaos.verify import RECOVERED_PREFIX

OUTCOMES = ("sent", "queued", "rejected", "killed", "failed", "hung")
EXAMPLES = 5


def submissions_table(submissions: list[Submission]) -> dict:
    table = {}
    for extension in (*EXTENSIONS, "total"):
        chosen = [s for s in submissions if extension in ("total", s.extension)]
        row = {"attempted": len(chosen)}
        row.update({outcome: sum(s.outcome == outcome for s in chosen) for outcome in OUTCOMES})
        row["whileMainStopped"] = sum(s.main_state == "stopped" for s in chosen)
        row["whileMainStarting"] = sum(s.main_state == "starting" for s in chosen)
        row["whileMainRunning"] = sum(s.main_state == "running" for s in chosen)
        table[extension] = row
    return table


def stored_table(submissions: list[Submission]) -> dict:
    def count(outcomes, times):
        return sum(s.outcome in outcomes and s.stored == times for s in submissions)
    return {
        "reportedStoredOnce": count(("sent", "queued"), 1),
        "killedStored0": count(("killed",), 0),
        "killedStored1": count(("killed",), 1),
        "failedStored0": count(("failed", "hung"), 0),
        "failedStored1": count(("failed", "hung"), 1),
        "rejectedStored0": count(("rejected",), 0),
    }


def rejected_table(entries: list[dict], planted: list[str], applied: set[str] | None, told: dict[str, str]) -> dict:
    """rejected/ split four ways: recovered (already applied, acknowledged as applied: by design),
    planted junk (real refusals), refusals of applied requests (a defect: their ack says
    rejected), and unexplained refusals of valid requests main had not applied."""
    planted_set = set(planted)
    with_reason = [e for e in entries if e["reason"] is not None]
    refusals = [e for e in with_reason if not e["reason"].startswith(RECOVERED_PREFIX)]
    applied_refused = [e for e in refusals if applied is not None and e["id"] in applied]
    unexplained = [e for e in refusals if e["id"] not in planted_set and e not in applied_refused]
    rejected_ids = {e["id"] for e in entries}

    def example(e):
        return {"id": e["id"], "reason": e["reason"], "extensionWasTold": told.get(e["id"], "unknown (killed before answering)")}
    return {
        "total": len(entries),
        "byReason": dict(Counter(e["generic"] for e in with_reason).most_common()),
        "noReason": len(entries) - len(with_reason),
        "noReasonExamples": [{"id": e["id"], "contents": e["contents"]} for e in entries if e["reason"] is None][:EXAMPLES],
        "recoveredAlreadyApplied": len(with_reason) - len(refusals),
        "plantedJunk": len(planted_set),
        "plantedJunkRefused": len(planted_set & rejected_ids),
        "appliedButRefused": len(applied_refused),
        "appliedButRefusedTold": dict(Counter(told.get(e["id"], "unknown") for e in applied_refused)),
        "appliedButRefusedExamples": [example(e) for e in applied_refused][:EXAMPLES],
        "unexplainedRefusals": len(unexplained),
        "unexplainedExamples": [example(e) for e in unexplained][:EXAMPLES],
    }


def figures(submissions: list[Submission], counts: Counter, tag: str, entries: list[dict], planted: list[str],
            applied: set[str] | None, pending: dict[str, list[str]]) -> dict:
    prefix = f"chaos {tag} #"
    ours = {s.text for s in submissions}
    lost = [s for s in submissions if s.reported and s.stored == 0]
    duplicated = [s for s in submissions if s.stored > 1]
    told = {s.request_id: s.outcome for s in submissions if s.request_id}
    rejected = rejected_table(entries, planted, applied, told)
    return {
        "submissions": submissions_table(submissions),
        "stored": stored_table(submissions),
        "lost": len(lost),
        "lostExamples": [_example(s) for s in lost[:EXAMPLES]],
        "duplicated": len(duplicated),
        "duplicatedExamples": [_example(s) for s in duplicated[:EXAMPLES]],
        "toldRejectedButStored": sum(s.outcome == "rejected" and s.stored > 0 for s in submissions),
        "unknownStoredTexts": sum(n for text, n in counts.items() if text.startswith(prefix) and text not in ours),
        "storedChaosMessages": sum(n for text, n in counts.items() if text.startswith(prefix)),
        "pendingAfterDrain": len(pending["pending"]),
        "claimedAfterDrain": len(pending["claimed"]),
        "applyingAfterDrain": len(pending["applying"]),
        "stagingDraftsLeft": len(pending["staging"]),
        "removingLeft": len(pending["removing"]),
        "acksUncollected": len(pending["acks"]),
        "tempFilesLeft": len(pending["tempFiles"]),
        "rejected": rejected,
        "failedExamples": [_example(s) for s in submissions if s.outcome in ("failed", "hung")][:EXAMPLES],
    }


def _example(s: Submission) -> dict:
    return {"text": s.text, "extension": s.extension, "outcome": s.outcome, "requestId": s.request_id,
            "stored": s.stored, "mainState": s.main_state, "detail": s.detail}


def failures(f: dict, integrity: dict, status_error: str | None, message_delta: int | None, anomalies: list[str],
             read_errors: list[str]) -> list[str]:
    """Each way the run missed the bar, as one line; empty when it met it."""
    out = []
    if f["lost"]:
        out.append(f"lost: {f['lost']} submissions answered sent/queued are not stored")
    if f["duplicated"]:
        out.append(f"duplicated: {f['duplicated']} texts stored more than once")
    if f["pendingAfterDrain"] or f["claimedAfterDrain"] or f["applyingAfterDrain"]:
        out.append(f"left after the final drain: {f['pendingAfterDrain']} in pending/, {f['applyingAfterDrain']} in applying/, "
                   f"{f['claimedAfterDrain']} in claimed/")
    r = f["rejected"]
    if r["noReason"]:
        out.append(f"rejected/ entries without a reason file: {r['noReason']}")
    if r["appliedButRefused"]:
        told = ", ".join(f"{n} {what}" for what, n in sorted(r["appliedButRefusedTold"].items()))
        out.append(f"applied requests acknowledged as rejected: {r['appliedButRefused']} (their extensions were told: {told})")
    if f["toldRejectedButStored"]:
        out.append(f"extensions told \"rejected\" whose text is stored: {f['toldRejectedButStored']}")
    if r["unexplainedRefusals"]:
        out.append(f"refusals of valid requests main had not applied (not planted junk): {r['unexplainedRefusals']}")
    if r["plantedJunkRefused"] < r["plantedJunk"]:
        out.append(f"planted junk requests not kept in rejected/: {r['plantedJunk'] - r['plantedJunkRefused']}")
    if f["unknownStoredTexts"]:
        out.append(f"stored texts this run never sent: {f['unknownStoredTexts']}")
    bad = {name: result for name, result in integrity.items() if result != "ok"}
    if bad:
        out.append(f"integrity: {bad}")
    if status_error:
        out.append(f"integrity: {status_error}")
    elif message_delta is not None and message_delta != f["storedChaosMessages"]:
        out.append(f"integrity: main status counts {message_delta} new messages, the chats hold {f['storedChaosMessages']} of this run's texts")
    total = f["submissions"]["total"]
    if total["hung"]:
        out.append(f"hung extensions (killed after their time limit): {total['hung']}")
    if total["failed"]:
        # Neither an answer nor our kill: the user would have seen an error.
        out.append(f"extensions that failed with an error: {total['failed']}, e.g. {f['failedExamples'][0]['detail']}")
    out += [f"main: {a}" for a in anomalies[:EXAMPLES]]
    if len(anomalies) > EXAMPLES:
        out.append(f"main: … and {len(anomalies) - EXAMPLES} more anomalies")
    out += read_errors
    return out

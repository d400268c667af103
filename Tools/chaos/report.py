"""Tools/chaos/report.py — the figures as people read them (Tools/chaos/run.py prints them)."""

from __future__ import annotations


def text(result: dict) -> str:
    f, k = result["figures"], result["kills"]
    s = f["submissions"]
    lines = [
        f"chaos: {result['rounds']} rounds, seed {result['seed']}, {result['seconds']:.0f} s, "
        f"commit {result['commit']}, {result['cores']} cores",
        f"kill -9: main {k['main']} ({', '.join(f'{m} {n}' for m, n in sorted(k['mainByMode'].items()))}; "
        f"watched steps: {', '.join(f'{t} {n}' for t, n in sorted(k['watchTriggers'].items())) or 'none'}), "
        f"extensions {k['extensions']}",
        "submissions (attempted: sent / queued / rejected / killed / failed / hung; main stopped / starting / running):",
    ]
    for name in ("share", "intents", "total"):
        r = s[name]
        lines.append(f"  {name:8} {r['attempted']:5}: {r['sent']} / {r['queued']} / {r['rejected']} / {r['killed']} / "
                     f"{r['failed']} / {r['hung']}; {r['whileMainStopped']} / {r['whileMainStarting']} / {r['whileMainRunning']}")
    st = f["stored"]
    lines += [
        f"stored: reported ones stored once {st['reportedStoredOnce']}; killed ones stored 0× {st['killedStored0']}, "
        f"1× {st['killedStored1']}; this run's messages in the chats {f['storedChaosMessages']}",
        f"lost: {f['lost']}",
        f"duplicated: {f['duplicated']}",
        f"left in pending/ after the final drain: {f['pendingAfterDrain']} (applying/: {f['applyingAfterDrain']}, claimed/: {f['claimedAfterDrain']}, "
        f"removing/: {f['removingLeft']}; staging drafts of killed extensions: {f['stagingDraftsLeft']})",
        f"litter (pruned by main after 24 h): {f['acksUncollected']} acks nobody collected, "
        f"{f['tempFilesLeft']} temp files of interrupted atomic writes",
    ]
    r = f["rejected"]
    lines.append(f"rejected/: {r['total']} entries — recovered (already applied) {r['recoveredAlreadyApplied']}, "
                 f"planted junk {r['plantedJunkRefused']}/{r['plantedJunk']}, unexplained {r['unexplainedRefusals']}, "
                 f"without a reason file {r['noReason']}, applied but refused {r['appliedButRefused']}"
                 + (f" (extensions told: {', '.join(f'{n} {w}' for w, n in sorted(r['appliedButRefusedTold'].items()))})"
                    if r["appliedButRefused"] else ""))
    for reason, count in r["byReason"].items():
        lines.append(f"  {count:5}  {reason}")
    if r["noReason"]:
        lines.append(f"  {r['noReason']:5}  (no reason file)  e.g. {r['noReasonExamples'][0]}")
    for example in r["appliedButRefusedExamples"][:3]:
        lines.append(f"  applied but refused: {example}")
    for example in r["unexplainedExamples"][:3]:
        lines.append(f"  unexplained: {example}")
    for key in ("lostExamples", "duplicatedExamples", "failedExamples"):
        for example in f[key][:3]:
            lines.append(f"  {key[:-8]}: {example}")
    server = result.get("server")
    if server:
        lines.append(f"on the test server: {server['onServer']} of this run's messages; not there though answered "
                     f"{len(server['lostOnServer'])}, there twice {len(server['twiceOnServer'])}, still waiting {server['waiting']}, "
                     f"refused {len(server['refused'])}; sendMessage retries answered as such {server['retriesAnswered']}")
    integrity = ", ".join(f"{name} {value}" for name, value in result["integrity"].items())
    lines.append(f"integrity: {integrity}; main status: {result['statusError'] or 'ok'}")
    if result["failures"]:
        lines.append("FAIL:")
        lines += [f"  - {line}" for line in result["failures"]]
    else:
        lines.append("PASS: 0 lost, 0 duplicated, 0 pending, only real refusals, integrity ok")
    return "\n".join(lines)

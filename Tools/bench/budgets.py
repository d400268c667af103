"""Tools/bench/budgets.py — the budgets of Benchmarks/budgets.toml, and how one command's line is judged."""

from __future__ import annotations

import os
import tomllib
from dataclasses import dataclass

BUDGETS_PATH = os.path.join(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))),
                            "Benchmarks", "budgets.toml")

with open(BUDGETS_PATH, "rb") as _file:
    DATA = tomllib.load(_file)

TIME_BUDGET_RATIO = DATA["process"]["time_ratio"]
TIME_STRETCH_RATIO = DATA["process"]["time_goal_ratio"]
RSS_BUDGET_MIB: dict[str, float] = DATA["process"]["peak_rss_mib"]


@dataclass(frozen=True)
class CommandBudget:
    """A command's line: time as a ratio of hello-reference's median in the same run, the ratio
    aimed at (None: no goal), and its peak RSS ceiling in MiB."""
    ratio: float
    goal: float | None
    rss_mib: float


def _budget(entry: dict, extension: str | None = None) -> CommandBudget:
    rss = entry.get("peak_rss_mib")
    return CommandBudget(entry["time_ratio"], entry.get("time_goal_ratio"),
                         rss if rss is not None else RSS_BUDGET_MIB[extension])


def _extension_of(prefix: str) -> str:
    return prefix.split()[0]


COMMAND_BUDGETS: list[tuple[str, CommandBudget]] = [
    (entry["prefix"], _budget(entry, _extension_of(entry["prefix"]))) for entry in DATA["command"]
]
BOOTSTRAP_BUDGET = _budget(DATA["bootstrap"])

SEARCH_BUDGETS = DATA["search"]
INGEST_BUDGETS = {
    "messagesPerSecond": DATA["ingest"]["messages_per_second"],  # at least
    "busyErrors": DATA["ingest"]["busy_errors"],                 # at most
    "walMiB": DATA["ingest"]["wal_mib"],                         # at most
}
TOP_CHAT_LIST_MS = DATA["chat_list"]["top50_ms"]
FRAME_BUDGET_MICROSECONDS = float(DATA["display"]["frame_us"])
INTERFACE_BUDGETS = {
    "firstFrameRatio": DATA["interface"]["first_frame_ratio"],
    "keyMs": DATA["interface"]["key_ms"],
    "openChatMs": DATA["interface"]["open_chat_ms"],
    "pageMs": DATA["interface"]["page_ms"],
    "pictureKeyMs": DATA["interface"]["picture_key_ms"],
}
MESSAGE_ACTION_MS = DATA["message_actions"]["applied_ms"]
IMPORT_SECONDS_PER_MILLION = DATA["import"]["seconds_per_million"]
IMPORT_RSS_MIB = DATA["import"]["peak_rss_mib"]
BROADCAST_MIN_FPS = DATA["broadcast"]["min_fps"]
BROADCAST_TORN_FRAMES = DATA["broadcast"]["torn_frames"]


def command_budget(name: str, extension: str) -> CommandBudget:
    """The budget of the runner's command `name`, run by `extension`."""
    if name.startswith(f"{extension} bootstrap"):
        return BOOTSTRAP_BUDGET
    for prefix, budget in COMMAND_BUDGETS:
        if name.startswith(prefix):
            return budget
    return CommandBudget(TIME_BUDGET_RATIO, TIME_STRETCH_RATIO, RSS_BUDGET_MIB[extension])


def time_verdict(ratio: float | None, budget: CommandBudget) -> tuple[str, bool]:
    """("PASS (goal met)" | "PASS" | "OVER" | "-", within budget)."""
    if ratio is None:
        return "-", True
    if budget.goal is not None and ratio <= budget.goal:
        return "PASS (goal met)", True
    if ratio <= budget.ratio:
        return "PASS", True
    return "OVER", False


def budget_table() -> dict:
    """The command budgets, for the report's JSON (every other part reports its own)."""
    def doc(budget: CommandBudget) -> dict:
        return {"timeRatio": budget.ratio, "timeGoalRatio": budget.goal, "rssMiB": budget.rss_mib}
    return {
        "source": "Benchmarks/budgets.toml",
        "bootstrap": doc(BOOTSTRAP_BUDGET),
        "commands": {prefix: doc(budget) for prefix, budget in COMMAND_BUDGETS},
        "otherCommands": {"timeRatio": TIME_BUDGET_RATIO, "timeGoalRatio": TIME_STRETCH_RATIO, "rssMiB": RSS_BUDGET_MIB},
        "ingest": INGEST_BUDGETS,
        "topChatListMs": TOP_CHAT_LIST_MS,
    }


def markdown() -> str:
    """Every budget as the table BENCHMARKS.md quotes (python3 -m bench.budgets prints it)."""
    def time(entry: dict) -> str:
        goal = entry.get("time_goal_ratio")
        return f"≤ {entry['time_ratio']:g} × hello-reference" + (f" (goal ≤ {goal:g} ×)" if goal is not None else "")

    def rss(mib) -> str:
        return f"peak RSS ≤ {mib:g} MiB"

    process = DATA["process"]
    rows = [("every extension's `bootstrap`", f"{time(DATA['bootstrap'])}; {rss(BOOTSTRAP_BUDGET.rss_mib)}", "[bootstrap]")]
    for entry, (prefix, budget) in zip(DATA["command"], COMMAND_BUDGETS):
        rows.append((f"`{prefix}`", f"{time(entry)}; {rss(budget.rss_mib)}", "[[command]]"))
    rows.append(("any other command", f"{time(process)}; its extension's peak RSS", "[process]"))
    rows.append(("peak RSS per extension", ", ".join(f"`{k}` ≤ {v:g} MiB" for k, v in RSS_BUDGET_MIB.items()),
                 "[process.peak_rss_mib]"))
    s = SEARCH_BUDGETS
    rows.append(("`intents search-messages`, rare and common word",
                 f"≤ {s['fixture_time_ratio']:g} × at {s['fixture_messages']:,} messages, "
                 f"≤ {s['large_time_ratio']:g} × at {s['large_messages']:,}", "[search]"))
    i = DATA["ingest"]
    rows.append(("main ingest while 5 extensions read", f"≥ {i['messages_per_second']:,} messages/s, "
                 f"≤ {i['busy_errors']} busy errors, WAL ≤ {i['wal_mib']:g} MiB", "[ingest]"))
    rows.append(("top-50 chat list inside a process, cold and warm", f"≤ {TOP_CHAT_LIST_MS:g} ms", "[chat_list]"))
    rows.append(("Display: a full 200×60 frame", f"≤ {FRAME_BUDGET_MICROSECONDS:g} µs", "[display]"))
    u = DATA["interface"]
    rows.append(("main's interface", f"first frame ≤ {u['first_frame_ratio']:g} × `main status`; key to frame "
                 f"≤ {u['key_ms']:g} ms (≤ {u['picture_key_ms']:g} ms while photos decode); opening a chat ≤ {u['open_chat_ms']:g} ms; "
                 f"a page ≤ {u['page_ms']:g} ms",
                 "[interface]"))
    rows.append(("an edit or a deletion applied by main, inside the process", f"≤ {MESSAGE_ACTION_MS:g} ms",
                 "[message_actions]"))
    rows.append(("`main import telegram-export`, text only and every variant", f"≤ {IMPORT_SECONDS_PER_MILLION:g} s per 1,000,000 messages, "
                 f"{rss(IMPORT_RSS_MIB)}", "[import]"))
    rows.append(("broadcast, 1920×1080 NV12", f"≥ {BROADCAST_MIN_FPS} fps (one frame short allowed), "
                 f"≤ {BROADCAST_TORN_FRAMES} torn frames accepted, `broadcast` {rss(RSS_BUDGET_MIB['broadcast'])}",
                 "[broadcast]"))
    lines = ["| what | budget | in budgets.toml |", "|---|---|---|"]
    lines += [f"| {what} | {budget} | `{where}` |" for what, budget, where in rows]
    return "\n".join(lines)


if __name__ == "__main__":
    print(markdown())
NETWORK_BUDGETS = {
    "connectRatio": DATA["network"]["connect_ratio"],  # at most
    "pingRatio": DATA["network"]["ping_ratio"],        # at most
    "catchUpRatio": DATA["network"]["catch_up_ratio"],  # at most
    "catchUpCpuRatio": DATA["network"]["catch_up_cpu_ratio"],  # at most
    "deliveryRatio": DATA["network"]["delivery_ratio"],  # at most
}

"""Tools/bench/fixture.py — the §8 fixture: 3 accounts in a fresh container, the big one current.

Order: login A, seed A (timed), login B and C with small seeds, then `main accounts switch A`, so
that A is current when the extensions bootstrap. The summary is what the runner prints about the
fixture and checks each bootstrap's JSON against (Tools/bench/commands.py).
"""

from __future__ import annotations

import json
import time

from bench.main_command import MainCommand, StepFailed
from bench.sizes import SMALL_MESSAGES, SMALL_PEERS, Sizes


def make_fixture(main: MainCommand, sizes: Sizes) -> tuple[dict, dict]:
    """The fixture's summary, and the big seed's own report (its sample texts and rare word)."""
    account = main.json("login", "--phone", "+15550001", "--name", "Bench Alpha", "--json")["accountId"]
    # Wall time of the whole seed process, beside the seed's own "seconds" (its insert loop).
    started = time.monotonic_ns()
    seed = main.json("seed", "--peers", str(sizes.peers), "--messages", str(sizes.messages),
                     "--big-chat", str(sizes.big_chat), "--unread-chat", str(sizes.unread_chat), "--seed", "1", "--json")
    wall = (time.monotonic_ns() - started) / 1e9
    for number, name in ((2, "Bravo"), (3, "Charlie")):
        main.run("login", "--phone", f"+1555000{number}", "--name", f"Bench {name}", "--json")
        main.run("seed", "--peers", str(SMALL_PEERS), "--messages", str(SMALL_MESSAGES), "--seed", str(number), "--json")
    main.run("accounts", "switch", "--", str(account))
    listing = main.run("accounts", "--json")
    accounts = json.loads(listing)
    if accounts.get("currentAccountId") != account:
        raise StepFailed([f"bench: FAILED: after 'main accounts switch {account}' the current account is not {account}:",
                          *listing.splitlines()], 1)
    summary = {
        "accounts": len(accounts.get("accounts", [])),
        "currentAccountId": accounts.get("currentAccountId"),
        "expectedCurrentAccountId": account,
        "peers": sizes.peers,
        "messages": sizes.messages,
        "bigChatMessages": sizes.big_chat,
        "unreadChatUnread": seed.get("unreadChatUnread"),
        "unreadChatPeerId": seed.get("unreadChatPeerId"),
        "seedWallSeconds": wall,
        "seedMessagesPerSecond": sizes.messages / wall if wall > 0 else None,
        "seedReportedSeconds": seed.get("seconds"),
    }
    return summary, seed


def search_words(seed: dict) -> tuple[str, str, int]:
    """For intents search-messages (Tools/bench/search.py): a word of a seeded message, the word the
    seed put in a few messages only, and how many hold it."""
    word = max(seed["sampleTexts"][0].split(), key=len).strip(".,!?")
    return word, seed["rareWord"], seed["rareWordMessages"]

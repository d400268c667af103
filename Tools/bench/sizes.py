"""Tools/bench/sizes.py — how big Scripts/bench's full run (docs/architecture.md §8's fixture) and its --quick check are."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Sizes:
    peers: int  # the current account's chats
    messages: int  # its messages, also what the ingest part writes
    big_chat: int  # of them in the one chat pinned on top (the interface opens it)
    unread_chat: int  # unread messages the next chat ends with (twice as many of the messages in it)
    runs: int  # per command, unless --runs says otherwise
    broadcast_seconds: int
    launches: int  # of main's interface
    ingest_rounds: int
    search_large: int  # messages of search.py's large container; 0: not measured
    import_messages: int  # of the generated Telegram Desktop export


FULL = Sizes(peers=2000, messages=200_000, big_chat=100_000, unread_chat=10_000, runs=30, broadcast_seconds=30, launches=10,
             ingest_rounds=3, search_large=1_000_000, import_messages=1_000_000)
QUICK = Sizes(peers=2000, messages=20_000, big_chat=10_000, unread_chat=1_000, runs=10, broadcast_seconds=5, launches=5,
              ingest_rounds=1, search_large=0, import_messages=100_000)

# The two other accounts: enough to switch between, small so that they cost no time.
SMALL_PEERS = 50
SMALL_MESSAGES = 500

"""Tools/crash/states.py — every crash state a recorded run allows, under the weakest model.

Part of Tools/crash/run.py. A run recorded by Tools/powercut/pcfs.py (--record) is a list of
changes in order. Replayed into Tools/powercut/model.py from the container as it was before the
run, it gives, at each persistence point (each fsync of a file or a directory, and the run's end),
the disk a power cut there would leave:

  drop       only what was synced;
  keep n<i>  plus every unsynced change of one object (a file's writes, a directory's entries):
             the disk wrote that object's changes and none of the others' (reordering across
             objects between syncs);
  half n<i>  plus the first half of one object's unsynced changes;
  torn n<i>  plus one file's unsynced writes, the last torn after 4 KiB, a third and two thirds.

States are described first (cheap), sampled when there are more than the limit (always keeping
every plain `drop` state and the end), then built by a second replay, and equal states (same
paths, same bytes) are checked once.
"""

from __future__ import annotations

import hashlib
import os
import random
import sys
from dataclasses import dataclass, field

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from powercut.model import BLOCK, Model  # noqa: E402


@dataclass
class CrashState:
    point: int            # index of the persistence point in the log (len(log) for the end)
    label: str            # what survived, e.g. "sync 12 (fsync n37) keep n40"
    chosen: dict = field(default_factory=dict)


def describe(pristine: str, log: list[tuple]) -> list[CrashState]:
    model = Model.scan(pristine)
    states: list[CrashState] = []
    sync_number = 0
    for index, entry in enumerate(log):
        if entry[0] == "fsync":
            sync_number += 1
            states += _variants(model, index, f"sync {sync_number} (before fsync n{entry[1]})")
        model.replay(entry)
    states += _variants(model, len(log), "end")
    return states


# Scratch that no recovery reads: logs, temp directories, SQLite's -shm (rebuilt from the WAL when
# it does not match). Their unsynced changes still drop at every cut; they only get no variants.
SCRATCH = ("/logs/", "/temp/")


def _paths(model: Model) -> dict[int, str]:
    paths: dict[int, str] = {}
    stack = [(model.root, "")]
    while stack:
        node, path = stack.pop()
        if node.ident in paths:
            continue
        paths[node.ident] = path + "/"
        if node.kind == "dir":
            stack += [(child, f"{path}/{name}") for name, child in node.live_entries.items()]
    return paths


def _variants(model: Model, point: int, where: str) -> list[CrashState]:
    out = [CrashState(point, f"{where} drop")]
    paths = _paths(model)
    for node in model.pending_nodes():
        path = paths.get(node.ident, "")
        if any(part in path for part in SCRATCH) or path.endswith("-shm/"):
            continue
        count = len(node.pending)
        out.append(CrashState(point, f"{where} keep n{node.ident}", {node.ident: (count, None)}))
        if count > 1:
            out.append(CrashState(point, f"{where} half n{node.ident}", {node.ident: (count // 2, None)}))
        last = node.pending[-1]
        if node.kind == "file" and last[0] == "w" and len(last[2]) > 1:
            length = len(last[2])
            for torn in sorted({min(BLOCK, length - 1), max(1, length // 3), max(1, 2 * length // 3)}):
                out.append(CrashState(point, f"{where} torn n{node.ident} at {torn}/{length}", {node.ident: (count, torn)}))
    return out


def sample(states: list[CrashState], limit: int | None, rng: random.Random) -> list[CrashState]:
    if limit is None or len(states) <= limit:
        return states
    must = [s for s in states if s.label.endswith(" drop") and (s.label.startswith("end") or rng.random() < 0.5)]
    must = must[:limit]
    rest = [s for s in states if s not in must]
    chosen = must + rng.sample(rest, max(0, limit - len(must)))
    return sorted(chosen, key=lambda s: (s.point, s.label))


def build(pristine: str, log: list[tuple], wanted: list[CrashState], out_dir: str):
    """Yields (state, directory, digest) for each wanted state, built by one replay."""
    by_point: dict[int, list[CrashState]] = {}
    for state in wanted:
        by_point.setdefault(state.point, []).append(state)
    model = Model.scan(pristine)
    built = 0
    for index in range(len(log) + 1):
        for state in by_point.get(index, []):
            built += 1
            directory = os.path.join(out_dir, f"state-{built}")
            model.materialize(directory, state.chosen)
            yield state, directory, digest(directory)
        if index < len(log):
            model.replay(log[index])


def digest(root: str) -> str:
    h = hashlib.sha256()
    for directory, dirs, files in os.walk(root):
        dirs.sort()
        for name in sorted(files):
            path = os.path.join(directory, name)
            h.update(os.path.relpath(path, root).encode() + b"\0")
            if os.path.islink(path):
                h.update(b"link:" + os.readlink(path).encode())
            else:
                with open(path, "rb") as f:
                    h.update(hashlib.sha256(f.read()).digest())
        for name in sorted(dirs):
            h.update(os.path.relpath(os.path.join(directory, name), root).encode() + b"/\0")
    return h.hexdigest()

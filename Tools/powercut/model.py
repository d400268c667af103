"""Tools/powercut/model.py — what a power cut leaves on the disk, under the weakest model ALICE uses.

A file's bytes survive as of its last fsync or fdatasync. A directory's entries survive as of its
last fsync: create, mkdir, symlink, link, unlink, rmdir and rename are changes to the directories
they touch, each lost until that directory is synced (a rename is two changes, one per directory,
so a rename synced only in its target directory leaves the entry in both). Nothing else is
promised: unsynced writes are dropped at the cut — or, to model a disk that wrote some of them,
each file and directory keeps a random prefix of its unsynced changes, the last write torn at a
4 KiB boundary ("tear").

`Model` follows the live tree as the operations arrive (Tools/powercut/pcfs.py feeds it every
call the FUSE file system serves) and keeps, beside it, what is durable. `materialize` writes the
tree a power cut at this moment would leave into a directory. Standard library only.
"""

from __future__ import annotations

import os
import random
import stat
import threading

BLOCK = 4096


class Node:
    """A file, directory or symbolic link, with its live and its durable state."""

    __slots__ = ("ident", "kind", "mode", "durable", "pending", "live_entries", "durable_entries", "target")

    def __init__(self, ident: int, kind: str, mode: int, target: str = ""):
        self.ident, self.kind, self.mode, self.target = ident, kind, mode, target
        self.durable = bytearray()          # file: bytes as of the last fsync
        self.pending: list[tuple] = []      # changes since the last fsync, in order
        self.live_entries: dict[str, Node] = {}
        self.durable_entries: dict[str, Node] = {}


class FrozenError(Exception):
    """The power is off: nothing more reaches the disk."""


class Model:
    def __init__(self, root_mode: int = 0o700):
        self.lock = threading.RLock()
        self.nodes: dict[int, Node] = {}
        self.root = self._new("dir", root_mode)
        self.frozen = False
        self.counts = {"writes": 0, "fsyncs": 0, "dirsyncs": 0, "metadata": 0}
        # With recording on, every change in order, nodes by their ident (Tools/crash replays it).
        self.log: list[tuple] | None = None

    def _new(self, kind: str, mode: int, target: str = "") -> Node:
        node = Node(len(self.nodes), kind, mode, target)
        self.nodes[node.ident] = node
        return node

    def _record(self, *entry) -> None:
        if self.log is not None:
            self.log.append(entry)

    def replay(self, entry: tuple) -> None:
        """Applies one recorded change (as `log` holds it) to this model."""
        op, *args = entry
        if op in ("write", "truncate", "fsync"):
            args[0] = self.nodes[args[0]]
        getattr(self, op)(*args)

    # -- building from what is on the disk when the file system is mounted (all of it durable)

    @classmethod
    def scan(cls, backing: str) -> "Model":
        model = cls(stat.S_IMODE(os.lstat(backing).st_mode))
        model._scan_into(model.root, backing)
        return model

    def _scan_into(self, directory: Node, path: str) -> None:
        for name in sorted(os.listdir(path)):
            full = os.path.join(path, name)
            st = os.lstat(full)
            if stat.S_ISDIR(st.st_mode):
                node = self._new("dir", stat.S_IMODE(st.st_mode))
                self._scan_into(node, full)
            elif stat.S_ISLNK(st.st_mode):
                node = self._new("link", 0o777, os.readlink(full))
            elif stat.S_ISREG(st.st_mode):
                node = self._new("file", stat.S_IMODE(st.st_mode))
                with open(full, "rb") as f:
                    node.durable = bytearray(f.read())
            elif stat.S_ISFIFO(st.st_mode):
                node = self._new("fifo", stat.S_IMODE(st.st_mode))
            else:
                continue  # sockets and devices: never made in the container
            directory.live_entries[name] = node
            directory.durable_entries[name] = node

    # -- the live tree

    def lookup(self, path: str) -> Node | None:
        node = self.root
        for part in [p for p in path.split("/") if p]:
            if node.kind != "dir":
                return None
            node = node.live_entries.get(part)
            if node is None:
                return None
        return node

    def _parent(self, path: str) -> tuple[Node, str]:
        head, name = os.path.split(path.rstrip("/"))
        parent = self.lookup(head or "/")
        if parent is None or parent.kind != "dir":
            raise FileNotFoundError(path)
        return parent, name

    def _check(self) -> None:
        if self.frozen:
            raise FrozenError()

    def _add(self, directory: Node, name: str, node: Node) -> None:
        directory.live_entries[name] = node
        directory.pending.append(("add", name, node))
        self.counts["metadata"] += 1

    def _remove(self, directory: Node, name: str) -> Node | None:
        node = directory.live_entries.pop(name, None)
        if node is not None:
            directory.pending.append(("del", name))
            self.counts["metadata"] += 1
        return node

    def create(self, path: str, mode: int, kind: str = "file", target: str = "") -> Node:
        with self.lock:
            self._check()
            parent, name = self._parent(path)
            existing = parent.live_entries.get(name)
            if existing is not None and kind == "file":
                return existing  # open(O_CREAT) of a file that exists
            self._record("create", path, mode, kind, target)
            node = self._new(kind, mode, target)
            self._add(parent, name, node)
            return node

    def remove(self, path: str) -> None:
        with self.lock:
            self._check()
            parent, name = self._parent(path)
            self._record("remove", path)
            self._remove(parent, name)

    def rename(self, old: str, new: str) -> None:
        with self.lock:
            self._check()
            source, old_name = self._parent(old)
            target, new_name = self._parent(new)
            node = source.live_entries.get(old_name)
            if node is None:
                return
            self._record("rename", old, new)
            self._remove(source, old_name)
            self._add(target, new_name, node)

    def link(self, old: str, new: str) -> None:
        with self.lock:
            self._check()
            node = self.lookup(old)
            target, name = self._parent(new)
            if node is not None:
                self._record("link", old, new)
                self._add(target, name, node)

    def write(self, node: Node, offset: int, data: bytes) -> None:
        with self.lock:
            self._check()
            self._record("write", node.ident, offset, bytes(data))
            node.pending.append(("w", offset, bytes(data)))
            self.counts["writes"] += 1

    def truncate(self, node: Node, size: int) -> None:
        with self.lock:
            self._check()
            self._record("truncate", node.ident, size)
            node.pending.append(("t", size))

    def fsync(self, node: Node) -> None:
        with self.lock:
            self._check()
            self._record("fsync", node.ident)
            if node.kind == "dir":
                node.durable_entries = dict(node.live_entries)
                self.counts["dirsyncs"] += 1
            else:
                for change in node.pending:
                    _apply(node.durable, change)
                self.counts["fsyncs"] += 1
            node.pending = []

    # -- the cut

    def cut(self, out: str, tear: bool, rng: random.Random) -> dict:
        """Freezes the model and writes what the disk holds into `out` (which must not exist)."""
        with self.lock:
            self.frozen = True
            kept = {"nodes": 0, "partialFiles": 0, "partialDirectories": 0}
            chosen: dict[int, tuple] = {}
            if tear:
                self._choose_prefixes(self.root, chosen, rng, kept, set())
            self.materialize(out, chosen, kept)
            return kept

    def materialize(self, out: str, chosen: dict[int, tuple], kept: dict | None = None) -> None:
        """Writes the disk into `out`: what is durable, plus, for each node ident in `chosen`,
        the first `count` of its unsynced changes (the last of them, if a write, cut to `torn`
        bytes when `torn` is not None)."""
        kept = kept if kept is not None else {"nodes": 0}
        os.makedirs(out)
        os.chmod(out, self.root.mode)
        self._write_dir(self.root, out, chosen, kept, [])

    def pending_nodes(self) -> list[Node]:
        """The nodes with unsynced changes, in ident order."""
        return [node for _, node in sorted(self.nodes.items()) if node.pending]

    def _choose_prefixes(self, node: Node, chosen: dict, rng: random.Random, kept: dict, seen: set) -> None:
        """For tearing: how many of each node's unsynced changes reached the disk (a prefix; the
        last write of a file's prefix torn at a block boundary, never past its end)."""
        if id(node) in seen:
            return
        seen.add(id(node))
        if node.pending:
            count = rng.randint(0, len(node.pending))
            torn = None
            if count and node.pending[count - 1][0] == "w":
                length = len(node.pending[count - 1][2])
                blocks = (length + BLOCK - 1) // BLOCK
                torn = rng.randint(1, blocks) * BLOCK if blocks > 1 else None
            chosen[node.ident] = (count, torn)
            if count:
                kept["partialDirectories" if node.kind == "dir" else "partialFiles"] += 1
        if node.kind == "dir":
            for child in list(node.live_entries.values()) + list(node.durable_entries.values()):
                self._choose_prefixes(child, chosen, rng, kept, seen)

    def _entries_on_disk(self, node: Node, chosen: dict) -> dict[str, Node]:
        entries = dict(node.durable_entries)
        count, _ = chosen.get(node.ident, (0, None))
        for change in node.pending[:count]:
            if change[0] == "add":
                entries[change[1]] = change[2]
            else:
                entries.pop(change[1], None)
        return entries

    def _bytes_on_disk(self, node: Node, chosen: dict) -> bytes:
        data = bytearray(node.durable)
        count, torn = chosen.get(node.ident, (0, None))
        for index, change in enumerate(node.pending[:count]):
            if index == count - 1 and torn is not None:
                change = ("w", change[1], change[2][:torn])
            _apply(data, change)
        return bytes(data)

    def _write_dir(self, node: Node, path: str, chosen: dict, kept: dict, stack: list) -> None:
        # A directory reachable under itself (a rename synced in one directory only) is cut off.
        stack.append(id(node))
        for name, child in sorted(self._entries_on_disk(node, chosen).items()):
            full = os.path.join(path, name)
            kept["nodes"] += 1
            if child.kind == "dir":
                if id(child) in stack:
                    continue
                os.mkdir(full, child.mode)
                self._write_dir(child, full, chosen, kept, stack)
            elif child.kind == "link":
                os.symlink(child.target, full)
            elif child.kind == "fifo":
                os.mkfifo(full, child.mode)
            else:
                with open(full, "wb") as f:
                    f.write(self._bytes_on_disk(child, chosen))
                os.chmod(full, child.mode)
        stack.pop()


def _apply(data: bytearray, change: tuple) -> None:
    if change[0] == "t":
        size = change[1]
        if size < len(data):
            del data[size:]
        else:
            data.extend(b"\0" * (size - len(data)))
        return
    _, offset, payload = change
    end = offset + len(payload)
    if end > len(data):
        data.extend(b"\0" * (end - len(data)))
    data[offset:end] = payload

#!/usr/bin/python3
"""Tools/powercut/pcfs.py — a FUSE pass-through that can lose power.

    pcfs.py BACKING MOUNTPOINT --cut-dir DIR [--seed S] [--record FILE] [--cut-at-sync N]

Every call goes through to BACKING, so the processes on MOUNTPOINT run as on any disk, while
Tools/powercut/model.py follows what is durable (bytes as of each file's last fsync, entries as
of each directory's last fsync). The power is cut by looking up a name at the mount's root:

    stat MOUNTPOINT/.pcfs-cut        everything unsynced is dropped
    stat MOUNTPOINT/.pcfs-cut-tear   each file and directory keeps a random prefix of its
                                     unsynced changes, the last write torn at 4 KiB

From that moment every call fails with EIO (the machine is off), and the disk as the cut left it
is written to DIR/state-<n> (n counts the cuts); the lookup answers ENOENT. The runner then kills
the processes, unmounts, and starts the next life on that directory. Counts go to DIR/stats.json.

With --cut-at-sync N the power goes by itself just before the Nth fsync (of a file or a
directory) is served: that sync fails with EIO and nothing it would have made durable is.

With --record FILE every change is kept in order and written to FILE (pickle) at unmount, for
Tools/crash to rebuild every crash state from (it scans BACKING as it was at the mount itself).

Debian's python3-fusepy (libfuse2). Mounted with hard_remove (an unlinked open file is not
renamed to .fuse_hidden, which the model would take for a rename) and without direct_io (SQLite's
-shm is mmap'd).
"""

from __future__ import annotations

import argparse
import errno
import json
import os
import pickle
import random
import stat
import sys
import threading
import time

from fusepy import FUSE, FuseOSError, Operations

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from powercut.model import FrozenError, Model  # noqa: E402

CUT_NAMES = {"/.pcfs-cut": False, "/.pcfs-cut-tear": True}


class PowerCutFS(Operations):
    def __init__(self, backing: str, cut_dir: str, seed: int, record: str | None = None, cut_at_sync: int = 0):
        self.backing = os.path.realpath(backing)
        self.cut_dir = cut_dir
        self.rng = random.Random(seed)
        self.model = Model.scan(self.backing)
        self.record = record
        self.cut_at_sync = cut_at_sync
        self.syncs = 0
        if record:
            self.model.log = []
        self.handles: dict[int, object] = {}
        self.handles_lock = threading.Lock()
        self.cuts = 0

    def __call__(self, op, *args):
        try:
            if self.model.frozen and op not in ("destroy", "release", "releasedir"):
                raise FuseOSError(errno.EIO)
            return super().__call__(op, *args)
        except FrozenError:
            raise FuseOSError(errno.EIO)
        except OSError as error:
            if isinstance(error, FuseOSError):
                raise
            raise FuseOSError(error.errno or errno.EIO)

    def _full(self, path: str) -> str:
        return self.backing + path

    def _node_of(self, fh: int, path: str):
        with self.handles_lock:
            node = self.handles.get(fh)
        return node if node is not None else self.model.lookup(path)

    def destroy(self, path):
        if self.record:
            with self.model.lock, open(self.record, "wb") as f:
                pickle.dump(self.model.log, f, protocol=pickle.HIGHEST_PROTOCOL)

    # -- the cut

    def _cut(self, tear: bool) -> None:
        with self.model.lock:
            if self.model.frozen:
                return
            self.cuts += 1
            out = os.path.join(self.cut_dir, f"state-{self.cuts}")
            at = time.monotonic()
            kept = self.model.cut(out, tear, self.rng)
            with open(os.path.join(self.cut_dir, "stats.json"), "w") as f:
                json.dump({"cut": self.cuts, "tear": tear, "state": out, "kept": kept, "counts": self.model.counts,
                           "syncs": self.syncs, "monotonic": at}, f)

    def _sync(self, node) -> None:
        """An fsync served, or the power going just before it (--cut-at-sync)."""
        with self.model.lock:
            self.syncs += 1
            if self.cut_at_sync and self.syncs == self.cut_at_sync:
                self._cut(False)
                raise FuseOSError(errno.EIO)
            if node is not None:
                self.model.fsync(node)

    # -- reading

    def getattr(self, path, fh=None):
        if path in CUT_NAMES:
            self._cut(CUT_NAMES[path])
            raise FuseOSError(errno.ENOENT)
        st = os.lstat(self._full(path))
        return {key: getattr(st, key) for key in ("st_atime", "st_ctime", "st_gid", "st_mode", "st_mtime", "st_nlink", "st_size", "st_uid")}

    def readdir(self, path, fh):
        return [".", ".."] + os.listdir(self._full(path))

    def readlink(self, path):
        return os.readlink(self._full(path))

    def statfs(self, path):
        st = os.statvfs(self._full(path))
        return {key: getattr(st, key) for key in ("f_bavail", "f_bfree", "f_blocks", "f_bsize", "f_favail", "f_ffree", "f_files", "f_flag", "f_frsize", "f_namemax")}

    def access(self, path, amode):
        if not os.access(self._full(path), amode):
            raise FuseOSError(errno.EACCES)

    def read(self, path, size, offset, fh):
        return os.pread(fh, size, offset)

    # -- files

    def open(self, path, flags):
        fd = os.open(self._full(path), flags & ~(os.O_CREAT | os.O_EXCL))
        node = self.model.lookup(path)
        with self.handles_lock:
            self.handles[fd] = node
        return fd

    def create(self, path, mode, fi=None):
        fd = os.open(self._full(path), os.O_RDWR | os.O_CREAT, mode)
        node = self.model.create(path, mode & 0o7777)
        with self.handles_lock:
            self.handles[fd] = node
        return fd

    def write(self, path, data, offset, fh):
        node = self._node_of(fh, path)
        written = os.pwrite(fh, data, offset)
        if node is not None:
            self.model.write(node, offset, data[:written])
        return written

    def truncate(self, path, length, fh=None):
        if fh is not None:
            os.ftruncate(fh, length)
        else:
            os.truncate(self._full(path), length)
        node = self._node_of(fh, path) if fh is not None else self.model.lookup(path)
        if node is not None:
            self.model.truncate(node, length)

    def fsync(self, path, datasync, fh):
        self._sync(self._node_of(fh, path))
        return 0

    def flush(self, path, fh):
        return 0

    def release(self, path, fh):
        with self.handles_lock:
            self.handles.pop(fh, None)
        os.close(fh)
        return 0

    # -- directories and names

    def opendir(self, path):
        if not os.path.isdir(self._full(path)):
            raise FuseOSError(errno.ENOTDIR)
        return 0

    def fsyncdir(self, path, datasync, fh):
        self._sync(self.model.lookup(path))
        return 0

    def mkdir(self, path, mode):
        os.mkdir(self._full(path), mode)
        self.model.create(path, mode & 0o7777, kind="dir")

    def mknod(self, path, mode, dev):
        # The broadcast's audio FIFO: an entry like any other, holding no data.
        os.mknod(self._full(path), mode, dev)
        if stat.S_ISFIFO(mode):
            self.model.create(path, mode & 0o7777, kind="fifo")

    def rmdir(self, path):
        os.rmdir(self._full(path))
        self.model.remove(path)

    def unlink(self, path):
        os.unlink(self._full(path))
        self.model.remove(path)

    def rename(self, old, new):
        os.rename(self._full(old), self._full(new))
        self.model.rename(old, new)

    def link(self, target, source):
        # fusepy passes (new name, existing name).
        os.link(self._full(source), self._full(target))
        self.model.link(source, target)

    def symlink(self, target, source):
        # fusepy passes (new name, what it points to).
        os.symlink(source, self._full(target))
        self.model.create(target, 0o777, kind="link", target=source)

    def chmod(self, path, mode):
        os.chmod(self._full(path), mode)
        node = self.model.lookup(path)
        if node is not None:
            node.mode = mode & 0o7777

    def chown(self, path, uid, gid):
        os.chown(self._full(path), uid, gid)

    def utimens(self, path, times=None):
        os.utime(self._full(path), times)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("backing")
    parser.add_argument("mountpoint")
    parser.add_argument("--cut-dir", required=True, help="where the states the cuts leave are written")
    parser.add_argument("--seed", type=int, default=0, help="seed of the tearing choices")
    parser.add_argument("--record", help="keep every change and write them to this file at unmount")
    parser.add_argument("--cut-at-sync", type=int, default=0, help="cut the power just before the Nth fsync")
    args = parser.parse_args()
    os.makedirs(args.cut_dir, exist_ok=True)
    FUSE(PowerCutFS(args.backing, args.cut_dir, args.seed, args.record, args.cut_at_sync), args.mountpoint, foreground=True,
         nothreads=False, hard_remove=True, use_ino=False, default_permissions=False)
    return 0


if __name__ == "__main__":
    sys.exit(main())

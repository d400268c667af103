"""Tools/faults/fulldisk.py — the protocols on a real full disk: a size-limited tmpfs in a private
mount namespace, filled to the brim.

Part of Tools/faults/run.py, which starts it as `unshare --mount python3 -m faults.fulldisk …`
(with `--user --map-root-user` when not root), so the tmpfs is seen by nothing else and goes with
the namespace. For each protocol and each level of free space left (0 bytes, a few KiB…): the
fixture is copied onto the tmpfs, the stage is set (for the live protocols `main run` is started
while there is room), the disk is filled with a file until write returns ENOSPC and then cut back
to leave that much free, the workload runs, the file is removed, and the undisturbed recovery and
every check follow, as for the injected faults. The processes' output is kept off the tmpfs.
Writes the cases' records, as JSON, to --out.
"""

from __future__ import annotations

import argparse
import errno
import json
import os
import subprocess
import sys
import time

from faults import figures
from faults.sweep import Runner, fixtures_from_json, protocols_named

TMPFS_SIZE = "16m"
FILLER = ".filler"


def fill(mount: str, free: int) -> int:
    """Fills the tmpfs until ENOSPC, then gives back `free` bytes. Returns the bytes left free."""
    path = os.path.join(mount, FILLER)
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    try:
        for chunk in (1 << 20, 4096, 1):
            block = b"\0" * chunk
            while True:
                try:
                    if os.write(fd, block) < chunk:
                        break
                except OSError as error:
                    if error.errno != errno.ENOSPC:
                        raise
                    break
        if free:
            size = os.fstat(fd).st_size
            os.ftruncate(fd, max(0, size - free))
    finally:
        os.close(fd)
    stats = os.statvfs(mount)
    return stats.f_bavail * stats.f_frsize


def unfill(mount: str) -> None:
    try:
        os.unlink(os.path.join(mount, FILLER))
    except FileNotFoundError:
        pass


def mount_tmpfs(mount: str) -> None:
    os.makedirs(mount, exist_ok=True)
    subprocess.run(["mount", "-t", "tmpfs", "-o", f"size={TMPFS_SIZE},mode=0700", "faults-full-disk", mount], check=True)


def main() -> int:
    parser = argparse.ArgumentParser(prog="faults.fulldisk")
    parser.add_argument("--bin", required=True)
    parser.add_argument("--work", required=True)
    parser.add_argument("--fixtures", required=True, help="the fixtures' JSON (sweep.fixtures_to_json)")
    parser.add_argument("--protocols", default="")
    parser.add_argument("--free", default="0,4096")
    parser.add_argument("--tag", required=True)
    parser.add_argument("--keep", default="findings")
    parser.add_argument("--first-number", type=int, default=90000)
    parser.add_argument("--out", required=True)
    args = parser.parse_args()

    with open(args.fixtures) as f:
        fixtures = fixtures_from_json(json.load(f))
    mount = os.path.join(args.work, "full-disk")
    mount_tmpfs(mount)
    runner = Runner(args.bin, args.work, fixtures, None, args.keep, args.tag,
                    log=lambda m: print(f"faults: {m}", file=sys.stderr, flush=True))
    runner.number = args.first_number
    records = []
    for protocol in protocols_named([p for p in args.protocols.split(",") if p]):
        for free in [int(x) for x in args.free.split(",") if x != ""]:
            case = runner.new_case(protocol, "full-disk", f"free={free}", container_root=mount)
            left = []
            case.on_stage_set = lambda c, free=free: left.append(fill(mount, free))
            started = time.monotonic()
            try:
                protocol.act(case, "full-disk", None)
                if not left:
                    case.note("the workload never set its stage: the disk was not filled")
                else:
                    case.note(f"disk filled: {left[0]} bytes free")
                unfill(mount)
                protocol.check(case)
            finally:
                unfill(mount)
                case.seconds = time.monotonic() - started
                runner.finish(case)
            records.append(figures.case_record(case))
            runner.log(f"full disk: {case.id}: {case.outcome or '-'}{' — ' + ', '.join(case.findings) if case.findings else ''}")
    with open(args.out, "w") as f:
        json.dump({"records": records, "kept": runner.kept}, f)
    subprocess.run(["umount", mount], check=False)
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""Tools/bench/main_command.py — `main` run against the fixture's container, a step that must succeed."""

from __future__ import annotations

import json
import os
import shlex

from common.processes import Spawner


class StepFailed(Exception):
    """A fixture step failed: the lines to log and the exit status to end with."""

    def __init__(self, lines: list[str], status: int):
        super().__init__(lines[0])
        self.lines, self.status = lines, status


class MainCommand:
    """Runs `main ARGS... --container C` with its stdout in workdir/out, its stderr in workdir/err."""

    def __init__(self, bin_dir: str, container: str, workdir: str, spawner: Spawner):
        self.main = os.path.join(bin_dir, "main")
        self.container, self.spawner = container, spawner
        self.out_path = os.path.join(workdir, "out")
        self.err_path = os.path.join(workdir, "err")

    def run(self, *args: str) -> str:
        """Its stdout. On failure, StepFailed with the exact command, its exit status (a signal as
        a shell reports it, 128 + N) and its stderr."""
        argv = [self.main, *self.with_container(list(args))]
        child = self.spawner.run(argv, dict(os.environ), self.out_path, self.err_path)
        if child.returncode != 0:
            status = child.returncode if child.returncode > 0 else 128 - child.returncode
            lines = [f"bench: FAILED: {shlex.join(argv)} (exit {status})"]
            lines += [f"  stderr: {line}" for line in child.stderr().splitlines()]
            raise StepFailed(lines, status)
        return child.stdout()

    def json(self, *args: str):
        return json.loads(self.run(*args))

    def with_container(self, args: list[str]) -> list[str]:
        """`--container C` goes before a `--`: account ids are Int64s and often negative, and a
        positional "-5975..." would otherwise be parsed as an option."""
        at = args.index("--") if "--" in args else len(args)
        return args[:at] + ["--container", self.container] + args[at:]

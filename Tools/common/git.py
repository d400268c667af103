"""Tools/common/git.py — which commit a run measured: the checkout's short HEAD, and whether the tree differs."""

from __future__ import annotations

import os
import subprocess

REPO_ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def _git(*args: str) -> str | None:
    try:
        result = subprocess.run(["git", *args], cwd=REPO_ROOT, capture_output=True, text=True, timeout=30)
    except (OSError, subprocess.SubprocessError):
        return None
    return result.stdout.strip() if result.returncode == 0 else None


def commit() -> tuple[str, bool]:
    """(short commit or "unknown", whether the working tree has changes)."""
    return _git("rev-parse", "--short", "HEAD") or "unknown", bool(_git("status", "--porcelain"))

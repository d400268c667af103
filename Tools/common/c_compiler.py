"""Tools/common/c_compiler.py — the one C compiler probe: build a C file with the first compiler that can.

The tools' C helpers are compiled on the fly, so a machine needs only a C compiler, and the Swift
toolchain's clang will do when no system one is installed.
"""

from __future__ import annotations

import os
import shutil
import subprocess


def candidates() -> list[str]:
    """$CC first, then the usual names, then the Swift toolchain's clang; only those that exist."""
    names = [os.environ.get("CC"), "cc", "gcc", "clang", "/opt/swift/usr/bin/clang"]
    return [name for name in names if name and shutil.which(name)]


def compile_c(source: str, output: str, flags: list[str] = (), link: list[str] = ()) -> tuple[str | None, str | None]:
    """`CC -O2 FLAGS -o OUTPUT SOURCE LINK` with each candidate in turn until one succeeds:
    (output, None), or (None, why none did)."""
    found = candidates()
    if not found:
        return None, "no C compiler (tried $CC, cc, gcc, clang, /opt/swift/usr/bin/clang)"
    errors = []
    for compiler in found:
        result = subprocess.run([compiler, "-O2", *flags, "-o", output, source, *link], capture_output=True, text=True)
        if result.returncode == 0:
            return output, None
        errors.append(f"{compiler} could not build {source}: {result.stderr.strip()}")
    return None, "\n".join(errors)

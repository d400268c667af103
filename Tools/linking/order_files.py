#!/usr/bin/env python3
"""Tools/linking/order_files.py — the symbol order each executable is linked with (Linking/order/).

Part of Scripts/order-files, which builds the release binaries first; runnable alone on built ones
(PYTHONPATH=Tools python3 -m linking.order_files --bin-dir DIR --out Linking/order). It drives
main's interface with Tools/bench/interface.py's terminal, as the bench does.

Why: a process's RSS is mostly its own executable's clean text, and this kernel maps a whole
page-cache folio on a fault, so every large block of the binary that holds one function the
process runs is resident. The functions an extension runs are about 1 MB of its 13 MB of text,
spread all over it. Linked in the order written here (lld's --symbol-ordering-file), they sit
together at the start of the text and a push maps a few MiB less (docs/linking.md has the figures).

How: each executable runs its usual commands on a small fixture under callgrind (valgrind), which
lists every function that ran, however briefly; those inside the executable are written command by
command, the bootstrap's first (every invocation runs it), each function once, sorted by name
within a command. The
binaries are copied without their DWARF first: valgrind 3.19 cannot read the toolchain's DWARF 5.

A symbol the binary no longer has is skipped by the linker, so a stale file costs memory, not
correctness: rerun Scripts/order-files after changes to the extensions' start-up paths.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

# Each executable's profiled invocations, most common first. "{push:cached}" and "{push:fresh}"
# are push files: the cached one is delivered once before profiling, so its avatar is on disk; the
# fresh one's chat has no avatar drawn until its profiled run. "{word}" is a word of the fixture's
# messages, "{rare}" the seed's rare word.
PROFILES: dict[str, list[list[str]]] = {
    "notify-service": [["bootstrap", "--json"], ["--json", "{push:cached}"], ["--json", "{push:fresh}"]],
    "share": [["bootstrap", "--json"], ["peers", "--json"]],
    "widget": [["bootstrap", "--json"], ["timeline", "--json"], ["configure", "--json"]],
    "intents": [["bootstrap", "--json"], ["search-messages", "--query", "{word}", "--json"],
                ["search-messages", "--query", "{rare}", "--json"]],
    "broadcast": [["bootstrap", "--json"]],
    # "{interface}": main's interface on a pseudo-terminal (launch to the chat list, keys, quit),
    # the launch Scripts/bench times against `main status`.
    "main": [["status", "--json"], ["chats", "--json"], ["{interface}"]],
}

NAME_LINE = re.compile(r"^(c?)(ob|fn)=\((\d+)\)(?: (.*))?$")


def functions_run(profile_path: str, object_name: str) -> list[str]:
    """The functions a callgrind profile saw running inside the object named `object_name`, in the
    order the profile first names them. Callgrind compresses names: `ob=(n) path` and `fn=(n) name`
    define an id the first time (a `cob=`/`cfn=` line of a call can define it too), later lines
    give the id alone; a `fn=` line opens the costs of that function in the current `ob=`."""
    names: dict[str, dict[str, str]] = {"ob": {}, "fn": {}}
    current_object = None
    ran: dict[str, None] = {}
    with open(profile_path, errors="replace") as profile:
        for line in profile:
            match = NAME_LINE.match(line.rstrip("\n"))
            if not match:
                continue
            call, kind, ident, name = match.groups()
            if name:
                names[kind][ident] = name
            if call:
                continue
            if kind == "ob":
                current_object = names["ob"].get(ident)
            elif current_object and os.path.basename(current_object) == object_name:
                ran.setdefault(ident, None)
    result = []
    for ident in ran:
        name = names["fn"].get(ident)
        if not name:
            continue
        name = re.sub(r"'\d+$", "", name)  # callgrind's mark of a recursion level
        if name.startswith("0x") or name.startswith("("):  # no symbol, or "(below main)"
            continue
        result.append(name)
    return result


def run(argv: list[str], env: dict, **kwargs) -> subprocess.CompletedProcess:
    proc = subprocess.run(argv, env=env, capture_output=True, text=True, stdin=subprocess.DEVNULL, **kwargs)
    if proc.returncode != 0:
        sys.exit(f"order-files: {' '.join(argv)} exited {proc.returncode}: {proc.stderr.strip()[-600:]}")
    return proc


def make_fixture(bin_dir: str, container: str, workdir: str, env: dict) -> dict:
    """A small container: one account with chats, messages and two pushes for unmuted user chats."""
    def main(*args: str) -> str:
        return run([os.path.join(bin_dir, "main"), *args, "--container", container], env).stdout

    main("login", "--phone", "+15550001", "--name", "Order Files")
    seed = json.loads(main("seed", "--peers", "200", "--messages", "20000", "--seed", "1", "--json"))
    chats = json.loads(main("chats", "--limit", "200", "--json"))
    users = [row["peerId"] for row in chats if row["kind"] == "user" and not row["muted"]]
    pushes = {}
    for label, peer in (("cached", users[0]), ("fresh", users[1])):
        path = os.path.join(workdir, f"push-{label}.json")
        with open(path, "w") as f:
            f.write(main("push", "--peer", str(peer), "--text", f"Order files push for {peer}"))
        pushes[label] = path
    # The cached push's avatar is drawn now, so the profiled delivery finds it on disk.
    run([os.path.join(bin_dir, "notify-service"), "--json", pushes["cached"], "--container", container], env)
    word = max(seed["sampleTexts"][0].split(), key=len).strip(".,!?")
    return {"pushes": pushes, "word": word, "rare": seed["rareWord"]}


def expand(argument: str, fixture: dict) -> str:
    if argument.startswith("{push:"):
        return fixture["pushes"][argument[len("{push:"):-1]]
    if argument in ("{word}", "{rare}"):
        return fixture[argument[1:-1]]
    return argument


def profile_interface(profile: list[str], main: str, container: str, workdir: str, env: dict) -> None:
    """`main run` on a pseudo-terminal, as Tools/bench/interface.py drives it: the launch to the
    first chat list, a move down and up, Tab, and q."""
    from bench.interface import TERM, Terminal, key_sequences
    chats = json.loads(run([main, "chats", "--limit", "1", "--json", "--container", container], env).stdout)
    term_env = {k: v for k, v in env.items() if k not in ("LINES", "COLUMNS")}
    term_env["TERM"] = TERM
    profile = [shutil.which(profile[0]) or profile[0], *profile[1:]]
    terminal = Terminal([*profile, main, "run", "--container", container], term_env, os.path.join(workdir, "interface.err"))
    try:
        keys = key_sequences()
        terminal.first_frame(chats[0]["title"].encode())
        for name in ("down", "up", "tab"):
            terminal.key(name, keys[name])
        terminal.quit(keys["quit"])
    finally:
        terminal.kill()


def order_for(executable: str, bin_dir: str, container: str, workdir: str, fixture: dict, env: dict) -> list[str]:
    profiled = os.path.join(workdir, executable)  # the same name, so callgrind's `ob=` matches it
    run(["objcopy", "--strip-debug", os.path.join(bin_dir, executable), profiled], env)
    ordered: dict[str, None] = {}
    for index, arguments in enumerate(PROFILES[executable]):
        out = os.path.join(workdir, f"callgrind.{executable}.{index}")
        argv = [expand(a, fixture) for a in arguments]
        profile = ["valgrind", "--tool=callgrind", "--demangle=no", f"--callgrind-out-file={out}"]
        if arguments == ["{interface}"]:
            profile_interface(profile, profiled, container, workdir, env)
        else:
            run([*profile, profiled, *argv, "--container", container], env)
        # Sorted within a command: the file then changes only where the code did (callgrind's
        # own order follows the binary's layout), and mangled names sort by module and type.
        for name in sorted(functions_run(out, executable)):
            ordered.setdefault(name, None)
    return list(ordered)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--bin-dir", required=True, help="folder with the built release executables")
    parser.add_argument("--out", required=True, help="folder for the order files (Linking/order)")
    parser.add_argument("--only", nargs="*", choices=sorted(PROFILES), help="only these executables")
    args = parser.parse_args()
    for tool in ("valgrind", "objcopy"):
        if not shutil.which(tool):
            sys.exit(f"order-files: {tool} is not installed (Scripts/order-files installs it)")
    workdir = tempfile.mkdtemp(prefix="order-files.")
    container = os.path.join(workdir, "container")
    os.mkdir(container, 0o700)
    env = {**os.environ, "APP_GROUP_CONTAINER": container}
    try:
        fixture = make_fixture(args.bin_dir, container, workdir, env)
        os.makedirs(args.out, exist_ok=True)
        for executable in args.only or sorted(PROFILES):
            names = order_for(executable, args.bin_dir, container, workdir, fixture, env)
            path = os.path.join(args.out, f"{executable}.order")
            with open(path, "w") as f:
                f.write("\n".join(names) + "\n")
            print(f"order-files: {path}: {len(names)} functions", file=sys.stderr)
    finally:
        shutil.rmtree(workdir, ignore_errors=True)


if __name__ == "__main__":
    main()

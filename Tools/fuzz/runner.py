#!/usr/bin/env python3
"""Runs the libFuzzer targets Scripts/fuzz built and reports their figures (see Scripts/fuzz --help).

One target at a time by default (--jobs runs several at once). Every run is bounded twice: by
libFuzzer's -max_total_time, and by `timeout -s KILL` with a margin, because a fuzzer that hangs
(a crash under the Swift backtracer, a deadlock) must never hold up CI. Swift's own backtracer is
switched off (SWIFT_BACKTRACE=enable=no): it conflicts with ASan and libFuzzer and can hang a
crashed process for minutes.
"""
import argparse
import concurrent.futures
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time

# libFuzzer's progress lines: "#1234  DONE   cov: 56 ft: 78 corp: 9/1234b ..." (INITED, NEW, pulse ...).
STATUS = re.compile(r"^#(\d+)\s+\w+\s+cov: (\d+) ft: (\d+) corp: (\d+)/(\d+)(b|Kb|Mb)")
STAT = re.compile(r"^stat::(\w+):\s+(\d+)")
ARTIFACT = re.compile(r"Test unit written to (\S+)")
# The line that says what went wrong, in order of preference.
REASONS = [
    re.compile(r"fuzz invariant violated: .*"),
    re.compile(r"Fatal error: .*"),
    re.compile(r"ERROR: (AddressSanitizer|LeakSanitizer|libFuzzer): .*"),
    re.compile(r"SUMMARY: .*"),
]
# Extra seconds beyond -max_total_time before `timeout` kills a run: startup, loading the
# corpus, and libFuzzer finishing the input in hand.
KILL_MARGIN = 60


class Result:
    def __init__(self, target):
        self.target = target
        self.execs = self.exec_per_sec = self.cov = self.ft = self.corpus_units = None
        self.corpus_bytes = None
        self.new_units = None
        self.peak_rss_mb = None
        self.artifacts = []
        self.reason = ""
        self.status = "ok"
        self.returncode = 0
        self.seconds = 0.0
        self.log = ""

    @property
    def failed(self):
        return self.status != "ok"


def parse(result, text):
    for line in text.splitlines():
        m = STATUS.match(line)
        if m:
            unit = {"b": 1, "Kb": 1024, "Mb": 1024 * 1024}[m.group(6)]
            result.cov, result.ft = int(m.group(2)), int(m.group(3))
            result.corpus_units, result.corpus_bytes = int(m.group(4)), int(m.group(5)) * unit
            if result.execs is None or int(m.group(1)) > result.execs:
                result.execs = int(m.group(1))
        m = STAT.match(line)
        if m:
            value = int(m.group(2))
            if m.group(1) == "number_of_executed_units":
                result.execs = value
            elif m.group(1) == "average_exec_per_sec":
                result.exec_per_sec = value
            elif m.group(1) == "new_units_added":
                result.new_units = value
            elif m.group(1) == "peak_rss_mb":
                result.peak_rss_mb = value
        m = ARTIFACT.search(line)
        if m:
            result.artifacts.append(m.group(1))
    for pattern in REASONS:
        m = pattern.search(text)
        if m:
            result.reason = m.group(0).strip()
            break


def run(target, args, paths):
    result = Result(target)
    binary = os.path.join(paths.bin, "fuzz-" + target)
    seeds = os.path.join(paths.corpus, target)
    artifacts = os.path.join(paths.artifacts, target)
    os.makedirs(artifacts, exist_ok=True)
    scratch = tempfile.mkdtemp(prefix="fuzz-scratch-")
    if args.fresh:
        work = tempfile.mkdtemp(prefix="fuzz-corpus-%s-" % target)
    else:
        work = os.path.join(paths.work, target)
        os.makedirs(work, exist_ok=True)
    # libFuzzer writes what it finds into the first directory only; the others are read.
    inputs = [work, seeds]
    regressions = os.path.join(paths.regressions, target)
    if os.path.isdir(regressions):
        inputs.append(regressions)
    command = [
        "timeout", "-s", "KILL", str(args.seconds + KILL_MARGIN), binary, *inputs,
        "-max_total_time=%d" % args.seconds,
        "-print_final_stats=1",
        "-artifact_prefix=%s/" % artifacts,
        "-timeout=%d" % args.input_timeout,
        "-rss_limit_mb=%d" % args.rss_limit_mb,
    ]
    dictionary = os.path.join(paths.dictionaries, target + ".dict")
    if os.path.exists(dictionary):
        command.append("-dict=%s" % dictionary)
    env = dict(os.environ, SWIFT_BACKTRACE="enable=no", FUZZ_SCRATCH_DIR=scratch)
    started = time.monotonic()
    try:
        completed = subprocess.run(command, env=env, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                                   stderr=subprocess.STDOUT, timeout=args.seconds + 2 * KILL_MARGIN)
        result.returncode = completed.returncode
        text = completed.stdout.decode("utf-8", "replace")
    except subprocess.TimeoutExpired as expired:
        # Only if `timeout` itself failed to end it: report, never wait longer.
        result.returncode = -9
        text = (expired.stdout or b"").decode("utf-8", "replace")
    result.seconds = time.monotonic() - started
    shutil.rmtree(scratch, ignore_errors=True)
    if args.fresh:
        shutil.rmtree(work, ignore_errors=True)
    result.log = os.path.join(artifacts, "last-run.log")
    with open(result.log, "w") as f:
        f.write(" ".join(command) + "\n\n" + text)
    parse(result, text)
    failures = [a for a in result.artifacts if os.path.basename(a).split("-")[0] in ("crash", "leak", "timeout", "oom")]
    if result.returncode in (137, -9):
        result.status = "killed (hung past %ds)" % (args.seconds + KILL_MARGIN)
    elif failures:
        result.status = os.path.basename(failures[0]).split("-")[0]
    elif result.returncode != 0:
        result.status = "exit %d" % result.returncode
    result.artifacts = failures
    return result


def size(n):
    if n is None:
        return "-"
    if n < 1024:
        return "%d B" % n
    if n < 1024 * 1024:
        return "%.1f KB" % (n / 1024)
    return "%.1f MB" % (n / 1024 / 1024)


def number(n):
    return "-" if n is None else "{:,}".format(n)


def table(results, markdown):
    header = ["target", "executions", "exec/s", "cov", "ft", "corpus", "crashes", "result"]
    rows = [[r.target, number(r.execs), number(r.exec_per_sec), number(r.cov), number(r.ft),
             "-" if r.corpus_units is None else "%d (%s)" % (r.corpus_units, size(r.corpus_bytes)),
             str(len(r.artifacts)), r.status] for r in results]
    if markdown:
        lines = ["| " + " | ".join(header) + " |", "|" + "|".join("---" if i == 0 else "---:" for i in range(len(header))) + "|"]
        lines += ["| " + " | ".join(row) + " |" for row in rows]
        return "\n".join(lines)
    widths = [max(len(row[i]) for row in rows + [header]) for i in range(len(header))]
    def line(row):
        return "  ".join(cell.ljust(widths[i]) if i in (0, len(header) - 1) else cell.rjust(widths[i]) for i, cell in enumerate(row))
    return "\n".join([line(header)] + [line(row) for row in rows])


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("targets", nargs="+")
    parser.add_argument("--seconds", type=int, required=True)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--fresh", action="store_true")
    parser.add_argument("--markdown", action="store_true")
    parser.add_argument("--input-timeout", type=int, default=10)
    parser.add_argument("--rss-limit-mb", type=int, default=2048)
    parser.add_argument("--bin", required=True)
    parser.add_argument("--fuzz-dir", required=True)
    args = parser.parse_args()

    class Paths:
        bin = args.bin
        corpus = os.path.join(args.fuzz_dir, "Corpus")
        regressions = os.path.join(args.fuzz_dir, "Regressions")
        dictionaries = os.path.join(args.fuzz_dir, "Dictionaries")
        artifacts = os.path.join(args.fuzz_dir, ".artifacts")
        work = os.path.join(args.fuzz_dir, ".corpus")

    started = time.monotonic()
    results = {}

    def report(result):
        print("fuzz: %-26s %s (%s executions, cov %s, ft %s, %.0fs)%s" % (
            result.target, result.status, number(result.execs), number(result.cov), number(result.ft),
            result.seconds, "" if not result.failed else "\n      " + (result.reason or "see " + result.log)),
            flush=True)

    with concurrent.futures.ThreadPoolExecutor(max_workers=max(1, args.jobs)) as pool:
        futures = {pool.submit(run, target, args, Paths): target for target in args.targets}
        for future in concurrent.futures.as_completed(futures):
            result = future.result()
            results[result.target] = result
            report(result)

    ordered = [results[t] for t in args.targets]
    print()
    print(table(ordered, args.markdown))
    failed = [r for r in ordered if r.failed]
    total = time.monotonic() - started
    if failed:
        print("\nfuzz: %d of %d targets failed (%.0fs). Reproduce an input with:" % (len(failed), len(ordered), total))
        for r in failed:
            for artifact in r.artifacts or [r.log]:
                print("  SWIFT_BACKTRACE=enable=no %s %s" % (os.path.relpath(os.path.join(args.bin, "fuzz-" + r.target)),
                                                            os.path.relpath(artifact)))
            print("    (%s; log %s)" % (r.reason or r.status, os.path.relpath(r.log)))
        return 1
    print("\nfuzz: all %d targets ran %ds each without a crash, leak or timeout (%.0fs)" % (len(ordered), args.seconds, total))
    return 0


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env python3
"""mutants.py - run llvmown on seeded mutants of the lit tests' sources.

Usage:
  mutants.py --llvmown PATH --stubs DIR [--llvm-include DIR] [--seed N]
             [--per-file N] [--timeout S] [--jobs N] [--keep DIR]
             SOURCE_OR_DIR...

Every C or C++ source (a directory is searched for *.c and *.cpp) gets
--per-file mutants. A mutant is the source with one to three edits, drawn
from a random.Random seeded with --seed and the file's name, so a run is
the same on every machine: the file truncated; a line deleted, duplicated
or swapped with the next; a stray `{` or `}`; a `goto`, `throw`,
`co_return`, unterminated `#if 0` or half a lambda inserted; a token
deleted. Each mutant is checked with `llvmown FILE -- FLAGS` (the stand-in
headers, or the real LLVM headers for files named real-headers*), with a
time bound.

A mutant passes when llvmown exits with 0, 1 or 2 within --timeout seconds
and prints no crash report (a stack dump, "PLEASE submit a bug report", a
sanitizer report). The script prints one line per failure (the mutant is
kept in --keep, or in a temporary directory that is then not removed) and
a summary line "mutants: N run, M failed, slowest S s (FILE)". Exit status:
0 if none failed, 1 otherwise, 2 for a usage error.
"""

import argparse
import concurrent.futures as cf
import os
import random
import re
import subprocess
import sys
import tempfile
import time
import zlib

INSERTS = [
    "{\n",
    "}\n",
    "goto llvmown_fuzz_label;\n",
    "llvmown_fuzz_label:;\n",
    "throw 1;\n",
    "co_return;\n",
    "#if 0\n",
    "auto llvmown_fuzz_lambda = [&](int x) {\n",
    "return;\n",
    "return nullptr;\n",
    "delete this;\n",
    "for (;;)\n",
    "while (true) {\n",
    "if (",
    "#define llvmown_fuzz_macro(x) x(\n",
]

# The tool recovers from a crash in one unit (tool/Runner.h, runIsolated)
# and exits 2: its own message marks it.
CRASH_MARKERS = ("Stack dump", "PLEASE submit a bug report",
                 "PLEASE report this crash", "llvmown crashed",
                 "AddressSanitizer", "UndefinedBehaviorSanitizer",
                 "runtime error:", "Assertion `", "terminate called")

TOKEN = re.compile(r"[A-Za-z_][A-Za-z_0-9]*|::|->|&&|\|\||[{}()\[\];,<>=*&]")


def mutate(text, rng):
    """One to three edits of text (a str), chosen by rng."""
    lines = text.splitlines(keepends=True)
    for _ in range(rng.randint(1, 3)):
        if not lines:
            break
        op = rng.randrange(7)
        i = rng.randrange(len(lines))
        if op == 0:  # truncate at a random character
            joined = "".join(lines)
            lines = [joined[:rng.randrange(len(joined) + 1)]]
        elif op == 1:
            del lines[i]
        elif op == 2:
            lines.insert(i, lines[i])
        elif op == 3 and i + 1 < len(lines):
            lines[i], lines[i + 1] = lines[i + 1], lines[i]
        elif op == 4:
            lines.insert(i, rng.choice(INSERTS))
        elif op == 5:
            tokens = list(TOKEN.finditer(lines[i]))
            if tokens:
                t = rng.choice(tokens)
                lines[i] = lines[i][:t.start()] + lines[i][t.end():]
        else:
            lines.insert(i, rng.choice("{}"))
    return "".join(lines)


def sources(paths):
    for p in paths:
        if os.path.isdir(p):
            for root, dirs, files in os.walk(p):
                dirs[:] = sorted(d for d in dirs if d not in ("Output",))
                for f in sorted(files):
                    if f.endswith((".c", ".cpp")):
                        yield os.path.join(root, f)
        else:
            yield p


def flags(path, args):
    real = os.path.basename(path).startswith("real-headers")
    include = args.llvm_include if real and args.llvm_include else args.stubs
    out = ["-I" + include]
    if path.endswith(".cpp"):
        out.insert(0, "-std=c++20")  # co_return parses
    if real:
        out += ["-D_GNU_SOURCE", "-D__STDC_CONSTANT_MACROS",
                "-D__STDC_FORMAT_MACROS", "-D__STDC_LIMIT_MACROS"]
    return out


def run_one(mutant, args):
    cmd = [args.llvmown, "--quiet", mutant, "--"] + flags(mutant, args)
    start = time.monotonic()
    try:
        p = subprocess.run(cmd, capture_output=True, text=True,
                           errors="replace", timeout=args.timeout)
    except subprocess.TimeoutExpired:
        return mutant, "hang (over %s s)" % args.timeout, args.timeout
    took = time.monotonic() - start
    out = p.stdout + p.stderr
    marker = next((m for m in CRASH_MARKERS if m in out), None)
    if p.returncode not in (0, 1, 2):
        return mutant, "exit status %d" % p.returncode, took
    if marker:
        return mutant, "crash report (%s)" % marker, took
    return mutant, None, took


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--llvmown", required=True)
    ap.add_argument("--stubs", required=True)
    ap.add_argument("--llvm-include")
    ap.add_argument("--seed", type=int, default=20261202)
    ap.add_argument("--per-file", type=int, default=1)
    ap.add_argument("--timeout", type=float, default=60)
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    ap.add_argument("--keep")
    ap.add_argument("paths", nargs="+")
    args = ap.parse_args()
    files = list(sources(args.paths))
    if not files:
        print("mutants.py: no C or C++ source in %s" % " ".join(args.paths),
              file=sys.stderr)
        return 2
    out_dir = args.keep or tempfile.mkdtemp(prefix="llvmown-mutants-")
    os.makedirs(out_dir, exist_ok=True)
    mutants = []
    for path in files:
        with open(path, encoding="utf-8", errors="replace") as f:
            text = f.read()
        # The folder and the name: c-api.c is in two suites.
        name = "%s-%s" % (os.path.basename(os.path.dirname(
            os.path.abspath(path))), os.path.basename(path))
        rng = random.Random(args.seed * 1000003 + zlib.crc32(name.encode()))
        stem, ext = os.path.splitext(name)
        for k in range(args.per_file):
            m = os.path.join(out_dir, "%s.m%d%s" % (stem, k, ext))
            with open(m, "w", encoding="utf-8") as f:
                f.write(mutate(text, rng))
            mutants.append(m)
    failed, slowest = [], (0.0, "")
    with cf.ThreadPoolExecutor(args.jobs) as pool:
        for mutant, why, took in pool.map(lambda m: run_one(m, args),
                                          mutants):
            slowest = max(slowest, (took, os.path.basename(mutant)))
            if why:
                failed.append(mutant)
                print("mutants.py: %s: %s" % (mutant, why))
    print("mutants: %d run, %d failed, slowest %.1f s (%s)"
          % (len(mutants), len(failed), slowest[0], slowest[1]))
    if not failed and not args.keep:
        for m in mutants:
            os.remove(m)
        os.rmdir(out_dir)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())

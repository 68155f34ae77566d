#!/usr/bin/env python3
"""Runs two llvmown executables over the same sources and compares reports.

  same_findings.py --stubs DIR --llvm-include DIR --out DIR [--b-arg ARG]...
                   A B SOURCE...

A SOURCE that is a folder stands for its .c and .cpp files that are
compiled with the stand-in headers (a test folder's; the real-header tests
cost ten times as much, and the LLVM 22 suite runs them through the
release's llvmown anyway). Writes OUT/compile_commands.json with one
command per source: the LLVM headers of --llvm-include for a source whose
RUN lines compile it with %llvm_include (and the examples), the stand-in
headers of --stubs for the others; C++17 for C++, C for .c files. Then runs
`A -p OUT --format=json SOURCE...` and the same with B (on both cores;
the sources named, so without the summaries pass, which the summaries
tests of the suite cover), and compares the two JSON reports: the
findings (check, place, message, notes, fix-its, fingerprint) and the
errors, byte for byte (--b-arg gives B more arguments: the test of the
comparison itself). Prints the number of sources, findings and units with
errors, and "identical", or the first differences; exits 1 if they differ.
"""

import difflib
import json
import os
import re
import subprocess
import sys


def command(source, stubs, llvm_include):
    with open(source, encoding="utf-8", errors="replace") as f:
        head = f.read(4000)
    real = "%llvm_include" in head or "/examples/" in source
    include = "-I" + (llvm_include if real else stubs)
    defines = ["-D__STDC_CONSTANT_MACROS", "-D__STDC_FORMAT_MACROS",
               "-D__STDC_LIMIT_MACROS", "-D_GNU_SOURCE"]
    if source.endswith(".c"):
        return ["clang", "-x", "c", include] + defines + ["-c", source]
    # The tests that simulate a version give the stubs one.
    version = re.search(r"-DLLVM_VERSION_MAJOR=%llvm_major", head)
    extra = ["-DLLVM_VERSION_MAJOR=22"] if version else []
    return ["clang++", "-std=c++17", include] + defines + extra + \
        ["-c", source]


def run(tool, db_dir, out, sources, extra=()):
    with open(out, "w", encoding="utf-8") as f:
        status = subprocess.run([tool, "-p", db_dir, "--format=json"] +
                                list(extra) + sources,
                                stdout=f, stderr=subprocess.DEVNULL,
                                stdin=subprocess.DEVNULL).returncode
    if status not in (0, 1, 2):
        sys.exit("same_findings: %s exited with status %d" % (tool, status))
    with open(out, encoding="utf-8") as f:
        return json.load(f), status


def main(argv):
    opts, b_args = {}, []
    while argv and (argv[0] in ("--stubs", "--llvm-include", "--out",
                                "--b-arg") or argv[0].startswith("--b-arg=")):
        if argv[0].startswith("--b-arg="):
            b_args.append(argv[0][len("--b-arg="):])
            argv = argv[1:]
            continue
        if argv[0] == "--b-arg":
            b_args.append(argv[1])
        else:
            opts[argv[0]] = os.path.abspath(argv[1])
        argv = argv[2:]
    if len(opts) != 3 or len(argv) < 3:
        sys.exit(__doc__)
    a, b, sources = argv[0], argv[1], []
    for given in argv[2:]:
        if not os.path.isdir(given):
            sources.append(os.path.abspath(given))
            continue
        for name in sorted(os.listdir(given)):
            path = os.path.abspath(os.path.join(given, name))
            if name.endswith((".c", ".cpp")):
                with open(path, encoding="utf-8", errors="replace") as f:
                    if "%llvm_include" not in f.read(4000):
                        sources.append(path)
    out = opts["--out"]
    os.makedirs(out, exist_ok=True)
    db = [{"directory": out, "file": s,
           "arguments": command(s, opts["--stubs"], opts["--llvm-include"])}
          for s in sources]
    with open(os.path.join(out, "compile_commands.json"), "w") as f:
        json.dump(db, f, indent=1)
    report_a, status_a = run(a, out, os.path.join(out, "a.json"), sources)
    report_b, status_b = run(b, out, os.path.join(out, "b.json"), sources,
                             b_args)
    text_a = json.dumps(report_a, indent=1, sort_keys=True).splitlines()
    text_b = json.dumps(report_b, indent=1, sort_keys=True).splitlines()
    print("same_findings: %d sources, %d findings, %d errors" % (
        len(sources), len(report_a["findings"]), len(report_a["errors"])))
    if text_a == text_b and status_a == status_b:
        print("same_findings: identical (exit status %d)" % status_a)
        return 0
    print("same_findings: the reports differ (exit status %d and %d)"
          % (status_a, status_b))
    for line in list(difflib.unified_diff(text_a, text_b, a, b,
                                          lineterm=""))[:60]:
        print(line)
    return 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

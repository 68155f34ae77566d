#!/usr/bin/env python3
"""check_includes.py BUILD -- compiles every source of checks/ and tool/ on
its own (-fsyntax-only), as a build without CMAKE_UNITY_BUILD does.

The project's scripts build in unity mode, where a file can use a header
that only an earlier file of its batch included; the README's plain
`cmake -S . -B build` does not, and such a file then fails to compile.
BUILD is a folder configured with CMAKE_EXPORT_COMPILE_COMMANDS=ON and
without unity builds. Slow (a few minutes): not part of scripts/test.sh.
Exit status 1 if any file fails, with its first errors."""
import json
import os
import shlex
import subprocess
import sys


def main():
    if len(sys.argv) != 2:
        print(__doc__, file=sys.stderr)
        return 2
    db = os.path.join(sys.argv[1], "compile_commands.json")
    try:
        entries = json.load(open(db))
    except (OSError, ValueError) as e:
        print("check_includes.py: cannot read %s: %s" % (db, e),
              file=sys.stderr)
        return 2
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    failed = 0
    for e in entries:
        f = os.path.abspath(os.path.join(e["directory"], e["file"]))
        rel = os.path.relpath(f, root)
        if not rel.startswith(("checks" + os.sep, "tool" + os.sep)):
            continue
        args = shlex.split(e["command"]) if "command" in e else e["arguments"]
        cmd, skip = [], False
        for a in args:
            if skip:
                skip = False
            elif a == "-o":
                skip = True
            elif a != "-c" and not a.startswith("-O") and a != "-g":
                cmd.append(a)
        r = subprocess.run(cmd + ["-fsyntax-only"], cwd=e["directory"],
                           capture_output=True, text=True)
        if r.returncode != 0:
            failed += 1
            errors = [l for l in r.stderr.splitlines() if "error" in l][:3]
            print("%s:\n  %s" % (rel, "\n  ".join(errors)))
    print("check_includes.py: %d file(s) fail to compile on their own"
          % failed)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())

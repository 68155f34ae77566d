#!/usr/bin/env python3
"""check_check_info.py NAMES DESCRIBED SOURCE_ROOT

NAMES is `llvmown --list-checks`, DESCRIBED `llvmown --list-checks
--verbose` (each check followed by an indented line "description (doc
path)"). Checks that every check has a description and that its page exists
under SOURCE_ROOT. Exits 1 listing the checks that do not.
"""
import os
import re
import sys

if len(sys.argv) != 4:
    sys.stderr.write(__doc__)
    sys.exit(2)
names = [l.strip() for l in open(sys.argv[1]) if l.startswith("    llvmown-")]
lines = open(sys.argv[2]).read().splitlines()
problems = []
if not names:
    problems.append("no checks listed")
for name in names:
    try:
        i = lines.index("    " + name)
        info = lines[i + 1].strip()
    except (ValueError, IndexError):
        problems.append("%s: not in the --verbose list" % name)
        continue
    m = re.fullmatch(r"(.+) \((docs/checks/[a-z0-9-]+\.md)\)", info)
    if not m:
        problems.append("%s: no description (%s)" % (name, info))
        continue
    if not os.path.isfile(os.path.join(sys.argv[3], m.group(2))):
        problems.append("%s: its page %s does not exist" % (name, m.group(2)))
for p in problems:
    print("check_check_info: " + p)
if not problems:
    print("check_check_info: %d checks described" % len(names))
sys.exit(1 if problems else 0)

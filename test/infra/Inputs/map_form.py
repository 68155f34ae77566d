#!/usr/bin/env python3
"""map_form.py - copies standard input to standard output, with the
CheckOptions entries clang-tidy 14's --dump-config prints as a list
("- key: K" then "value: V") written in the map form of 15 and later
("K: V"), so that one FileCheck pattern serves every version."""

import re
import sys

KEY_RE = re.compile(r"^(\s*)- key:\s*(\S+)\s*$")
VALUE_RE = re.compile(r"^\s*value:\s?(.*)$")

lines = sys.stdin.read().splitlines()
i = 0
while i < len(lines):
    k = KEY_RE.match(lines[i])
    v = VALUE_RE.match(lines[i + 1]) if k and i + 1 < len(lines) else None
    if k and v:
        print("%s  %s: %s" % (k.group(1), k.group(2), v.group(1)))
        i += 2
        continue
    print(lines[i])
    i += 1

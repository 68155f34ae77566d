#!/usr/bin/env python3
"""Checks the size rules of checks/: every function at most 80 lines (from
the first line of its signature to its closing brace) and every file at most
700 lines. Prints each violation and exits 1 if there is any; with --report,
also lists the longest function of each file.

The sources are clang-formatted, so a function definition is a declaration
whose line ends with `{` and whose text has a parameter list, at any brace
depth outside another function's body; its body ends at the matching `}`.
Lambdas and local classes belong to the function around them.

    python3 scripts/check_code_size.py [--report] [DIR...]
"""

import os
import re
import sys

MAX_FUNCTION = 80
MAX_FILE = 700
CONTROL = re.compile(r"^\s*(if|for|while|switch|do|else|catch|try|return)\b")


def strip(line):
    """The line without string/char literals and // comments."""
    line = re.sub(r'"(\\.|[^"\\])*"', '""', line)
    line = re.sub(r"'(\\.|[^'\\])*'", "''", line)
    return line.split("//", 1)[0]


def functions(lines):
    """Yields (name, first line, last line) of each function, 1-based."""
    code = [strip(l) for l in lines]
    in_block_comment = False
    for i, l in enumerate(code):
        # Drop /* ... */ comments, which may span lines.
        out = ""
        rest = l
        while rest:
            if in_block_comment:
                end = rest.find("*/")
                if end < 0:
                    rest = ""
                else:
                    rest = rest[end + 2:]
                    in_block_comment = False
            else:
                start = rest.find("/*")
                if start < 0:
                    out += rest
                    rest = ""
                else:
                    out += rest[:start]
                    rest = rest[start + 2:]
                    in_block_comment = True
        code[i] = out
    depth = 0
    body_depth = None  # depth at which the current function's body opened
    start = None
    name = None
    for i, l in enumerate(code):
        stripped = l.strip()
        if body_depth is None and stripped.endswith("{") and \
                not CONTROL.match(l):
            # The declaration: back to the previous statement's end.
            j = i
            while j > 0:
                prev = code[j - 1].strip()
                if not prev or prev.endswith((";", "}", "{", ":")) or \
                        prev.startswith("#") or prev.startswith("template"):
                    break
                j -= 1
            decl = " ".join(c.strip() for c in code[j:i + 1])
            is_type = re.match(
                r"^(template\s*<.*>\s*)?(class|struct|union|enum|namespace)\b",
                decl) or decl.startswith("extern ")
            m = re.search(r"([~\w:]+|operator\s*\S+)\s*\(", decl)
            if m and not is_type and "=" not in decl.split("(")[0]:
                body_depth = depth
                start = j
                name = m.group(1)
        depth += l.count("{") - l.count("}")
        if body_depth is not None and depth <= body_depth:
            yield name, start + 1, i + 1
            body_depth = None


def check(paths, report):
    bad = []
    for root in paths:
        for d, _, files in os.walk(root):
            for f in sorted(files):
                if not f.endswith((".cpp", ".h")):
                    continue
                p = os.path.join(d, f)
                with open(p, encoding="utf-8") as fh:
                    lines = fh.read().split("\n")
                n = len(lines) - (1 if lines and lines[-1] == "" else 0)
                if n > MAX_FILE:
                    bad.append("%s: %d lines (at most %d)" % (p, n, MAX_FILE))
                longest = (0, None)
                for name, first, last in functions(lines):
                    length = last - first + 1
                    longest = max(longest, (length, name))
                    if length > MAX_FUNCTION:
                        bad.append("%s:%d: function '%s' is %d lines (at most %d)"
                                   % (p, first, name, length, MAX_FUNCTION))
                if report:
                    print("%5d lines, longest function %3d (%s): %s"
                          % (n, longest[0], longest[1], p))
    for b in bad:
        print(b)
    return 1 if bad else 0


if __name__ == "__main__":
    args = sys.argv[1:]
    report = "--report" in args
    paths = [a for a in args if a != "--report"] or [
        os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "checks")]
    sys.exit(check(paths, report))

"""Exits 1 unless every line of the skeleton's analyzeFunctions body (the
loop over the functions) appears, in order, in a C++ block of the page."""
import re
import sys

skeleton, page = (open(p, encoding="utf-8").read() for p in sys.argv[1:3])
body = skeleton.split("OwnershipAnalysis OA(Model, Ctx, AO);", 1)[1]
body = body.split("\nprivate:", 1)[0]
want = [l.strip() for l in body.splitlines() if l.strip() and l.strip() != "}"]
blocks = re.findall(r"```cpp\n(.*?)```", page, re.S)
have = " ".join(" ".join(l.strip() for l in b.splitlines()) for b in blocks)
pos = 0
for line in want:
    # clang-format may wrap a line differently in the page's narrower block.
    words = " ".join(line.split())
    found = have.find(words, pos)
    if found < 0:
        print("skeleton_in_doc: not in the page's code: %s" % line)
        sys.exit(1)
    pos = found + len(words)
print("skeleton_in_doc: %d lines found in order" % len(want))

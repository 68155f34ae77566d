#!/usr/bin/env python3
"""compare_issues.py BEFORE AFTER - two Code Quality reports of one file,
the second after lines were added above its code (format-codeclimate.test):
says whether the issues keep their fingerprints and by how many lines they
moved."""
import json
import sys

before, after = (json.load(open(p)) for p in sys.argv[1:3])
same = ([i["fingerprint"] for i in before] ==
        [i["fingerprint"] for i in after])
moves = {a["location"]["lines"]["begin"] - b["location"]["lines"]["begin"]
         for b, a in zip(before, after)}
print("%d issues; %s; lines moved by %s" % (
    len(after), "the same fingerprints" if same else "other fingerprints",
    ", ".join(str(m) for m in sorted(moves))))

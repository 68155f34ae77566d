#!/usr/bin/env python3
"""check_shards.py ALL MERGED SHARD...

ALL is the JSON report of a run without --shard, MERGED the --merge of the
SHARD reports. Checks that every file of ALL is in exactly one shard, that
the shards hold no other file, and that MERGED has the files and findings
of ALL (fingerprints included). Exits 1 with the differences otherwise.
"""
import json
import sys

if len(sys.argv) < 4:
    sys.stderr.write(__doc__)
    sys.exit(2)
load = lambda p: json.load(open(p, encoding="utf-8"))
everything, merged = load(sys.argv[1]), load(sys.argv[2])
shards = [load(p) for p in sys.argv[3:]]
problems = []

seen = {}
for i, shard in enumerate(shards, 1):
    for f in shard["files"]:
        if f in seen:
            problems.append("%s is in shards %d and %d" % (f, seen[f], i))
        seen[f] = i
missing = set(everything["files"]) - set(seen)
extra = set(seen) - set(everything["files"])
problems += ["%s is in no shard" % f for f in sorted(missing)]
problems += ["%s is in a shard but not in the run" % f for f in sorted(extra)]
if sorted(merged["files"]) != sorted(everything["files"]):
    problems.append("merged files differ: %r" % merged["files"])

key = lambda f: (f["file"], f["line"], f["column"], f["check"],
                 f["message"], f["fingerprint"])
if sorted(map(key, merged["findings"])) != sorted(map(key, everything["findings"])):
    problems.append("merged findings differ from the run's:\n  %r\n  %r" % (
        sorted(map(key, merged["findings"])),
        sorted(map(key, everything["findings"]))))
for p in problems:
    print("check_shards: " + p)
if not problems:
    print("check_shards: %d files in %d shards, %d findings" % (
        len(seen), len(shards), len(merged["findings"])))
sys.exit(1 if problems else 0)

#!/usr/bin/env python3
# Stands in for the llvmown tool in the runner's self-tests: prints its
# arguments, then the file named by $FAKE_LLVMOWN_OUTPUT with @FILE@ replaced
# by its first non-option argument, and exits with $FAKE_LLVMOWN_EXIT.
import os
import sys

args = sys.argv[1:]
# The runner runs the tool again in other visit orders; the argument is
# left out of what is printed, and $FAKE_LLVMOWN_ORDER_OUTPUT, if set, is
# printed instead of $FAKE_LLVMOWN_OUTPUT in those runs.
order = [a for a in args if a.startswith("--debug-visit-order=")]
args = [a for a in args if a not in order]
print("fake-llvmown argv: " + " ".join(args), file=sys.stderr)
source = next((a for a in args if not a.startswith("-")), "")
out = os.environ.get("FAKE_LLVMOWN_OUTPUT")
if order and os.environ.get("FAKE_LLVMOWN_ORDER_OUTPUT"):
    out = os.environ["FAKE_LLVMOWN_ORDER_OUTPUT"]
if out:
    with open(out) as f:
        sys.stderr.write(f.read().replace("@FILE@", source))
sys.exit(int(os.environ.get("FAKE_LLVMOWN_EXIT", "0")))

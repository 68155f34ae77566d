#!/usr/bin/env python3
# Stands in for the llvmown tool in the runner's self-tests: prints its
# arguments, then the file named by $FAKE_LLVMOWN_OUTPUT with @FILE@ replaced
# by its first non-option argument, and exits with $FAKE_LLVMOWN_EXIT.
import os
import sys

args = sys.argv[1:]
print("fake-llvmown argv: " + " ".join(args), file=sys.stderr)
source = next((a for a in args if not a.startswith("-")), "")
out = os.environ.get("FAKE_LLVMOWN_OUTPUT")
if out:
    with open(out) as f:
        sys.stderr.write(f.read().replace("@FILE@", source))
sys.exit(int(os.environ.get("FAKE_LLVMOWN_EXIT", "0")))

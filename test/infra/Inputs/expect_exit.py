#!/usr/bin/env python3
"""expect_exit.py N command [args...]

Runs the command (its stdout and stderr pass through) and exits 0 if it
exited with status N, 1 otherwise (with a message on stderr). lit's `not`
only tells zero from non-zero; the tool's contract distinguishes 1 from 2.
"""
import subprocess
import sys

if len(sys.argv) < 3:
    sys.stderr.write("usage: expect_exit.py N command [args...]\n")
    sys.exit(2)
want = int(sys.argv[1])
sys.stdout.flush()
try:
    rc = subprocess.call(sys.argv[2:])
except OSError as e:
    sys.stderr.write("expect_exit: cannot run %s: %s\n" % (sys.argv[2], e))
    sys.exit(1)
if rc != want:
    sys.stderr.write("expect_exit: %s exited with %d, expected %d\n"
                     % (sys.argv[2], rc, want))
    sys.exit(1)
sys.exit(0)

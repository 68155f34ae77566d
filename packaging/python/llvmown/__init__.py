"""llvmown: finds misuse of LLVM object ownership.

The package holds the self-contained executables in data/bin; its console
scripts (llvmown, llvmown-measure) replace the Python process with them, so
that exit status, signals, standard streams (llvmown lsp speaks on them)
and the executable's own path, by which it finds Clang's headers in
data/lib, are those of the real program.
"""

import os
import sys

DATA = os.path.join(os.path.dirname(os.path.abspath(__file__)), "data")


def _exec(name):
    path = os.path.join(DATA, "bin", name)
    try:
        os.execv(path, [path] + sys.argv[1:])
    except OSError as e:
        sys.stderr.write("%s: cannot run %s: %s\n" % (name, path, e))
        sys.exit(2)


def main():
    _exec("llvmown")


def measure():
    _exec("llvmown-measure")

#!/usr/bin/env bash
# Demo: installs what is missing, builds the standalone `llvmown` tool and
# runs it on examples/aot_compiler.cpp, an AOT-compiler-like source with real
# ownership bugs. Finding them (llvmown exit status 1) is the demo working:
# this script exits 0 then, and non-zero only if llvmown could not do its job
# (exit status 2: the example did not compile, bad input, ...).
#
# Runnable from any directory, any number of times, before or after
# scripts/test.sh: it builds the newest LLVM installed (else 22) in build-N,
# the folder scripts/test.sh uses for that LLVM too (scripts/lib.sh).
# LLVMOWN_BUILD_DIR (relative to the repository root) selects another
# build folder; one configured before keeps its LLVM.
set -uo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"

# shellcheck source=lib.sh
. scripts/lib.sh
EXAMPLE="examples/aot_compiler.cpp"

die() {
  echo "demo.sh: error: $*" >&2
  exit 1
}

bash scripts/bootstrap.sh || die "installing the required packages failed"

version="$(llvmown_newest_llvm)"
BUILD_DIR="${LLVMOWN_BUILD_DIR:-$(llvmown_build_dir "$version")}"
if [ -n "${LLVMOWN_BUILD_DIR:-}" ] && [ -f "$BUILD_DIR/CMakeCache.txt" ]; then
  # A folder of the user's keeps the LLVM it was configured for.
  cmake -S . -B "$BUILD_DIR" || die "configuring $BUILD_DIR with CMake failed"
else
  llvmown_configure "$BUILD_DIR" "$version" ||
    die "configuring $BUILD_DIR for LLVM $version with CMake failed"
fi
cmake --build "$BUILD_DIR" --target llvmown -j"$(nproc)" || die "building llvmown failed"

[ -f "$EXAMPLE" ] || die "$EXAMPLE is missing"

OUT="$(mktemp "${TMPDIR:-/tmp}/llvmown-demo.XXXXXX")"
trap 'rm -f "$OUT"' EXIT

echo
echo "\$ $BUILD_DIR/bin/llvmown $EXAMPLE"
# llvmown prints its diagnostics to stderr; keep a copy to count them.
"$BUILD_DIR/bin/llvmown" "$EXAMPLE" 2>"$OUT" </dev/null
rc=$?
cat "$OUT"
echo

# Each finding is one "file:line:col: warning: ... [llvmown-...]" line (an
# error with WarningsAsErrors); notes carry no check name.
findings=$(grep -cE '^.+:[0-9]+:[0-9]+: (warning|error): .*\[llvmown-[^]]*\]$' "$OUT" || true)

case "$rc" in
  0|1)
    echo "demo: llvmown found $findings finding(s) in $EXAMPLE (exit status $rc)."
    exit 0
    ;;
  *)
    echo "demo.sh: error: llvmown exited with status $rc: it could not check $EXAMPLE (see the messages above)." >&2
    exit "$rc"
    ;;
esac

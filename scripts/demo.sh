#!/usr/bin/env bash
# Demo: installs what is missing, builds the standalone `llvmown` tool and
# runs it on examples/aot_compiler.cpp, an AOT-compiler-like source with real
# ownership bugs. Finding them (llvmown exit status 1) is the demo working:
# this script exits 0 then, and non-zero only if llvmown could not do its job
# (exit status 2: the example did not compile, bad input, ...).
#
# Runnable from any directory. LLVMOWN_BUILD_DIR (default: build, relative
# to the repository root) selects the build directory.
set -uo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"

BUILD_DIR="${LLVMOWN_BUILD_DIR:-build}"
EXAMPLE="examples/aot_compiler.cpp"

die() {
  echo "demo.sh: error: $*" >&2
  exit 1
}

bash scripts/bootstrap.sh || die "installing the required packages failed"

generator=(-G Ninja)
if [ -f "$BUILD_DIR/CMakeCache.txt" ] &&
   ! grep -q '^CMAKE_GENERATOR:INTERNAL=Ninja$' "$BUILD_DIR/CMakeCache.txt"; then
  echo "demo.sh: note: $BUILD_DIR is configured with another generator; keeping it"
  generator=()
fi
cmake -S . -B "$BUILD_DIR" "${generator[@]}" || die "configuring with CMake failed"
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

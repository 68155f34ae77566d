#!/usr/bin/env bash
# Builds llvmown and runs all its tests: the unit tests (if built) and the
# lit suite. Ends with one line "tests: N passed, M failed" and exits
# non-zero if anything failed or if no test ran.
#
# Runnable from any directory. LLVMOWN_BUILD_DIR (default: build, relative
# to the repository root) selects the build directory.
set -uo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"

BUILD_DIR="${LLVMOWN_BUILD_DIR:-build}"
LIT="/usr/lib/llvm-19/build/utils/lit/lit.py"

die() {
  echo "test.sh: error: $*" >&2
  exit 1
}

bash scripts/bootstrap.sh || die "installing the required packages failed"

# Configure with Ninja, unless the build directory was already configured
# with another generator (CMake refuses to switch generators in place).
generator=(-G Ninja)
if [ -f "$BUILD_DIR/CMakeCache.txt" ] &&
   ! grep -q '^CMAKE_GENERATOR:INTERNAL=Ninja$' "$BUILD_DIR/CMakeCache.txt"; then
  echo "test.sh: note: $BUILD_DIR is configured with another generator; keeping it"
  generator=()
fi
cmake -S . -B "$BUILD_DIR" "${generator[@]}" || die "configuring with CMake failed"
cmake --build "$BUILD_DIR" -j"$(nproc)" || die "the build failed; no tests were run"

RESULTS="$(mktemp -d "${TMPDIR:-/tmp}/llvmown-test.XXXXXX")"
trap 'rm -rf "$RESULTS"' EXIT

passed=0
failed=0

# counts <xml file>: prints "<passed> <failed>" for a JUnit/xUnit XML report
# (GoogleTest's --gtest_output=xml and lit's --xunit-xml-output).
counts() {
  python3 - "$1" <<'EOF'
import sys
import xml.etree.ElementTree as ET

root = ET.parse(sys.argv[1]).getroot()
passed = failed = 0
for case in root.iter("testcase"):
    # GoogleTest marks tests it did not run (disabled, filtered) this way.
    if case.get("status") == "notrun" or case.get("result") == "skipped":
        continue
    if case.find("failure") is not None or case.find("error") is not None:
        failed += 1
    elif case.find("skipped") is not None:
        continue
    else:
        passed += 1
print(passed, failed)
EOF
}

# --- unit tests -------------------------------------------------------------
UNIT="$BUILD_DIR/bin/llvmown-unittests"
if [ -x "$UNIT" ]; then
  echo "test.sh: running the unit tests ($UNIT)"
  "$UNIT" --gtest_brief=1 --gtest_output="xml:$RESULTS/unit.xml" </dev/null
  unit_rc=$?
  if [ -s "$RESULTS/unit.xml" ] && read -r p f < <(counts "$RESULTS/unit.xml"); then
    passed=$((passed + p))
    failed=$((failed + f))
    if [ "$unit_rc" -ne 0 ] && [ "$f" -eq 0 ]; then
      echo "test.sh: error: the unit tests exited with status $unit_rc but reported no failure" >&2
      failed=$((failed + 1))
    fi
  else
    echo "test.sh: error: the unit tests exited with status $unit_rc and wrote no report (crash?)" >&2
    failed=$((failed + 1))
  fi
else
  echo "test.sh: note: no unit tests ($UNIT was not built)"
fi

# --- lit suite --------------------------------------------------------------
if [ ! -f "$BUILD_DIR/test/lit.site.cfg.py" ]; then
  echo "test.sh: error: the lit suite is not configured: $BUILD_DIR/test/lit.site.cfg.py is missing" >&2
  failed=$((failed + 1))
elif [ ! -f "$LIT" ]; then
  echo "test.sh: error: lit not found at $LIT (package llvm-19-tools)" >&2
  failed=$((failed + 1))
else
  echo "test.sh: running the lit suite ($BUILD_DIR/test)"
  python3 "$LIT" -sv --xunit-xml-output "$RESULTS/lit.xml" "$BUILD_DIR/test" </dev/null
  lit_rc=$?
  if [ -s "$RESULTS/lit.xml" ] && read -r p f < <(counts "$RESULTS/lit.xml"); then
    passed=$((passed + p))
    failed=$((failed + f))
    if [ "$lit_rc" -ne 0 ] && [ "$f" -eq 0 ]; then
      echo "test.sh: error: lit exited with status $lit_rc but reported no failing test" >&2
      failed=$((failed + 1))
    fi
  else
    echo "test.sh: error: lit exited with status $lit_rc and wrote no report" >&2
    failed=$((failed + 1))
  fi
fi

status=0
if [ "$failed" -ne 0 ]; then
  status=1
elif [ "$passed" -eq 0 ]; then
  echo "test.sh: error: no test ran" >&2
  status=1
fi
echo "tests: $passed passed, $failed failed"
exit "$status"

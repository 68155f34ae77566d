#!/usr/bin/env bash
# Builds llvmown and runs all its tests. Ends with one line
# "tests: N passed, M failed" and exits non-zero if anything failed or if
# no test ran.
#
#   LLVM 19 and 22: the whole suite (unit tests and lit), in build-19 and
#            build-22; the real-header tests also run the LLVM 19 tool on
#            the headers of every other LLVM installed;
#   LLVM 22, also: the self-contained release (scripts/release.sh, linked
#            from build-22's objects), whose static llvmown then runs every
#            tool test of the LLVM 22 suite, and the tests of test/release/
#            (the tarball in an empty root, the wheel, pre-commit, the
#            GitHub Action);
#   LLVM 16 and 14: the plugin and the wrapper, in build-16 and build-14,
#            and the checks' lit tests run in clang-tidy-16 and -14 against
#            LLVM 16's and 14's headers;
#   LLVM 13: llvmown-tidy-13 (clang-tidy 13 with the checks built in: it
#            cannot load plugins), in build-13, and the checks' lit tests
#            run in it against LLVM 13's headers.
# A build counts as one test. LLVMOWN_TEST_FULL, LLVMOWN_TEST_BUILD (build
# and unit tests only) and LLVMOWN_TEST_PLUGIN (space-separated versions)
# change the sets. LLVM N is built in build-N (scripts/lib.sh), the folder
# scripts/demo.sh uses for it too, so the two reuse each other's builds in
# either order; build/ is never touched.
#
# Runnable from any directory, any number of times.
set -uo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"

# shellcheck source=lib.sh
. scripts/lib.sh
FULL="${LLVMOWN_TEST_FULL-19 22}"
BUILD_ONLY="${LLVMOWN_TEST_BUILD-}"
PLUGIN_ONLY="${LLVMOWN_TEST_PLUGIN-16 14 13}"
# The LLVM the release is made with (scripts/release.sh).
RELEASE_LLVM=22
# The lit folders of the checks: what a plugin-only build runs.
CHECK_DIRS="target-machine-leak module-outlives-context retained-thread-safe-module c-api-dispose jit-resource-leak"

die() {
  echo "test.sh: error: $*" >&2
  exit 1
}

# shellcheck disable=SC2086
bash scripts/bootstrap.sh --test-tools $FULL $BUILD_ONLY $PLUGIN_ONLY ||
  die "installing the required packages failed"
LIT="$(ls /usr/lib/llvm-*/build/utils/lit/lit.py 2>/dev/null | tail -n 1)"

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

# build_step <name> <command...>: one test that passes if the command does.
build_step() {
  local name="$1"
  shift
  local start=$SECONDS
  if "$@"; then
    passed=$((passed + 1))
    echo "test.sh: $name: ok ($((SECONDS - start)) s)"
    return 0
  fi
  failed=$((failed + 1))
  echo "test.sh: error: $name failed" >&2
  return 1
}

# unit_tests <dir> <label>
unit_tests() {
  local UNIT="$1/bin/llvmown-unittests"
  if [ ! -x "$UNIT" ]; then
    echo "test.sh: note: no unit tests ($UNIT was not built)"
    return
  fi
  echo "test.sh: running the unit tests ($UNIT)"
  local start=$SECONDS
  "$UNIT" --gtest_brief=1 --gtest_output="xml:$RESULTS/unit-$2.xml" </dev/null
  local unit_rc=$?
  echo "test.sh: unit tests ($1) took $((SECONDS - start)) s"
  local p f
  if [ -s "$RESULTS/unit-$2.xml" ] && read -r p f < <(counts "$RESULTS/unit-$2.xml"); then
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
}

# lit_tests <dir> <label> [lit arguments...] [-- <test folders under dir/test>]
lit_tests() {
  local dir="$1" label="$2"
  shift 2
  local args=() paths=()
  while [ $# -gt 0 ] && [ "$1" != "--" ]; do
    args+=("$1")
    shift
  done
  if [ $# -gt 0 ]; then
    shift
    for p in "$@"; do paths+=("$dir/test/$p"); done
  else
    paths=("$dir/test")
  fi
  set -- "$dir" "$label"
  if [ ! -f "$1/test/lit.site.cfg.py" ]; then
    echo "test.sh: error: the lit suite is not configured: $1/test/lit.site.cfg.py is missing" >&2
    failed=$((failed + 1))
    return
  fi
  if [ -z "$LIT" ]; then
    echo "test.sh: error: lit not found (package llvm-N-tools)" >&2
    failed=$((failed + 1))
    return
  fi
  echo "test.sh: running the lit suite (${paths[*]})"
  local start=$SECONDS
  python3 "$LIT" -sv "${args[@]}" --xunit-xml-output "$RESULTS/lit-$2.xml" \
    "${paths[@]}" </dev/null
  local lit_rc=$?
  local p f
  echo "test.sh: lit ($1) took $((SECONDS - start)) s"
  if [ -s "$RESULTS/lit-$2.xml" ] && read -r p f < <(counts "$RESULTS/lit-$2.xml"); then
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
}

first=1
for v in $FULL; do
  dir="$(llvmown_build_dir "$v")"
  lit_args=()
  # The other LLVMs' headers are parsed by the first full build only.
  # The first also compares each tool run with a full parse (the tool
  # skips library function bodies; --compare-parse checks that this
  # changes no finding).
  # What does not depend on the LLVM version (the solver's visit orders, the
  # mutants) runs in the first full build only, too.
  if [ "$first" = 1 ]; then
    lit_args=(--param compare_parse=1)
  else
    lit_args=(--param other_headers=0 --param first_build=0)
  fi
  # The real clients (bootstrap --test-tools) must be there: a missing one
  # fails the run instead of skipping its tests.
  lit_args+=(--param require_test_tools=1)
  first=0
  build_step "configure LLVM $v ($dir)" llvmown_configure "$dir" "$v" || continue
  build_step "build LLVM $v ($dir)" cmake --build "$dir" -j"$(nproc)" || continue
  unit_tests "$dir" "$v"
  if [ "$v" = "$RELEASE_LLVM" ]; then
    # The release, linked from this build's objects (tested just above),
    # then unpacked: its static llvmown runs this suite's tool tests.
    if build_step "make the release (scripts/release.sh, from $dir)" \
         env LLVMOWN_RELEASE_BUILD_DIR="$dir" bash scripts/release.sh "$RESULTS/release" &&
       build_step "unpack the release tarball" \
         tar -C "$RESULTS" -xJf "$(echo "$RESULTS"/release/llvmown-*.tar.xz)"; then
      lit_args+=(--param "release_dir=$RESULTS/release"
                 --param "llvmown_tool=$(echo "$RESULTS"/llvmown-*/bin/llvmown)")
    fi
  fi
  lit_tests "$dir" "$v" "${lit_args[@]}"
done
for v in $BUILD_ONLY; do
  dir="$(llvmown_build_dir "$v")"
  build_step "configure LLVM $v ($dir)" llvmown_configure "$dir" "$v" || continue
  # The runtime compile loop is left out here, to keep the whole run well
  # under 30 minutes on two cores; `cmake --build build-N` builds it too.
  build_step "build LLVM $v ($dir)" cmake --build "$dir" -j"$(nproc)" \
    --target llvmown-tidy llvmown llvmown-clang-tidy llvmown-unittests \
    llvmown-clang || continue
  unit_tests "$dir" "$v"
done
for v in $PLUGIN_ONLY; do
  dir="$(llvmown_build_dir "$v")"
  build_step "configure LLVM $v ($dir)" llvmown_configure "$dir" "$v" || continue
  if [ "$v" -lt 14 ]; then
    # clang-tidy 13 with the checks built in; no wrapper, no compiler plugin.
    build_step "build llvmown-tidy-$v ($dir)" \
      cmake --build "$dir" -j"$(nproc)" --target llvmown-tidy || continue
    # shellcheck disable=SC2086
    lit_tests "$dir" "$v" -- $CHECK_DIRS
    continue
  fi
  build_step "build the plugins for LLVM $v ($dir)" \
    cmake --build "$dir" -j"$(nproc)" \
    --target llvmown-tidy llvmown-clang-tidy llvmown-clang || continue
  # shellcheck disable=SC2086
  lit_tests "$dir" "$v" -- $CHECK_DIRS clang-plugin
done

status=0
if [ "$failed" -ne 0 ]; then
  status=1
elif [ "$passed" -eq 0 ]; then
  echo "test.sh: error: no test ran" >&2
  status=1
fi
echo "test.sh: total $SECONDS s"
echo "tests: $passed passed, $failed failed"
exit "$status"

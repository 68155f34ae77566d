#!/usr/bin/env bash
# Builds llvmown with AddressSanitizer and UndefinedBehaviorSanitizer and
# runs the unit tests and the lit suite on that build.
#
#   scripts/sanitize.sh [LLVM major, default 19]
#
# The build folder is build-san-<major>: Clang <major>, -O1 -g, the engine,
# checks, tool, plugin and tests instrumented (LLVM and Clang themselves
# are not), and the libFuzzer target too (bench/fuzz.sh uses the same
# folder). The lit suite preloads the sanitizer runtime into every process
# it starts, clang-tidy included (test/lit.cfg.py). Any sanitizer report
# fails its test. Takes about 40 minutes on two cores, so CI does not run
# it; docs/testing.md says when to.
set -uo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
V="${1:-19}"
BUILD="build-san-$V"

bash scripts/bootstrap.sh --test-tools --sanitizers "$V" || exit 1
if [ ! -f "$BUILD/CMakeCache.txt" ]; then
  cmake -S . -B "$BUILD" -G Ninja -DCMAKE_BUILD_TYPE=Release \
    "-DCMAKE_CXX_FLAGS_RELEASE=-O1" "-DCMAKE_C_FLAGS_RELEASE=-O1" \
    -DCMAKE_C_COMPILER="clang-$V" -DCMAKE_CXX_COMPILER="clang++-$V" \
    -DLLVMOWN_LLVM_VERSION="$V" -DLLVMOWN_SANITIZE=address,undefined \
    -DLLVMOWN_FUZZ=ON || exit 1
fi
cmake --build "$BUILD" -j"$(nproc)" || exit 1

status=0
# The unit tests run without the lit environment: leak checking stays on.
# The runtime must be loaded before libLLVM and libc (ASan checks it).
echo "sanitize.sh: unit tests"
LD_PRELOAD="$(cat "$BUILD/sanitizer-preload.txt")" \
  UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
  "$BUILD/bin/llvmown-unittests" --gtest_brief=1 || status=1
LIT="$(ls /usr/lib/llvm-*/build/utils/lit/lit.py 2>/dev/null | tail -n 1)"
echo "sanitize.sh: lit suite"
python3 "$LIT" -sv --param require_test_tools=1 "$BUILD/test" || status=1
if [ "$status" -eq 0 ]; then
  echo "sanitize.sh: all tests passed under ASan and UBSan"
else
  echo "sanitize.sh: error: tests failed under ASan and UBSan" >&2
fi
exit "$status"

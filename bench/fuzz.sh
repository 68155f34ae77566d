#!/usr/bin/env bash
# Runs the libFuzzer target (test/fuzz/FuzzTarget.cpp) for N seconds.
#
#   bench/fuzz.sh N [LLVM major, default 19]
#
# Builds the target in build-san-<major>, the folder of scripts/sanitize.sh
# (Clang, ASan, UBSan, libFuzzer; clang-N and libclang-rt-N-dev are
# installed if missing), makes the seed
# corpus from the lit tests' sources (each twice: against the stand-in
# headers and against the real LLVM headers) and the dictionary from the
# API model's names plus test/fuzz/cxx-tokens.dict, then fuzzes, one job
# per core. The corpus grows in build-san-<major>/fuzz/corpus and is kept
# between runs; crashes, hangs (over 20 s) and out-of-memory inputs go to
# build-san-<major>/fuzz/artifacts/. Prints the executions and coverage
# at the end; exits 1 if anything was found.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"

SECONDS_TO_RUN="${1:?usage: bench/fuzz.sh SECONDS [LLVM major]}"
V="${2:-19}"
BUILD="build-san-$V"
JOBS="${FUZZ_JOBS:-$(nproc)}"

bash scripts/bootstrap.sh --sanitizers "$V"
if [ ! -f "$BUILD/CMakeCache.txt" ]; then
  cmake -S . -B "$BUILD" -G Ninja -DCMAKE_BUILD_TYPE=Release \
    "-DCMAKE_CXX_FLAGS_RELEASE=-O1" "-DCMAKE_C_FLAGS_RELEASE=-O1" \
    -DCMAKE_C_COMPILER="clang-$V" -DCMAKE_CXX_COMPILER="clang++-$V" \
    -DLLVMOWN_LLVM_VERSION="$V" -DLLVMOWN_SANITIZE=address,undefined \
    -DLLVMOWN_FUZZ=ON
fi
cmake --build "$BUILD" --target llvmown-fuzz

OUT="$BUILD/fuzz"
mkdir -p "$OUT/seeds" "$OUT/corpus" "$OUT/artifacts"
# Seeds: byte 0x01 selects the stand-in headers, 0x00 the real ones (see
# FuzzTarget.cpp); the sources are the lit tests', RUN lines and all.
python3 - "$OUT/seeds" <<'PY'
import hashlib, pathlib, sys
out = pathlib.Path(sys.argv[1])
for src in sorted(pathlib.Path("test").rglob("*")):
    if src.suffix not in (".cpp", ".c") or "unit" in src.parts:
        continue
    if "fuzz" in src.parts or "runtime" in src.parts:
        continue
    text = src.read_bytes()
    for mode in (b"\x01", b"\x00"):
        data = mode + text
        (out / hashlib.sha1(data).hexdigest()).write_bytes(data)
PY
# The dictionary: the model's API names, then the C++ tokens.
{
  grep -o '"[A-Za-z_][A-Za-z_0-9:]*"' checks/engine/ApiTables.cpp | sort -u
  grep -v '^#' test/fuzz/cxx-tokens.dict
} > "$OUT/llvmown.dict"

FLAGS=(-dict="$OUT/llvmown.dict" -max_total_time="$SECONDS_TO_RUN"
       -timeout=20 -rss_limit_mb=6000 -max_len=16384
       -artifact_prefix="$OUT/artifacts/" -print_final_stats=1)
if [ "$JOBS" -gt 1 ]; then
  FLAGS+=(-fork="$JOBS")
fi
LOG="$OUT/fuzz-$(date +%Y%m%d-%H%M%S).log"
echo "fuzz.sh: fuzzing for $SECONDS_TO_RUN s with $JOBS job(s); log: $LOG"
status=0
ASAN_OPTIONS="detect_leaks=0" "$BUILD/bin/llvmown-fuzz" "${FLAGS[@]}" \
  "$OUT/corpus" "$OUT/seeds" >"$LOG" 2>&1 || status=$?
python3 - "$LOG" <<'PY'
import re, sys
text = open(sys.argv[1], errors="replace").read()
total = re.search(r"Loaded \d+ modules\s+\((\d+) inline 8-bit counters\)", text)
lines = re.findall(r"^#(\d+):?\s.*?cov: (\d+) ft: (\d+).*$", text, re.M)
if lines:
    execs, cov, ft = lines[-1]
    share = " of %s edges (%.1f%%)" % (total.group(1), 100.0 * int(cov) / int(total.group(1))) if total else ""
    print("fuzz.sh: %s executions, coverage %s%s, %s features" % (execs, cov, share, ft))
found = re.findall(r"(crash|timeout|oom|leak)-[0-9a-f]{40}", text)
m = re.findall(r"oom/timeout/crash: (\d+)/(\d+)/(\d+)", text)
if m:
    print("fuzz.sh: out of memory / timeouts / crashes: %s/%s/%s" % m[-1])
if found:
    print("fuzz.sh: found: " + " ".join(sorted(set(found))))
PY
ls "$OUT/artifacts" | head -20
if [ "$status" -ne 0 ] || [ -n "$(ls -A "$OUT/artifacts")" ]; then
  echo "fuzz.sh: the fuzzer found something (status $status): see $LOG and $OUT/artifacts/" >&2
  exit 1
fi

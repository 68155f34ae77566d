#!/usr/bin/env bash
# Runs the libFuzzer target (test/fuzz/FuzzTarget.cpp) for N seconds.
#
#   bench/fuzz.sh N [LLVM major, default 19]
#   bench/fuzz.sh --coverage [LLVM major]   what the corpus covers
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

SECONDS_TO_RUN="${1:?usage: bench/fuzz.sh SECONDS|--coverage [LLVM major]}"
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
mkdir -p "$OUT/corpus" "$OUT/artifacts"

# --coverage: run the corpus once and count the edges of llvmown's own
# functions it reaches, by folder, in the files it reaches at all (what
# libFuzzer's -print_coverage lists; its own count also holds the inline
# functions of LLVM's and Clang's headers).
if [ "$SECONDS_TO_RUN" = "--coverage" ]; then
  (cd "$OUT" &&
    LD_PRELOAD="$(cat "$ROOT/$BUILD/sanitizer-preload.txt")" \
    ASAN_OPTIONS="detect_leaks=0" \
    "$ROOT/$BUILD/bin/llvmown-fuzz" -runs=0 -print_coverage=1 corpus) \
    >"$OUT/coverage.log" 2>&1
  python3 - "$OUT/coverage.log" "$ROOT" <<'PY'
import re, sys
root = sys.argv[2] + "/"
dirs = {}
for m in re.finditer(r"^(COVERED|UNCOVERED)_FUNC: hits: \d+ edges: (\d+)/(\d+) .* (\S+):\d+$",
                     open(sys.argv[1], errors="replace").read(), re.M):
    path = m.group(4)
    if not path.startswith(root):
        continue
    rel = path[len(root):]
    d = "checks/engine" if rel.startswith("checks/engine/") else rel.split("/")[0]
    c, t = dirs.get(d, (0, 0))
    dirs[d] = (c + int(m.group(2)), t + int(m.group(3)))
for d, (c, t) in sorted(dirs.items()):
    print("fuzz.sh: %-14s %6d of %6d edges (%.1f%%)" % (d, c, t, 100.0 * c / t))
PY
  exit 0
fi
# Seeds: the lit tests' C and C++ sources, RUN lines and all, cut at
# top-level declarations into pieces of at most 4 KiB (the inputs' size
# limit; the check suites' files are up to 20 KiB), each piece after its
# file's #include and using lines. Each piece twice: byte 0x01 selects the
# stand-in headers, 0x00 the real ones (see FuzzTarget.cpp).
rm -rf "$OUT/seeds" && mkdir -p "$OUT/seeds"
python3 - "$OUT/seeds" <<'PY'
import hashlib, pathlib, sys
LIMIT = 4096 - 1
out = pathlib.Path(sys.argv[1])
count = 0
for src in sorted(pathlib.Path("test").rglob("*")):
    if src.suffix not in (".cpp", ".c") or "unit" in src.parts:
        continue
    if "fuzz" in src.parts or "runtime" in src.parts:
        continue
    lines = src.read_bytes().splitlines(keepends=True)
    head = b"".join(l for l in lines
                    if l.startswith((b"#include", b"using namespace")))
    pieces, cur = [], b""
    for i, line in enumerate(lines):
        # A new top-level declaration starts after a line that closed one.
        starts = (i > 0 and lines[i - 1].rstrip() in (b"}", b"};")
                  and line[:1].isalpha())
        if starts and len(head) + len(cur) + len(line) > LIMIT and cur:
            pieces.append(cur)
            cur = b""
        cur += line
    pieces.append(cur)
    for n, piece in enumerate(pieces):
        text = piece if n == 0 else head + piece
        for mode in (b"\x01", b"\x00"):
            data = (mode + text)[:LIMIT + 1]
            (out / hashlib.sha1(data).hexdigest()).write_bytes(data)
            count += 1
print("fuzz.sh: %d seeds" % count)
PY
# The dictionary: the model's API names, then the C++ tokens.
{
  grep -o '"[A-Za-z_][A-Za-z_0-9:]*"' checks/engine/ApiTables.cpp | sort -u
  grep -v '^#' test/fuzz/cxx-tokens.dict
} > "$OUT/llvmown.dict"

# Each job is a fuzzer process of its own for the whole time, on the shared
# corpus (libFuzzer's -jobs/-workers: they pick up each other's finds); a
# job that finds something stops, the others go on.
rm -f "$OUT"/fuzz-*.log
LOG="$OUT/run-$(date +%Y%m%d-%H%M%S).log"
echo "fuzz.sh: fuzzing for $SECONDS_TO_RUN s with $JOBS job(s); logs: $OUT/fuzz-*.log"
status=0
# The sanitizer runtime goes first (scripts/sanitize.sh says why).
(cd "$OUT" &&
  LD_PRELOAD="$(cat "$ROOT/$BUILD/sanitizer-preload.txt")" \
  ASAN_OPTIONS="detect_leaks=0" \
  UBSAN_OPTIONS="print_stacktrace=1:halt_on_error=1" \
  "$ROOT/$BUILD/bin/llvmown-fuzz" -jobs="$JOBS" -workers="$JOBS" \
    -dict=llvmown.dict -max_total_time="$SECONDS_TO_RUN" -timeout=20 \
    -rss_limit_mb=6000 -max_len=4096 -artifact_prefix=artifacts/ \
    -print_final_stats=1 corpus seeds) >"$LOG" 2>&1 || status=$?
python3 - "$OUT" <<'PY'
import glob, re, sys
execs = 0
best = None
total = None
for log in sorted(glob.glob(sys.argv[1] + "/fuzz-*.log")):
    text = open(log, errors="replace").read()
    m = re.search(r"Loaded \d+ modules\s+\((\d+) inline 8-bit counters\)", text)
    if m:
        total = int(m.group(1))
    m = re.findall(r"stat::number_of_executed_units: (\d+)", text)
    if m:
        execs += int(m[-1])
    else:  # stopped by a finding: its last status line
        m = re.findall(r"^#(\d+)\s", text, re.M)
        execs += int(m[-1]) if m else 0
    for cov, ft in re.findall(r"cov: (\d+) ft: (\d+)", text)[-1:]:
        if best is None or int(cov) > best[0]:
            best = (int(cov), int(ft))
print("fuzz.sh: %d executions in all" % execs)
if best:
    share = " of %d (%.1f%%)" % (total, 100.0 * best[0] / total) if total else ""
    print("fuzz.sh: coverage: %d edges%s of llvmown's code, %d features"
          % (best[0], share, best[1]))
PY
if [ "$status" -ne 0 ] || [ -n "$(ls -A "$OUT/artifacts")" ]; then
  ls "$OUT/artifacts"
  echo "fuzz.sh: the fuzzer found something (status $status): see $OUT/fuzz-*.log and $OUT/artifacts/" >&2
  exit 1
fi
echo "fuzz.sh: nothing found"

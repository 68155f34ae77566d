#!/usr/bin/env bash
# What llvmown costs, against what users compare it with. Not part of the
# test suite (it takes a few minutes); run it after building.
#   bash bench/cost.sh [runs]
# The LLVM 19 build of scripts/test.sh (build-19), or LLVMOWN_BUILD=<dir>
# (the LLVM it was configured for gives clang++, clang-tidy and
# run-clang-tidy). LLVMOWN_COST_OTHER=<another llvmown> measures a second
# tool beside the build's in the same rounds, and prints the ratio of the
# two (the release's static llvmown against build-22's: docs/tool.md).
#
# 1. Per translation unit (examples/aot_compiler.cpp and one unit of each
#    kind of bench/cost_project.py): CPU time and peak memory of the tool,
#    all checks on, against clang++ -fsyntax-only and against clang-tidy
#    with the plugin, on the same file with the same flags.
# 2. A project of 20 translation units sharing LLVM's headers (written by
#    bench/cost_project.py): run-clang-tidy-19 with the plugin against
#    `llvmown -p`, cold (no .llvmown cache) and warm, with and without
#    --pch; the findings must be the same.
#
# CPU time is user + system of the command and its children: steadier than
# wall time when something else runs on the machine; the commands take
# turns in each round so that a change in load affects them alike.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
runs=${1:-3}
build=${LLVMOWN_BUILD:-$root/build-19}
# Absolute: section 2 runs in the generated project's folder.
build=$(cd "$build" && pwd)
llvm_root=$(sed -n 's/^LLVMOWN_CONFIGURED_LLVM_ROOT:INTERNAL=//p' "$build/CMakeCache.txt" 2>/dev/null)
llvm_root=${llvm_root:-/usr/lib/llvm-19}
llvm_bin=$llvm_root/bin
major=${llvm_root##*-}
rct=run-clang-tidy-$major
tool=$build/bin/llvmown
plugin=$build/lib/llvmown-tidy.so
other=${LLVMOWN_COST_OTHER:+$(realpath "$LLVMOWN_COST_OTHER")}
for f in "$tool" "$plugin" ${other:+"$other"}; do
  [ -f "$f" ] || { echo "cost.sh: build first: $f is missing" >&2; exit 2; }
done
command -v "$rct" >/dev/null ||
  { echo "cost.sh: $rct is missing (apt-get install clang-tools-$major)" >&2; exit 2; }
[ -x /usr/bin/time ] || { echo "cost.sh: /usr/bin/time is missing (apt-get install time)" >&2; exit 2; }
flags=$($llvm_bin/llvm-config --cxxflags)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# measure <out-var-prefix> <command...>: sets <prefix>_cpu and <prefix>_mem
# (peak resident set, MiB) for one run.
measure() {
  local prefix=$1
  shift
  /usr/bin/time -f '%U %S %M' -o "$work/time" "$@" >/dev/null 2>&1 || true
  read -r u s m <"$work/time" 2>/dev/null || { tail -n 1 "$work/time" >&2; exit 2; }
  # /usr/bin/time writes "Command exited with non-zero status" first.
  read -r u s m < <(tail -n 1 "$work/time")
  printf -v "${prefix}_cpu" '%s' "$(echo "$u + $s" | bc -l)"
  printf -v "${prefix}_mem" '%s' "$((m / 1024))"
}
median() {
  printf '%s\n' "$@" | sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'
}
ratio() { echo "$1 / $2" | bc -l; }

python3 "$root/bench/cost_project.py" "$work/project" --units 20 \
  --llvm-config "$llvm_bin/llvm-config"

echo "1. Per translation unit ($runs runs each, median CPU s; peak MiB)"
printf '  %-24s %8s %8s %8s %7s %7s %8s %8s' file syntax tidy+pl tool \
  tool/syn tool/tidy "MiB tidy" "MiB tool"
[ -n "$other" ] && printf ' %8s %9s' other other/tool
printf '\n'
worst=0
all_tool=(); all_other=()
for file in "$root/examples/aot_compiler.cpp" "$work"/project/unit0[0-4].cpp; do
  S=(); T=(); L=(); TM=(); LM=(); O=()
  for _ in $(seq "$runs"); do
    measure s $llvm_bin/clang++ -fsyntax-only $flags -I"$work/project" "$file"
    measure t $llvm_bin/clang-tidy --load="$plugin" -checks='-*,llvmown-*' \
      "$file" -- $flags -I"$work/project"
    measure l "$tool" --quiet --no-summaries "$file" -- $flags -I"$work/project"
    if [ -n "$other" ]; then
      measure o "$other" --quiet --no-summaries "$file" -- $flags -I"$work/project"
      O+=("$o_cpu")
    fi
    S+=("$s_cpu"); T+=("$t_cpu"); L+=("$l_cpu"); TM+=("$t_mem"); LM+=("$l_mem")
  done
  syn=$(median "${S[@]}"); tidy=$(median "${T[@]}"); ours=$(median "${L[@]}")
  r=$(ratio "$ours" "$syn")
  printf '  %-24s %8.2f %8.2f %8.2f %7.2f %7.2f %8s %8s' \
    "$(basename "$file")" "$syn" "$tidy" "$ours" "$r" "$(ratio "$ours" "$tidy")" \
    "$(median "${TM[@]}")" "$(median "${LM[@]}")"
  if [ -n "$other" ]; then
    oth=$(median "${O[@]}")
    printf ' %8.2f %9.2f' "$oth" "$(ratio "$oth" "$ours")"
    all_tool+=("$ours"); all_other+=("$oth")
  fi
  printf '\n'
  if [ "$(echo "$r > $worst" | bc -l)" = 1 ]; then worst=$r; fi
done
printf '  worst tool/syntax-only: %.2f (target: at most 0.6)\n' "$worst"
if [ -n "$other" ]; then
  sum() { printf '%s\n' "$@" | paste -sd+ | bc -l; }
  printf '  other/tool over the six files: %.3f (target for the release: at most 1.05)\n' \
    "$(ratio "$(sum "${all_other[@]}")" "$(sum "${all_tool[@]}")")"
fi

echo
echo "2. A project of 20 translation units, -j2 (CPU s)"
cd "$work/project"
findings() { grep -o '[^ ]*: warning: .*' "$1" | sort; }
measure rct "$rct" -p . -load "$plugin" -checks='-*,llvmown-*' -j2 -quiet
"$rct" -p . -load "$plugin" -checks='-*,llvmown-*' -j2 -quiet \
  >"$work/rct.txt" 2>&1 || true
printf '  %-44s %7.2f  %d findings\n' "$rct with the plugin" "$rct_cpu" \
  "$(findings "$work/rct.txt" | wc -l)"
for exe in "$tool" ${other:+"$other"}; do
  label=llvmown
  [ "$exe" = "$other" ] && label="other"
  for mode in "" "--pch"; do
    rm -rf .llvmown
    for state in cold warm; do
      measure p "$exe" -p . -j2 --quiet $mode
      "$exe" -p . -j2 --quiet $mode >"$work/tool.txt" 2>&1 || true
      same=same
      diff <(findings "$work/rct.txt") <(findings "$work/tool.txt") >/dev/null ||
        same=DIFFERENT
      printf '  %-44s %7.2f  x%.2f  findings %s\n' \
        "$label -p ${mode:+$mode }($state)" "$p_cpu" "$(ratio "$p_cpu" "$rct_cpu")" "$same"
    done
  done
done
echo "  (target, warm: at most x0.3 of $rct, the same findings)"

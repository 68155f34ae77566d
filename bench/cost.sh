#!/usr/bin/env bash
# Measures what llvmown-target-machine-leak costs on a translation unit that
# includes LLVM headers, against two baselines: clang-tidy running one
# trivial built-in check, and clang++ -fsyntax-only. Not part of the test
# suite (it takes a minute); run it after building.
#   bash bench/cost.sh [file.cpp] [runs]
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
file=${1:-$root/examples/aot_compiler.cpp}
runs=${2:-5}
llvm_bin=/usr/lib/llvm-19/bin
flags=$($llvm_bin/llvm-config --cxxflags)
plugin=$root/build/lib/llvmown-tidy.so
[ -f "$plugin" ] || { echo "build first: $plugin is missing" >&2; exit 2; }

# Median CPU time (user + system) of a command over $runs runs, in seconds:
# steadier than wall time when something else runs on the machine.
median() {
  local times=()
  for _ in $(seq "$runs"); do
    local t
    t=$( { TIMEFORMAT='%U %S'; time "$@" >/dev/null 2>&1; } 2>&1 | tail -n 1)
    times+=("$(echo "$t" | awk '{print $1 + $2}')")
  done
  printf '%s\n' "${times[@]}" | sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'
}

syntax=$(median $llvm_bin/clang++ -fsyntax-only $flags "$file")
trivial=$(median $llvm_bin/clang-tidy -checks='-*,readability-else-after-return' "$file" -- $flags)
ours=$(median $llvm_bin/clang-tidy --load="$plugin" -checks='-*,llvmown-*' "$file" -- $flags)
tool=$(median "$root/build/bin/llvmown" "$file")

printf 'file: %s (%s runs, median CPU time)\n' "$file" "$runs"
printf '  clang++ -fsyntax-only:                 %6.2f s\n' "$syntax"
printf '  clang-tidy, one trivial built-in check: %6.2f s\n' "$trivial"
printf '  clang-tidy + llvmown plugin:            %6.2f s  (x%.2f trivial, x%.2f syntax-only)\n' \
  "$ours" "$(echo "$ours / $trivial" | bc -l)" "$(echo "$ours / $syntax" | bc -l)"
printf '  llvmown tool:                           %6.2f s  (x%.2f trivial, x%.2f syntax-only)\n' \
  "$tool" "$(echo "$tool / $trivial" | bc -l)" "$(echo "$tool / $syntax" | bc -l)"

#!/usr/bin/env bash
# Measures what the llvmown checks cost on a translation unit that
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

# CPU time (user + system) of one run of a command, in seconds: steadier
# than wall time when something else runs on the machine.
cpu() {
  local t
  t=$( { TIMEFORMAT='%U %S'; time "$@" >/dev/null 2>&1; } 2>&1 | tail -n 1)
  echo "$t" | awk '{print $1 + $2}'
}
median() {
  printf '%s\n' "$@" | sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'
}

# The commands take turns in each round, so that a change in the machine's
# load during the measurement affects all of them alike.
S=(); T=(); P=(); L=()
for _ in $(seq "$runs"); do
  S+=("$(cpu $llvm_bin/clang++ -fsyntax-only $flags "$file")")
  T+=("$(cpu $llvm_bin/clang-tidy -checks='-*,readability-else-after-return' "$file" -- $flags)")
  P+=("$(cpu $llvm_bin/clang-tidy --load="$plugin" -checks='-*,llvmown-*' "$file" -- $flags)")
  L+=("$(cpu "$root/build/bin/llvmown" "$file")")
done
syntax=$(median "${S[@]}")
trivial=$(median "${T[@]}")
ours=$(median "${P[@]}")
tool=$(median "${L[@]}")

printf 'file: %s (%s runs, median CPU time)\n' "$file" "$runs"
printf '  clang++ -fsyntax-only:                 %6.2f s\n' "$syntax"
printf '  clang-tidy, one trivial built-in check: %6.2f s\n' "$trivial"
printf '  clang-tidy + llvmown plugin:            %6.2f s  (x%.2f trivial, x%.2f syntax-only)\n' \
  "$ours" "$(echo "$ours / $trivial" | bc -l)" "$(echo "$ours / $syntax" | bc -l)"
printf '  llvmown tool:                           %6.2f s  (x%.2f trivial, x%.2f syntax-only)\n' \
  "$tool" "$(echo "$tool / $trivial" | bc -l)" "$(echo "$tool / $syntax" | bc -l)"

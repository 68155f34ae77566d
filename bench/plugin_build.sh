#!/usr/bin/env bash
# The compiler plugin on a real project's whole build (docs/integration.md,
# "The compiler plugin"): the CPU time of `cmake --build -jJOBS` with and
# without -fplugin=llvmown-clang-N.so, and the plugin's findings against
# those of `llvmown -p` on the same build folder.
#
# usage: bench/plugin_build.sh --src DIR --llvm N --plugin PATH --llvmown PATH
#                              [--jobs J] [--reps R] [--config YAML]
#                              [--out DIR] [-- <cmake -D args>...]
#
# Both builds are configured from nothing with clang++-N / clang-N, Ninja
# and -DLLVM_DIR of LLVM N; the plugin's is given
# CMAKE_{C,CXX}_FLAGS=-fplugin=PATH. Each build runs R times (default 3),
# alternating, from clean; the times are the minimum and the median.
# --config gives both the plugin and the tool a configuration instead of
# the project's .clang-tidy files (`{}`: the defaults), as the survey does.
# Findings are compared as (file, line, column, check).
set -euo pipefail

jobs=2 reps=3 config="" out="${TMPDIR:-/tmp}/llvmown-plugin-build"
src="" llvm="" plugin="" llvmown=""
while [ $# -gt 0 ]; do
  case "$1" in
    --src) src="$(cd "$2" && pwd)"; shift 2 ;;
    --llvm) llvm="$2"; shift 2 ;;
    --plugin) plugin="$(realpath "$2")"; shift 2 ;;
    --llvmown) llvmown="$(realpath "$2")"; shift 2 ;;
    --jobs) jobs="$2"; shift 2 ;;
    --reps) reps="$2"; shift 2 ;;
    --config) config="$2"; shift 2 ;;
    --out) out="$2"; shift 2 ;;
    --) shift; break ;;
    *) echo "plugin_build.sh: unknown argument '$1'" >&2; exit 2 ;;
  esac
done
[ -n "$src" ] && [ -n "$llvm" ] && [ -n "$plugin" ] && [ -n "$llvmown" ] || {
  echo "usage: plugin_build.sh --src DIR --llvm N --plugin PATH --llvmown PATH [--jobs J] [--out DIR] [-- cmake args]" >&2
  exit 2
}
mkdir -p "$out"

configure() { # folder, extra flags
  rm -rf "$out/$1"
  cmake -S "$src" -B "$out/$1" -G Ninja -DCMAKE_EXPORT_COMPILE_COMMANDS=ON \
    -DCMAKE_C_COMPILER="clang-$llvm" -DCMAKE_CXX_COMPILER="clang++-$llvm" \
    -DLLVM_DIR="/usr/lib/llvm-$llvm/lib/cmake/llvm" \
    -DCMAKE_C_FLAGS="$2" -DCMAKE_CXX_FLAGS="$2" "${@:3}" \
    > "$out/$1.configure.log"
}

build() { # folder; prints user+system CPU seconds
  if ! /usr/bin/time -f "%U %S" -o "$out/$1.time" \
    cmake --build "$out/$1" -j"$jobs" > "$out/$1.log" 2>&1; then
    echo "plugin_build.sh: the build in $out/$1 failed; see $out/$1.log" >&2
    exit 1
  fi
  awk '{ printf "%.1f\n", $1 + $2 }' "$out/$1.time"
}

plugin_flags="-fplugin=$plugin"
tool_config=()
if [ -n "$config" ]; then
  plugin_flags+=" -fplugin-arg-llvmown-config=$config"
  tool_config=(--config="$config")
fi
configure without "" "$@"
configure with "$plugin_flags" "$@"
times_without=() times_with=()
for _ in $(seq "$reps"); do
  cmake --build "$out/without" --target clean > /dev/null
  times_without+=("$(build without)") || exit 1
  cmake --build "$out/with" --target clean > /dev/null
  times_with+=("$(build with)") || exit 1
done
summary() { printf '%s\n' "$@" | sort -n | awk '{ v[NR] = $1 } END { printf "min %.1f s, median %.1f s", v[1], v[int((NR + 1) / 2)] }'; }
min() { printf '%s\n' "$@" | sort -n | head -1; }
echo "build CPU time, -j$jobs, $reps builds each: without the plugin $(summary "${times_without[@]}") (${times_without[*]}); with it $(summary "${times_with[@]}") (${times_with[*]}); min/min $(awk -v a="$(min "${times_with[@]}")" -v b="$(min "${times_without[@]}")" 'BEGIN { printf "%.3fx", a / b }')"

# The plugin's findings (compiler warnings named after a check), and the
# tool's on the same database.
{ grep -oE '^[^ :]+:[0-9]+:[0-9]+: (warning|error): .*\[llvmown-[a-z-]+\]$' \
  "$out/with.log" || true; } |
  sed -E 's/^([^:]+):([0-9]+):([0-9]+): [a-z]+: .*\[(llvmown-[a-z-]+)\]$/\1 \2 \3 \4/' |
  while read -r f l c k; do
    case "$f" in /*) ;; *) f="$out/with/$f" ;; esac
    echo "$(realpath -m "$f") $l $c $k"
  done |
  sort -u > "$out/plugin.findings"
set +e
(cd "$out/without" && "$llvmown" -p . --quiet "${tool_config[@]}" --format=json -o "$out/tool.json")
set -e
python3 - "$out/tool.json" > "$out/tool.findings" <<'EOF'
import json, sys
for f in json.load(open(sys.argv[1]))["findings"]:
    print(f["file"], f["line"], f["column"], f["check"])
EOF
sort -u -o "$out/tool.findings" "$out/tool.findings"
echo "findings: plugin $(wc -l < "$out/plugin.findings"), tool $(wc -l < "$out/tool.findings")"
if diff "$out/tool.findings" "$out/plugin.findings" > "$out/findings.diff"; then
  echo "the same findings"
else
  echo "they differ ('<' the tool's only, '>' the plugin's only):"
  cat "$out/findings.diff"
fi

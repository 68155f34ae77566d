#!/usr/bin/env bash
# What project summaries cost, on a real compile database: the whole-project
# run with summaries, cold (no cache) and warm (cache from the run before),
# against the run that analyses each file alone (--no-summaries). Also
# checks that the findings do not depend on -j or on sharding. Not part of
# the test suite (minutes on a real project); run it after building.
#   bash bench/summaries.sh BUILD_DIR [JOBS]
# BUILD_DIR holds the compile_commands.json; its .llvmown/ cache is removed.
# The tool: LLVMOWN=<path>, else scripts/test.sh's LLVM 19 build.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
db=${1:?usage: bench/summaries.sh BUILD_DIR [JOBS]}
jobs=${2:-2}
tool=${LLVMOWN:-$root/build-19/bin/llvmown}
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT

# CPU time (user + system, children included) of one run, in seconds.
cpu() {
  local t
  t=$( { TIMEFORMAT='%U %S'; time "$@" >/dev/null 2>&1; } 2>&1 | tail -n 1)
  echo "$t" | awk '{print $1 + $2}'
}
run() { "$tool" -p "$db" --checks='-*,llvmown-*' --quiet --format=json "$@" || true; }
findings() {
  python3 -c 'import json,sys; print(len(json.load(open(sys.argv[1]))["findings"]))' "$1"
}

units=$(python3 -c 'import json,sys; print(len({e["file"] for e in json.load(open(sys.argv[1]))}))' "$db/compile_commands.json")
rm -rf "$db/.llvmown"
alone=$(cpu run -j "$jobs" --no-summaries -o "$out/alone.json")
cold=$(cpu run -j "$jobs" -o "$out/cold.json")
warm=$(cpu run -j "$jobs" -o "$out/warm.json")
summarize=$(cpu run -j "$jobs" --summarize-only --summaries="$out/s.json")

echo "database: $db ($units units), -j $jobs, CPU seconds"
printf '  each file alone (--no-summaries): %8.1f  %s findings\n' "$alone" "$(findings "$out/alone.json")"
printf '  with summaries, cold:             %8.1f  %s findings  (%.2fx)\n' "$cold" "$(findings "$out/cold.json")" "$(echo "$cold / $alone" | bc -l)"
printf '  with summaries, warm:             %8.1f  %s findings  (%.2fx)\n' "$warm" "$(findings "$out/warm.json")" "$(echo "$warm / $alone" | bc -l)"
printf '  --summarize-only, warm:           %8.1f\n' "$summarize"

# Same findings with one thread, and from two shards merged.
rm -rf "$db/.llvmown"
run -j 1 -o "$out/j1.json" >/dev/null
run -j "$jobs" --shard=1/2 --summaries="$out/s.json" -o "$out/s1.json"
run -j "$jobs" --shard=2/2 --summaries="$out/s.json" -o "$out/s2.json"
"$tool" --merge "$out/s1.json" "$out/s2.json" -o "$out/merged.json" || true
same() {
  python3 - "$1" "$2" <<'EOF'
import json, sys
key = lambda f: (f["file"], f["line"], f["column"], f["check"], f["message"])
a, b = (sorted(map(key, json.load(open(p))["findings"])) for p in sys.argv[1:])
print("identical" if a == b else "DIFFERENT")
EOF
}
echo "  -j 1 against -j $jobs: $(same "$out/j1.json" "$out/cold.json")"
echo "  shards 1/2 + 2/2 merged against one run: $(same "$out/merged.json" "$out/cold.json")"
echo "  warm against cold: $(same "$out/warm.json" "$out/cold.json")"

#!/usr/bin/env bash
# The action's second step (action.yml): llvmown over the compile database,
# on the runner, with the project's own compile commands (and so its own
# LLVM headers). One run writes the SARIF log; the annotations are made
# from it. Fails the step when there are findings (exit status 1) or a unit
# cannot be checked (2), as llvmown does.
set -uo pipefail

build="${LLVMOWN_BUILD_DIR:-build}"
sarif="${LLVMOWN_SARIF:-llvmown.sarif}"
if [ ! -f "$build/compile_commands.json" ]; then
  echo "::error title=llvmown::$build/compile_commands.json not found: configure the project first (CMake: -DCMAKE_EXPORT_COMPILE_COMMANDS=ON), and give its folder as the action's 'build-dir' input"
  exit 2
fi

args=(-p "$build" --format=sarif -o "$sarif")
[ -n "${LLVMOWN_CHECKS:-}" ] && args+=("--checks=$LLVMOWN_CHECKS")
[ -n "${LLVMOWN_BASELINE:-}" ] && args+=("--baseline=$LLVMOWN_BASELINE")
case "${LLVMOWN_DIFF_ONLY:-false}" in
  true)
    base="${LLVMOWN_BASE:-}"
    if [ -n "$base" ] && [ "$base" != 0000000000000000000000000000000000000000 ] &&
       git cat-file -e "$base^{commit}" 2>/dev/null; then
      args+=("--diff=$base")
    else
      echo "::warning title=llvmown::diff-only: the base commit '$base' is not in the clone (actions/checkout needs fetch-depth: 0); every finding is reported"
    fi ;;
  false|'') ;;
  *) echo "::error title=llvmown::diff-only must be 'true' or 'false', not '$LLVMOWN_DIFF_ONLY'"
     exit 2 ;;
esac

echo "llvmown ${args[*]}"
llvmown "${args[@]}"
status=$?
if [ -f "$sarif" ]; then
  llvmown --merge --format=github "$sarif"
  # Each result of the log has one ruleId; the rules' metadata has none.
  findings="$(grep -o '"ruleId"' "$sarif" | wc -l)"
  {
    echo "sarif-file=$sarif"
    echo "findings=$findings"
  } >>"$GITHUB_OUTPUT"
fi
exit "$status"

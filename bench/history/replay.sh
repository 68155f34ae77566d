#!/usr/bin/env bash
# Replays the ownership fixes of fixes.tsv through llvmown: the bug must be
# reported at each fix's parent and be gone at the fix (see replay.py).
#   bash bench/history/replay.sh [--project NAME] [--fix HASH] [--out DIR]
set -euo pipefail
exec python3 "$(dirname "${BASH_SOURCE[0]}")/replay.py" "$@"

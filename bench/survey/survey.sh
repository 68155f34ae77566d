#!/usr/bin/env bash
# Runs llvmown over the checkouts of real projects listed in projects.tsv;
# see docs/survey.md for how to bring the checkouts onto the machine.
#   bash bench/survey/survey.sh [--out DIR] [--jobs N] CHECKOUT...
set -euo pipefail
exec python3 "$(dirname "${BASH_SOURCE[0]}")/survey.py" "$@"

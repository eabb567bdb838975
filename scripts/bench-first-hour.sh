#!/usr/bin/env bash
# What a newcomer waits for: the README's two commands from a fresh clone, timed, and the
# size of target/ after each. Figures go to bench/first-hour.md by hand, with the machine.
#   scripts/bench-first-hour.sh [REPO] [SCRATCH]
set -euo pipefail
repo=${1:-$(cd "$(dirname "$0")/.." && pwd)}
scratch=${2:-$(mktemp -d)}
git clone -q "$repo" "$scratch/snakesat"
cd "$scratch/snakesat"
# The README's commands, read from it so this cannot drift either.
first=$(grep -m1 '^cargo run --release' README.md)
second=$(grep -m1 '^\./scripts/test\.sh' README.md)
t0=$(date +%s)
bash -c "$first" > /dev/null
t1=$(date +%s)
size1=$(du -sh target | cut -f1)
bash -c "$second" > "$scratch/test.log" 2>&1
t2=$(date +%s)
size2=$(du -sh target | cut -f1)
echo "command 1: $first: $((t1 - t0)) s, target/ $size1"
echo "command 2: $second: $((t2 - t1)) s, target/ $size2"
grep -E '^test result' "$scratch/test.log" | awk '{p+=$4; f+=$6; i+=$8} END {print "tests: " p " passed, " f " failed, " i " ignored"}'

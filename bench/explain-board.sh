#!/bin/bash
# The puzzles that ended "needs search" before the board rung (`bench/explain.md`, "The board
# rung"), explained by one build on one core: one Markdown row per puzzle (status, steps, cells
# left, level, steps by level, CPU seconds of the whole command). Two builds side by side:
#
#     CPU=0 bench/explain-board.sh BEFORE > before.md & CPU=1 bench/explain-board.sh AFTER > after.md; wait
#
# The plain 10×10 Snakes are made by the build given (`generate snake --size 10x10 --seed S`).
set -euo pipefail
bin=$1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
puzzles=("fixtures/snake/urls/published-11x11.url")
for s in 1 2 6 7; do
  "$bin" generate snake --size 10x10 --seed "$s" > "$tmp/snake-$s.toml"
  puzzles+=("$tmp/snake-$s.toml")
done
puzzles+=("fixtures/parity-snake/unique-6x6.toml --encoding plain" "fixtures/parity-snake/unique-9x9.toml --encoding plain" "fixtures/snake-egg/gen-10x10-d.toml")
for a in "${puzzles[@]}"; do
  # shellcheck disable=SC2086 # the options after the file are split on purpose
  cpu=$({ /usr/bin/time -f "%U" taskset -c "${CPU:-0}" "$bin" explain $a --format json > "$tmp/out.json"; } 2>&1 | tail -1)
  python3 - "$a" "$cpu" "$tmp/out.json" <<'PY'
import json, sys
name, cpu, path = sys.argv[1].split()[0], sys.argv[2], sys.argv[3]
v = json.load(open(path))
g = v["grade"]
rungs = ", ".join(f"{r} {n}" for r, n in g["rungs"])
print(f"| {name.split('/')[-1]} | {v['status']} | {g['steps']} | {g['undecided']} | {g['level']} | {rungs} | {cpu} |")
PY
done

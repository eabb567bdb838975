#!/usr/bin/env bash
# Issue 27's grades (bench/grade.md): `snakesat explain` on the published puzzles in the
# fixtures against generated minimal puzzles of the same sizes (`snakesat generate`, seeds
# 1 and 2), one core each (taskset -c 0 when present), at most TIMEOUT seconds a puzzle.
# Prints a markdown table: status, steps, hardest step, hard steps, cells left, seconds.
#   bench/grade.sh [TIMEOUT]
set -euo pipefail
cd "$(dirname "$0")/.."
timeout=${1:-20}
bin=${CARGO_TARGET_DIR:-target}/release/snakesat
pin=(); command -v taskset >/dev/null && pin=(taskset -c 0)
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
row() { # label file
  local out
  out=$("${pin[@]}" "$bin" explain "$2" --format json --timeout "$timeout" || true)
  python3 -c 'import json,sys; j=json.loads(sys.argv[2]); g=j["grade"]
print("| %s | %s | %d | %d | %d | %d | %.2f |" % (sys.argv[1], j["status"], g["steps"], g["hardest"], g["hard_steps"], g["undecided"], j["seconds"]))' "$1" "$out"
}
echo "| puzzle | status | steps | hardest | hard (≥4) | cells left | seconds |"
echo "|---|---|---|---|---|---|---|"
row "snake-egg seed-6x6 (published)" fixtures/snake-egg/seed-6x6.toml
row "snake-egg pzprjs-test 5x5 (published)" fixtures/snake-egg/urls/pzprjs-test.url
for s in 1 2; do
  "$bin" generate snake-egg --size 6x6 --bank 1..5 --seed $s -o "$tmp/egg6-$s.toml" >/dev/null
  row "snake-egg generated 6x6 bank 1..5 seed $s" "$tmp/egg6-$s.toml"
done
for f in a b c d; do row "snake-egg gen-10x10-$f (generated)" fixtures/snake-egg/gen-10x10-$f.toml; done
for n in 6x6 9x9 11x11; do row "snake published-$n" fixtures/snake/urls/published-$n.url; done
row "snake pzprjs-test (published)" fixtures/snake/urls/pzprjs-test.url
for n in 6x6 9x9; do
  for s in 1 2; do
    "$bin" generate snake --size $n --seed $s -o "$tmp/snake-$n-$s.toml" >/dev/null
    row "snake generated $n seed $s" "$tmp/snake-$n-$s.toml"
  done
done
row "hebi example-5x5" fixtures/hebi/example-5x5.toml
row "hebi pzprjs-test (published)" fixtures/hebi/urls/pzprjs-test.url
for f in a b; do row "hebi published-10x10-$f" fixtures/hebi/urls/published-10x10-$f.url; done
# 5x5 seed 2 does not generate ("no clue the genre can write tells the remaining answers apart").
for ns in 5x5:1 10x10:1 10x10:2; do
  n=${ns%:*} s=${ns#*:}
  "$bin" generate hebi --size $n --seed $s -o "$tmp/hebi-$n-$s.toml" >/dev/null
  row "hebi generated $n seed $s" "$tmp/hebi-$n-$s.toml"
done

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
row() { # label file [explain options]
  local out label=$1 file=$2
  shift 2
  out=$("${pin[@]}" "$bin" explain "$file" "$@" --format json --timeout "$timeout" || true)
  python3 -c 'import json,sys; j=json.loads(sys.argv[2]); g=j["grade"]
print("| %s | %s | %d | %d | %d | %d | %.2f |" % (sys.argv[1], j["status"], g["steps"], g["hardest"], g["hard_steps"], g["undecided"], j["seconds"]))' "$label" "$out"
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
row "snakepit example-5x5 (pzprjs, published)" fixtures/snakepit/example-5x5.toml
row "snakepit walls-4x4 (23 answers)" fixtures/snakepit/walls-4x4.toml
for s in 1 2; do
  "$bin" generate snakepit --size 6x6 --seed $s -o "$tmp/pit-6x6-$s.toml" >/dev/null
  row "snakepit generated 6x6 seed $s" "$tmp/pit-6x6-$s.toml"
done
# The parity snake only with every answer in the CNF (--encoding plain; encodings/explain.md).
row "parity-snake unique-6x6" fixtures/parity-snake/unique-6x6.toml --encoding plain
for s in 1 2; do
  "$bin" generate parity-snake --size 6x6 --seed $s -o "$tmp/parity-6x6-$s.toml" >/dev/null
  row "parity-snake generated 6x6 seed $s" "$tmp/parity-6x6-$s.toml" --encoding plain
done
